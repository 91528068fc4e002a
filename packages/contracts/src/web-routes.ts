/**
 * Every page of the web app (SPEC.md section 2), declared once: its path, how the site serves it,
 * the data it shows and what its head must carry. The router registers exactly these paths and
 * the gateway answers them with status 200 (any other non-API path gets the app's 404 page with
 * status 404); the server render reads which pages it renders and the data to load first
 * (apps/web/src/app/ssr/page-loaders.ts); seo builds the sitemap and robots.txt from the indexing
 * and dates a listed page by its data; the SEO dashboard's head check expects the structured data.
 */

/**
 * What a server-rendered page shows from the API, by name. The web app loads each into the query
 * cache before it renders the page; the sitemap dates a listed page by its data's latest change.
 * - `events`: the list of events;
 * - `event`: the one event named by the page's `:id` (an event that does not exist is a 404);
 * - `products`: the catalogue.
 */
export type PageData = 'events' | 'event' | 'products';

/** A schema.org type a page's head carries as JSON-LD. */
export type StructuredDataType = 'Organization' | 'Event' | 'Product';

/**
 * How the site serves a page.
 * - `rendered: 'server'`: it arrives rendered with its content and head (docs/decisions/019), its
 *   `data` loaded first. `rendered: 'browser'`: it gets the shell and renders in the browser: it
 *   depends on what only the browser holds (the cart in local storage, a payment's redirect, the
 *   dashboards) or acts on arrival (logout).
 * - `indexing`: `listed` in the sitemap (a page with a parameter once per item of its data) or
 *   `disallowed` in robots.txt. Only a server-rendered page can be listed: a crawler reads the
 *   first HTML.
 * - `head.structuredData`: the JSON-LD its head carries; the head check reports a listed page
 *   whose head lacks it.
 */
export type WebPage =
  | {
      rendered: 'server';
      indexing: 'listed';
      data: readonly PageData[];
      head?: { structuredData: StructuredDataType };
    }
  | { rendered: 'server'; indexing: 'disallowed'; data: readonly PageData[] }
  | { rendered: 'browser'; indexing: 'disallowed' };

export const webPages = {
  '/': { rendered: 'server', indexing: 'listed', data: ['events'], head: { structuredData: 'Organization' } },
  '/register': { rendered: 'server', indexing: 'listed', data: [] },
  '/login': { rendered: 'server', indexing: 'listed', data: [] },
  '/logout': { rendered: 'browser', indexing: 'disallowed' },
  '/forgot-password': { rendered: 'server', indexing: 'disallowed', data: [] },
  '/reset-password': { rendered: 'server', indexing: 'disallowed', data: [] },
  '/shop': {
    rendered: 'server',
    indexing: 'listed',
    data: ['products'],
    head: { structuredData: 'Product' },
  },
  '/cart': { rendered: 'browser', indexing: 'disallowed' },
  '/checkout': { rendered: 'browser', indexing: 'disallowed' },
  '/order-confirmation': { rendered: 'browser', indexing: 'disallowed' },
  '/orders/status': { rendered: 'server', indexing: 'disallowed', data: [] },
  '/crypto/sandbox/:code': { rendered: 'browser', indexing: 'disallowed' },
  '/events': { rendered: 'server', indexing: 'listed', data: ['events'] },
  '/events/:id': {
    rendered: 'server',
    indexing: 'listed',
    data: ['event'],
    head: { structuredData: 'Event' },
  },
  '/payment-test': { rendered: 'server', indexing: 'disallowed', data: [] },
  '/test-deploy': { rendered: 'server', indexing: 'disallowed', data: [] },
  '/admin': { rendered: 'browser', indexing: 'disallowed' },
  '/admin/seo': { rendered: 'browser', indexing: 'disallowed' },
  '/ai-assistant': { rendered: 'server', indexing: 'listed', data: [] },
  '/newsletter/confirm': { rendered: 'server', indexing: 'disallowed', data: [] },
  '/newsletter/unsubscribe': { rendered: 'server', indexing: 'disallowed', data: [] },
  '/contact': { rendered: 'server', indexing: 'listed', data: [] },
  '/account': { rendered: 'browser', indexing: 'disallowed' },
  '/account/confirm-email': { rendered: 'server', indexing: 'disallowed', data: [] },
  '/account/claim-orders': { rendered: 'browser', indexing: 'disallowed' },
  '/privacy': { rendered: 'server', indexing: 'listed', data: [] },
  // Tickets and check-in (decision 040): what only a signed link or a leader's session shows.
  '/tickets/:token': { rendered: 'browser', indexing: 'disallowed' },
  '/lead': { rendered: 'browser', indexing: 'disallowed' },
  '/lead/walks/:id/check-in': { rendered: 'browser', indexing: 'disallowed' },
} as const satisfies Record<string, WebPage>;

export type WebRoutePath = keyof typeof webPages;

/** The pages' paths, in the order of the declaration. */
export const webRoutePaths = Object.keys(webPages) as readonly WebRoutePath[];

function matches(pattern: string, path: string): boolean {
  const patternParts = pattern.split('/');
  const pathParts = path.split('/');
  return (
    patternParts.length === pathParts.length &&
    patternParts.every((part, i) =>
      part.startsWith(':') ? (pathParts[i] ?? '') !== '' : part === pathParts[i],
    )
  );
}

/**
 * The page a request path (without query) is, or null: `/events/12` is `/events/:id`. Trailing
 * slashes are ignored; a path without parameters wins over one with.
 */
export function matchWebRoute(pathname: string): WebRoutePath | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (
    webRoutePaths.find((pattern) => pattern === path) ??
    webRoutePaths.find((pattern) => pattern.includes(':') && matches(pattern, path)) ??
    null
  );
}

/** True when a request path (without query) is one of the app's routes. */
export function isWebRoute(pathname: string): boolean {
  return matchWebRoute(pathname) !== null;
}
