import { readFileSync } from 'node:fs';
import { startTestService, type TestService } from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import type { SeoDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { type FakePeer, startFakePeer } from '../../testing/fake-peers';

const ORIGIN = 'https://jesuswalks.example';
const sitemapXsd = readFileSync(new URL('../../testing/fixtures/sitemap-0.9.xsd', import.meta.url), 'utf8');

let events: FakePeer;
let products: FakePeer;
let seo: TestService<Env, SeoDatabase>;

beforeAll(async () => {
  events = await startFakePeer('/internal/sitemap/events', {
    lastModified: '2026-03-05T10:00:00.000Z',
    items: [
      { id: 3, lastModified: '2026-03-01T08:30:00.000Z' },
      { id: 7, lastModified: '2026-03-05T10:00:00.000Z' },
    ],
  });
  products = await startFakePeer('/internal/sitemap/products', {
    lastModified: '2026-02-20T12:00:00.000Z',
    items: [{ id: 1, lastModified: '2026-02-20T12:00:00.000Z' }],
  });
  seo = await startTestService(service, {
    PUBLIC_ORIGIN: ORIGIN,
    CONTENT_AND_EVENTS_URL: events.url,
    CATALOG_AND_ORDERS_URL: products.url,
    // No caching here: each request sees the peers' current data (the TTL has its own test).
    SITEMAP_CACHE_SECONDS: '0',
  });
});
afterAll(async () => {
  await seo?.close();
  await Promise.all([events?.close(), products?.close()]);
});

async function validate(xml: string) {
  return validateXML({ xml: [{ fileName: 'sitemap.xml', contents: xml }], schema: [sitemapXsd] });
}

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
const lastmodOf = (xml: string, loc: string) =>
  new RegExp(`<loc>${loc.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}</loc>\\s*<lastmod>([^<]+)</lastmod>`).exec(
    xml,
  )?.[1] ?? null;

describe('GET /sitemap.xml', () => {
  it('is valid against the sitemap protocol 0.9 schema', async () => {
    const response = await seo.app.inject({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const result = await validate(response.body);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('the validation can fail: a sitemap with a relative loc and a bad lastmod is refused', async () => {
    const broken = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>/x</loc><lastmod>yesterday</lastmod></url></urlset>`;
    expect((await validate(broken)).valid).toBe(false);
  });

  it('lists every public page and every event as absolute URLs, with lastmod from the owners, and nothing private', async () => {
    const xml = (await seo.app.inject({ url: '/sitemap.xml' })).body;
    expect(locsOf(xml)).toEqual([
      `${ORIGIN}/`,
      `${ORIGIN}/register`,
      `${ORIGIN}/login`,
      `${ORIGIN}/shop`,
      `${ORIGIN}/events`,
      `${ORIGIN}/ai-assistant`,
      `${ORIGIN}/contact`,
      `${ORIGIN}/privacy`,
      `${ORIGIN}/events/3`,
      `${ORIGIN}/events/7`,
    ]);
    expect(lastmodOf(xml, `${ORIGIN}/events/3`)).toBe('2026-03-01T08:30:00.000Z');
    expect(lastmodOf(xml, `${ORIGIN}/events`)).toBe('2026-03-05T10:00:00.000Z');
    expect(lastmodOf(xml, `${ORIGIN}/`)).toBe('2026-03-05T10:00:00.000Z');
    expect(lastmodOf(xml, `${ORIGIN}/shop`)).toBe('2026-02-20T12:00:00.000Z');
    expect(lastmodOf(xml, `${ORIGIN}/login`)).toBeNull();
    for (const page of [
      '/admin',
      '/cart',
      '/checkout',
      '/order-confirmation',
      '/payment-test',
      '/test-deploy',
      '/logout',
    ]) {
      expect(xml).not.toContain(`<loc>${ORIGIN}${page}</loc>`);
    }
  });

  it('follows the data: a new event appears, a cancelled one goes', async () => {
    const before = events.source;
    events.source = {
      lastModified: '2026-03-09T09:00:00.000Z',
      items: [
        { id: 7, lastModified: '2026-03-05T10:00:00.000Z' },
        { id: 12, lastModified: '2026-03-09T09:00:00.000Z' },
      ],
    };
    try {
      const xml = (await seo.app.inject({ url: '/sitemap.xml' })).body;
      expect(locsOf(xml)).toContain(`${ORIGIN}/events/12`);
      expect(locsOf(xml)).not.toContain(`${ORIGIN}/events/3`);
      expect(lastmodOf(xml, `${ORIGIN}/events`)).toBe('2026-03-09T09:00:00.000Z');
    } finally {
      events.source = before;
    }
  });

  it('answers 304 to a conditional request for the same bytes, 200 when they changed', async () => {
    const first = await seo.app.inject({ url: '/sitemap.xml' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=0');
    const again = await seo.app.inject({ url: '/sitemap.xml', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const before = products.source;
    products.source = { ...before, lastModified: '2026-03-10T00:00:00.000Z' };
    try {
      const changed = await seo.app.inject({ url: '/sitemap.xml', headers: { 'if-none-match': etag } });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
    } finally {
      products.source = before;
    }
  });

  it('keeps listing an owner’s pages as last seen while it is down', async () => {
    await seo.app.inject({ url: '/sitemap.xml' });
    events.down = true;
    try {
      const response = await seo.app.inject({ url: '/sitemap.xml' });
      expect(response.statusCode).toBe(200);
      expect(locsOf(response.body)).toContain(`${ORIGIN}/events/7`);
      expect((await validate(response.body)).valid).toBe(true);
    } finally {
      events.down = false;
    }
  });

  it('lists the static pages alone when no owner is configured', async () => {
    const alone = await startTestService(service, { PUBLIC_ORIGIN: ORIGIN });
    try {
      const response = await alone.app.inject({ url: '/sitemap.xml' });
      expect(response.statusCode).toBe(200);
      expect(locsOf(response.body)).toHaveLength(8);
      expect((await validate(response.body)).valid).toBe(true);
    } finally {
      await alone.close();
    }
  });
});

describe('GET /robots.txt', () => {
  it('disallows admin, account, cart, checkout, confirmation and test pages, and names the sitemap', async () => {
    const response = await seo.app.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    const disallowed = lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice(10));
    expect(disallowed).toEqual(
      expect.arrayContaining([
        '/admin',
        '/admin/seo',
        '/logout',
        '/forgot-password',
        '/reset-password',
        '/cart',
        '/checkout',
        '/order-confirmation',
        '/orders/status',
        '/payment-test',
        '/test-deploy',
        '/crypto/sandbox/',
        '/api/',
      ]),
    );
    for (const open of [
      '/',
      '/events',
      '/shop',
      '/ai-assistant',
      '/login',
      '/register',
      '/privacy',
      '/contact',
    ]) {
      expect(disallowed).not.toContain(open);
    }
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    const conditional = await seo.app.inject({
      url: '/robots.txt',
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(conditional.statusCode).toBe(304);
  });
});
