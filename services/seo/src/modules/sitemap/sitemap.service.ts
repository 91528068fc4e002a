import { createHash } from 'node:crypto';
import { type SitemapSource, webPageIndexing } from '@jesus-walks/contracts/seo';

/**
 * /sitemap.xml and /robots.txt (docs/decisions/018-sitemap-cache-and-search-console-history.md).
 * The sitemap is built from the owners' data (events from content-and-events, the catalogue from
 * catalog-and-orders) and kept in memory for a short TTL; each answer carries an ETag of its
 * bytes, so a crawler's conditional request costs nothing when nothing changed. A change to an
 * event or a product shows within the TTL; no service has to tell seo about its writes.
 */

/** Where the sitemap's changing data comes from; each answers null when its owner is not configured. */
export interface SitemapSources {
  events(): Promise<SitemapSource | null>;
  products(): Promise<SitemapSource | null>;
}

export interface SitemapEntry {
  /** The page's path on the site ('/events/12'). */
  path: string;
  lastModified: string | null;
}

export interface SitemapDocument {
  body: string;
  etag: string;
  entries: SitemapEntry[];
}

export interface SitemapCache {
  sitemap(): Promise<SitemapDocument>;
  robots(): SitemapDocument;
  readonly ttlSeconds: number;
}

interface Logger {
  warn(object: object, message: string): void;
}

/** Pages of the web app listed once (no path parameter); `/events/:id` is listed per event. */
export const listedStaticPaths: string[] = Object.entries(webPageIndexing)
  .filter(([path, indexing]) => indexing === 'listed' && !path.includes(':'))
  .map(([path]) => path);

/**
 * robots.txt's Disallow lines: each disallowed page, a parameterised one by the prefix before its
 * first parameter (`/crypto/sandbox/`). Also the API, which is not for crawlers.
 */
export const disallowedPrefixes: string[] = [
  ...new Set(
    Object.entries(webPageIndexing)
      .filter(([, indexing]) => indexing === 'disallowed')
      .map(([path]) => (path.includes(':') ? path.slice(0, path.indexOf(':')) : path)),
  ),
  '/api/',
];

/** Which source's latest change dates a listed page; pages without one carry no lastmod. */
const dataOfPage: Record<string, keyof SitemapSources | undefined> = {
  '/': 'events', // the home page lists the upcoming events
  '/events': 'events',
  '/shop': 'products',
};

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

export function sitemapEntries(sources: {
  events: SitemapSource | null;
  products: SitemapSource | null;
}): SitemapEntry[] {
  const staticPages = listedStaticPaths.map((path) => {
    const source = dataOfPage[path];
    return { path, lastModified: source ? (sources[source]?.lastModified ?? null) : null };
  });
  const eventPages = (sources.events?.items ?? []).map((event) => ({
    path: `/events/${event.id}`,
    lastModified: event.lastModified,
  }));
  // Products have no page of their own in the web app: the shop lists them, dated by the catalogue.
  return [...staticPages, ...eventPages];
}

export function sitemapXml(publicOrigin: string, entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const loc = `    <loc>${escapeXml(new URL(entry.path, publicOrigin).toString())}</loc>`;
    const lastmod = entry.lastModified ? `\n    <lastmod>${escapeXml(entry.lastModified)}</lastmod>` : '';
    return `  <url>\n${loc}${lastmod}\n  </url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(publicOrigin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowedPrefixes.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${new URL('/sitemap.xml', publicOrigin).toString()}`,
    '',
  ].join('\n');
}

export function createSitemapCache(options: {
  sources: SitemapSources;
  publicOrigin: string;
  ttlSeconds: number;
  logger: Logger;
  now?: () => number;
}): SitemapCache {
  const now = options.now ?? Date.now;
  const robotsBody = robotsTxt(options.publicOrigin);
  const robots: SitemapDocument = { body: robotsBody, etag: etagOf(robotsBody), entries: [] };
  let cached: { document: SitemapDocument; expiresAt: number } | undefined;
  let building: Promise<SitemapDocument> | undefined;
  // The last answer of each owner: while one is down, its pages stay listed as last seen.
  const lastKnown: { events: SitemapSource | null; products: SitemapSource | null } = {
    events: null,
    products: null,
  };

  async function fetchSource(name: keyof SitemapSources): Promise<SitemapSource | null> {
    try {
      lastKnown[name] = await options.sources[name]();
    } catch (error) {
      options.logger.warn(
        { err: error, source: name },
        'sitemap source unavailable; listing its pages as last seen',
      );
    }
    return lastKnown[name];
  }

  async function build(): Promise<SitemapDocument> {
    const [events, products] = await Promise.all([fetchSource('events'), fetchSource('products')]);
    const entries = sitemapEntries({ events, products });
    const body = sitemapXml(options.publicOrigin, entries);
    const document = { body, etag: etagOf(body), entries };
    cached = { document, expiresAt: now() + options.ttlSeconds * 1000 };
    return document;
  }

  return {
    ttlSeconds: options.ttlSeconds,
    async sitemap() {
      if (cached && now() < cached.expiresAt) return cached.document;
      // One rebuild at a time: concurrent requests after expiry share it.
      building ??= build().finally(() => {
        building = undefined;
      });
      return building;
    },
    robots: () => robots,
  };
}
