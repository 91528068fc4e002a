import type { SitemapSource } from '@jesus-walks/contracts/seo';
import { matchWebRoute, webPages, webRoutePaths } from '@jesus-walks/contracts/web-routes';
import { describe, expect, it } from 'vitest';
import { createSitemapCache, listedItemPages, robotsTxt, sitemapEntries } from './sitemap.service';

const silent = { warn() {} };

describe('the sitemap cache', () => {
  it('asks the owners once per TTL, shares one rebuild between concurrent requests, and rebuilds after it', async () => {
    let clock = 0;
    let asked = 0;
    let events: SitemapSource = {
      lastModified: null,
      items: [{ id: 1, lastModified: '2026-01-01T00:00:00.000Z' }],
    };
    const cache = createSitemapCache({
      sources: {
        events: async () => {
          asked += 1;
          return events;
        },
        products: async () => null,
      },
      publicOrigin: 'https://example.org',
      ttlSeconds: 60,
      logger: silent,
      now: () => clock,
    });
    const [a, b] = await Promise.all([cache.sitemap(), cache.sitemap()]);
    expect(asked).toBe(1);
    expect(a).toBe(b);

    events = { lastModified: null, items: [{ id: 2, lastModified: '2026-01-02T00:00:00.000Z' }] };
    clock = 59_999;
    expect((await cache.sitemap()).body).toContain('/events/1<');
    expect(asked).toBe(1);

    clock = 60_000;
    const rebuilt = await cache.sitemap();
    expect(asked).toBe(2);
    expect(rebuilt.body).toContain('/events/2<');
    expect(rebuilt.etag).not.toBe(a.etag);
  });

  it('escapes what XML would misread in a URL', async () => {
    const cache = createSitemapCache({
      sources: { events: async () => null, products: async () => null },
      publicOrigin: 'https://example.org/?a=1&b=2',
      ttlSeconds: 60,
      logger: silent,
    });
    const { body } = await cache.sitemap();
    expect(body).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });
});

describe('the sitemap and the pages the web app declares', () => {
  const oneOfEach: SitemapSource = {
    lastModified: '2026-01-02T00:00:00.000Z',
    items: [{ id: 4, lastModified: '2026-01-01T00:00:00.000Z' }],
  };
  const entries = sitemapEntries({ events: oneOfEach, products: oneOfEach });

  it('lists every page declared listed (a page with a parameter once per item of its data), and no other', () => {
    const listed = webRoutePaths.filter((path) => webPages[path].indexing === 'listed');
    expect(new Set(entries.map((entry) => matchWebRoute(entry.path)))).toEqual(new Set(listed));
    // The declaration keeps a crawler's pages rendered on the server.
    expect(listed.every((path) => webPages[path].rendered === 'server')).toBe(true);
  });

  it("lists a page with a parameter once per item of its data's source, and only through `:id`", () => {
    const withParameter = webRoutePaths.filter(
      (path) => webPages[path].indexing === 'listed' && path.includes(':'),
    );
    expect(listedItemPages.map((page) => page.path).sort()).toEqual([...withParameter].sort());
    for (const path of withParameter)
      expect(path.split('/').filter((part) => part.startsWith(':'))).toEqual([':id']);
  });

  it('dates a page by the sets it shows, an item page by its item, and a page without data not at all', () => {
    const lastmod = Object.fromEntries(entries.map((entry) => [entry.path, entry.lastModified]));
    expect(lastmod['/']).toBe('2026-01-02T00:00:00.000Z');
    expect(lastmod['/shop']).toBe('2026-01-02T00:00:00.000Z');
    expect(lastmod['/events/4']).toBe('2026-01-01T00:00:00.000Z');
    expect(lastmod['/login']).toBeNull();
  });

  it('disallows in robots.txt every page declared so, a page with a parameter by its prefix', () => {
    const robots = robotsTxt('https://example.org');
    expect(robots).toContain('Disallow: /crypto/sandbox/\n');
    for (const path of webRoutePaths.filter((p) => webPages[p].indexing === 'disallowed' && !p.includes(':')))
      expect(robots).toContain(`Disallow: ${path}\n`);
    expect(robots).not.toContain('Disallow: /shop\n');
  });
});
