import { isWebRoute } from '@jesus-walks/contracts/web-routes';

/**
 * What a link in an answer points to. Pages of this site open in the app (a React Router link):
 * a product of the shop (/shop#product-{id}), an event (/events/{id}) or any other page. Other
 * sites open in a new tab. Anything else (javascript:, data:, relative nonsense) is no link.
 */
export type SiteLink =
  | { kind: 'product'; to: string; productId: number }
  | { kind: 'event'; to: string; eventId: number }
  | { kind: 'page'; to: string }
  | { kind: 'external'; href: string };

const PLACEHOLDER_ORIGIN = 'https://site.invalid';
const PRODUCT_HASH = /^#product-(\d+)$/;
const EVENT_PATH = /^\/events\/(\d+)\/?$/;

function asPositiveId(text: string): number | null {
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Classifies an answer's link. `siteOrigin` is the site's own origin: an absolute URL on it counts
 * as a page of the site.
 */
export function classifySiteLink(href: string | undefined, siteOrigin?: string): SiteLink | null {
  const raw = href?.trim() ?? '';
  if (raw === '') return null;
  const isSitePath = raw.startsWith('/') && !raw.startsWith('//');
  let url: URL;
  try {
    url = new URL(raw, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  const onSite = isSitePath || (siteOrigin !== undefined && url.origin === siteOrigin);
  if (!onSite) {
    if (!/^https?:\/\//i.test(raw) && !/^mailto:/i.test(raw)) return null;
    return { kind: 'external', href: url.href };
  }
  if (!isWebRoute(url.pathname)) return null;
  const to = `${url.pathname}${url.search}${url.hash}`;
  const productId =
    url.pathname.replace(/\/$/, '') === '/shop' ? PRODUCT_HASH.exec(url.hash)?.[1] : undefined;
  if (productId !== undefined) {
    const id = asPositiveId(productId);
    if (id !== null) return { kind: 'product', to, productId: id };
  }
  const eventId = EVENT_PATH.exec(url.pathname)?.[1];
  if (eventId !== undefined) {
    const id = asPositiveId(eventId);
    if (id !== null) return { kind: 'event', to, eventId: id };
  }
  return { kind: 'page', to };
}

/**
 * A bare site path in running text ("see /events/4 or /shop#product-12.") becomes a Markdown link,
 * so it opens the page too. Paths inside a Markdown link, in code or within a word are left alone.
 */
const BARE_SITE_PATH = /(?<![\w/`\]<])(?<!\]\()\/[a-z][a-z0-9\-/]*(?:#product-\d+)?/g;

export function linkifySitePaths(markdown: string): string {
  return markdown.replace(BARE_SITE_PATH, (match) => {
    const path = match.replace(/[/-]+$/, '');
    const trailing = match.slice(path.length);
    const pathname = path.split('#')[0] ?? path;
    return isWebRoute(pathname) ? `[${path}](${path})${trailing}` : match;
  });
}

/** Product ids the answer links to, in order of first mention (for 'Add to Cart'). */
export function linkedProductIds(markdown: string): number[] {
  const ids: number[] = [];
  for (const match of markdown.matchAll(/\/shop#product-(\d+)/g)) {
    const id = asPositiveId(match[1] ?? '');
    if (id !== null && !ids.includes(id)) ids.push(id);
  }
  return ids;
}
