import type { PageHead } from '@jesus-walks/contracts/seo';
import { describe, expect, it } from 'vitest';
import { expectedStructuredData, markDuplicateTitles, readHead } from './head-check.service';

describe('reading a head as served', () => {
  it('reads the title, the meta description and the JSON-LD types (arrays and @graph too)', () => {
    const head = readHead(`<!doctype html><html><head>
      <title>
        Vineyard Loop &#8211; Jesus Walks &amp; Co
      </title>
      <meta property="og:description" content="not this one">
      <meta content='A walk through the vines' NAME=description>
      <script type="application/ld+json">[{"@type":"Event"},{"@type":["Place","Thing"]}]</script>
      <script type='application/ld+json'>{"@graph":[{"@type":"Organization"}]}</script>
      <script type="application/ld+json">{not json</script>
    </head><body><title>ignored</title></body></html>`);
    expect(head).toEqual({
      title: 'Vineyard Loop – Jesus Walks & Co',
      description: 'A walk through the vines',
      structuredDataTypes: ['Event', 'Place', 'Thing', 'Organization', '(invalid JSON-LD)'],
    });
  });

  it("reads the types of nested nodes: the shop's Products inside its ItemList", () => {
    const head = readHead(
      `<head><title>Shop</title><script type="application/ld+json">${JSON.stringify({
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        itemListElement: [
          {
            '@type': 'ListItem',
            position: 1,
            item: { '@type': 'Product', name: 'Socks', offers: { '@type': 'Offer', price: '12.00' } },
          },
        ],
      })}</script></head>`,
    );
    expect(head.structuredDataTypes).toEqual(['ItemList', 'ListItem', 'Product', 'Offer']);
    expect(head.structuredDataTypes).toContain(expectedStructuredData('/shop'));
  });

  it('reports an empty title or description as missing', () => {
    expect(readHead('<head><title>  </title><meta name="description" content=""></head>')).toEqual({
      title: null,
      description: null,
      structuredDataTypes: [],
    });
  });

  it('expects Organization on the home page, Event on an event page, Product on the shop', () => {
    expect(expectedStructuredData('/')).toBe('Organization');
    expect(expectedStructuredData('/events/12')).toBe('Event');
    expect(expectedStructuredData('/shop')).toBe('Product');
    expect(expectedStructuredData('/events')).toBeNull();
    expect(expectedStructuredData('/login')).toBeNull();
  });
});

describe('duplicate titles', () => {
  const page = (path: string, title: string | null): PageHead => ({
    path,
    url: `https://example.org${path}`,
    status: 200,
    title,
    description: 'd',
    structuredDataTypes: [],
    problems: [],
  });

  it('names up to five other pages and counts the rest', () => {
    const pages = [
      page('/', 'Same'),
      ...Array.from({ length: 7 }, (_, i) => page(`/p${i}`, 'Same')),
      page('/x', 'Own'),
      page('/y', null),
    ];
    markDuplicateTitles(pages);
    expect(pages[0]?.problems).toEqual([
      {
        code: 'duplicate_title',
        message: 'The title "Same" is also the title of /p0, /p1, /p2, /p3, /p4 and 2 more pages',
      },
    ]);
    expect(pages.filter((p) => p.problems.length > 0)).toHaveLength(8);
    expect(pages.at(-2)?.problems).toEqual([]);
    expect(pages.at(-1)?.problems).toEqual([]);
  });
});
