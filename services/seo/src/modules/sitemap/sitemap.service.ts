import { createHash } from 'node:crypto';
import { pathOf } from '@jesus-walks/contracts/route-contract';
import type { SitemapSource } from '@jesus-walks/contracts/seo';
import { type PageData, type WebRoutePath, webPages, webRoutePaths } from '@jesus-walks/contracts/web-routes';

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

/**
 * Where the sitemap finds each kind of page data (packages/contracts web-routes.ts): the owner's
 * source, and whether a page shows the whole set (dated by its latest change) or one item of it
 * (listed once per item, its path filled with the item's id, dated by the item's change).
 */
const sitemapSourceOf: Record<PageData, { source: keyof SitemapSources; shows: 'set' | 'item' }> = {
  events: { source: 'events', shows: 'set' },
  event: { source: 'events', shows: 'item' },
  products: { source: 'products', shows: 'set' },
};

/** The pages the web app declares listed, in the declaration's order. */
const listedPaths = webRoutePaths.filter((path) => webPages[path].indexing === 'listed');

/** Listed pages without a path parameter: listed once. */
export const listedStaticPaths: WebRoutePath[] = listedPaths.filter((path) => !path.includes(':'));

/** The data a page shows (none for a page the browser renders). */
const dataOf = (path: WebRoutePath): readonly PageData[] => {
  const page = webPages[path];
  return page.rendered === 'server' ? page.data : [];
};

/**
 * Listed pages with a parameter (`/events/:id`): listed once per item of the data they show, the
 * parameter filled with the item's id.
 */
export const listedItemPages: { path: WebRoutePath; source: keyof SitemapSources }[] = listedPaths
  .filter((path) => path.includes(':'))
  .flatMap((path) =>
    dataOf(path)
      .map((data) => sitemapSourceOf[data])
      .filter((data) => data.shows === 'item')
      .map(({ source }) => ({ path, source })),
  );

/**
 * robots.txt's Disallow lines: each disallowed page, a parameterised one by the prefix before its
 * first parameter (`/crypto/sandbox/`). Also the API, which is not for crawlers.
 */
export const disallowedPrefixes: string[] = [
  ...new Set(
    webRoutePaths
      .filter((path) => webPages[path].indexing === 'disallowed')
      .map((path) => (path.includes(':') ? path.slice(0, path.indexOf(':')) : path)),
  ),
  '/api/',
];

/** The latest of two ISO times, null ones ignored. */
const latest = (a: string | null, b: string | null) => (a === null ? b : b === null || a >= b ? a : b);

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
  // A page dated by the sets it shows (the home page and /events by the events); none: no lastmod.
  const staticPages = listedStaticPaths.map((path) => ({
    path,
    lastModified: dataOf(path)
      .map((data) => sitemapSourceOf[data])
      .filter((data) => data.shows === 'set')
      .reduce<string | null>((date, { source }) => latest(date, sources[source]?.lastModified ?? null), null),
  }));
  // Products have no page of their own in the web app: the shop lists them, dated by the catalogue.
  const itemPages = listedItemPages.flatMap(({ path, source }) =>
    (sources[source]?.items ?? []).map((item) => ({
      path: pathOf<string>(path, { id: item.id }),
      lastModified: item.lastModified,
    })),
  );
  return [...staticPages, ...itemPages];
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
