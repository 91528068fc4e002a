import { eventRoutes } from '@jesus-walks/contracts/events';
import { testSecrets } from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Stack } from './stack';
import { startTestStack, type TestStack } from './test-stack.testing';

/**
 * /sitemap.xml and /robots.txt through the real gateway, built by the real seo service from the
 * real owners' internal routes (seeded events and products), as a crawler reaches them.
 */
const ORIGIN = 'https://jesuswalks.example';
let testStack: TestStack;
let stack: Stack;

beforeAll(async () => {
  testStack = await startTestStack({ publicOrigin: ORIGIN, rateLimitMax: 100_000 });
  ({ stack } = testStack);
});

afterAll(async () => {
  await testStack?.close();
});

describe('sitemap and robots through the gateway', () => {
  it('lists the seeded events from content-and-events, with their lastmod', async () => {
    const events = z
      .array(z.object({ id: z.number() }))
      .parse(await (await fetch(`${stack.url}${eventRoutes.list.path}`)).json());
    expect(events.length).toBeGreaterThan(0);

    const response = await fetch(`${stack.url}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    for (const event of events) {
      expect(xml).toMatch(new RegExp(`<loc>${ORIGIN}/events/${event.id}</loc>\\s*<lastmod>\\d{4}-`));
    }
    // The shop is dated by the seeded catalogue.
    expect(xml).toMatch(new RegExp(`<loc>${ORIGIN}/shop</loc>\\s*<lastmod>\\d{4}-`));

    const etag = response.headers.get('etag') ?? '';
    const again = await fetch(`${stack.url}/sitemap.xml`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('serves robots.txt naming the sitemap', async () => {
    const response = await fetch(`${stack.url}/robots.txt`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('Disallow: /admin');
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('never exposes the owners’ internal sitemap routes', async () => {
    for (const path of ['/internal/sitemap/events', '/internal/sitemap/products']) {
      const response = await fetch(`${stack.url}${path}`, {
        headers: { 'x-internal-token': testSecrets.INTERNAL_TOKEN },
      });
      expect(response.status, path).toBe(404);
    }
  });
});
