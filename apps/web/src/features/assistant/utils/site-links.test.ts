import { describe, expect, it } from 'vitest';
import { classifySiteLink, linkedProductIds, linkifySitePaths } from './site-links';

const origin = 'https://jesuswalks.example';

describe('links in answers', () => {
  it('opens products, events and other pages of the site in the app', () => {
    expect(classifySiteLink('/shop#product-12')).toEqual({
      kind: 'product',
      to: '/shop#product-12',
      productId: 12,
    });
    expect(classifySiteLink('/events/4')).toEqual({ kind: 'event', to: '/events/4', eventId: 4 });
    expect(classifySiteLink('/shop')).toEqual({ kind: 'page', to: '/shop' });
    expect(classifySiteLink('/orders/status?order=3')).toEqual({
      kind: 'page',
      to: '/orders/status?order=3',
    });
    expect(classifySiteLink(`${origin}/events/7`, origin)).toEqual({
      kind: 'event',
      to: '/events/7',
      eventId: 7,
    });
  });

  it('opens other sites as plain links, and makes no link of anything unsafe or unknown', () => {
    expect(classifySiteLink('https://www.napavintners.com/wineries/')).toEqual({
      kind: 'external',
      href: 'https://www.napavintners.com/wineries/',
    });
    expect(classifySiteLink(`${origin}/events/7`)).toEqual({
      kind: 'external',
      href: `${origin}/events/7`,
    });
    expect(classifySiteLink('javascript:alert(1)')).toBeNull();
    expect(classifySiteLink('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(classifySiteLink('//evil.example/x')).toBeNull();
    expect(classifySiteLink('/sitemap.xml')).toBeNull();
    expect(classifySiteLink('shop')).toBeNull();
    expect(classifySiteLink(undefined)).toBeNull();
  });

  it('turns bare site paths in the text into links, leaving links, code and words alone', () => {
    expect(linkifySitePaths('See /events/4 or /shop#product-12.')).toBe(
      'See [/events/4](/events/4) or [/shop#product-12](/shop#product-12).',
    );
    expect(linkifySitePaths('Track it at /orders/status, any time')).toBe(
      'Track it at [/orders/status](/orders/status), any time',
    );
    expect(linkifySitePaths('[our shop](/shop) and `/shop` and and/or 24/7')).toBe(
      '[our shop](/shop) and `/shop` and and/or 24/7',
    );
    expect(linkifySitePaths('Not a page: /api/products')).toBe('Not a page: /api/products');
    expect(linkifySitePaths('From our shop (/shop):')).toBe('From our shop ([/shop](/shop)):');
  });

  it('finds the products an answer links to, once each', () => {
    expect(
      linkedProductIds(
        'Try [Cabernet](/shop#product-3), [Merlot](https://jesuswalks.example/shop#product-9) or /shop#product-3.',
      ),
    ).toEqual([3, 9]);
    expect(linkedProductIds('Nothing to buy here.')).toEqual([]);
  });
});
