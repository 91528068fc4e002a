import type { SitemapSource } from '@jesus-walks/contracts/seo';
import { describe, expect, it } from 'vitest';
import { createSitemapCache } from './sitemap.service';

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
