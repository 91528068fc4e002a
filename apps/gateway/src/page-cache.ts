import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import { publicReadChannelOf, publicReadServices } from '@jesus-walks/contracts/services';
import { createKeptUntilChange, strongEtagOf } from '@jesus-walks/service-kit/kept-until-change';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Server-rendered pages kept in memory as the finished document with its ETag, so that a page
 * everyone sees alike costs one lookup instead of a render (docs/decisions/032-rendered-pages-kept.md).
 * The render does not depend on who asks (the header's account links, the cart, a member's
 * registration come after hydration), so one copy serves every visitor.
 *
 * Kept only while nothing it was rendered from has changed, as the services' read caches are
 * (service-kit's kept-until-change.ts): a change to what everyone reads (the catalogue, the events)
 * is announced by the services' triggers with NOTIFY on their channels, and every page goes; a page
 * holds until the earliest `Expires` of the answers it was rendered from (an event that starts
 * turns into a past one); a render that a change overtook is answered but not kept, and neither is
 * one whose data did not all load.
 */
export interface PageCache {
  readonly listening: boolean;
  /** The page kept for `url`, while it holds. */
  get(url: string): KeptPage | undefined;
  /** Taken before a render: `keep` refuses a render that a change overtook. */
  generation(): number;
  /** Keeps a finished page for `url` (when nothing changed since `generation`), and answers it. */
  keep(url: string, generation: number, page: { html: string; validUntil: number }): KeptPage;
  clear(): void;
}

export interface KeptPage {
  html: string;
  etag: string;
  validUntil: number;
  /** Compressed once, when first asked for (off the event loop; concurrent askers share it). */
  encoded: { br?: Promise<Buffer>; gzip?: Promise<Buffer> };
}

const brotliCompressAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Enough for every page of the site many times over; a flood of distinct URLs cannot grow it. */
const MAX_PAGES = 500;

/**
 * What a CDN in front may do with a kept page: keep it for 10 seconds and serve it, stale, for 30
 * more while it asks again, so a cluster behind one is reached about once per 10 s per page. A
 * browser (max-age=0) asks every time and gets a 304 while the page holds.
 */
export const KEPT_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=10, stale-while-revalidate=30';

export function createPageCache(
  app: FastifyInstance,
  options: { connectionString: string | undefined },
): PageCache {
  const pages = createKeptUntilChange<KeptPage>(app, {
    connectionString: options.connectionString,
    channels: publicReadServices.map(publicReadChannelOf),
    logger: app.log,
    name: 'gateway-pages',
    maxEntries: MAX_PAGES,
  });
  return {
    get listening() {
      return pages.listening;
    },
    get: (url) => pages.get(url),
    generation: () => pages.generation(),
    keep(url, startedAt, { html, validUntil }) {
      const page: KeptPage = { html, etag: strongEtagOf(html), validUntil, encoded: {} };
      pages.keep(url, startedAt, page);
      return page;
    },
    clear: pages.clear,
  };
}

/**
 * Sends a kept page: 304 to a browser that has it, else the document, compressed once per page
 * in the best encoding the browser takes (brotli, gzip) instead of on every answer.
 */
export async function sendKeptPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: KeptPage,
): Promise<FastifyReply> {
  reply
    .header('etag', page.etag)
    .header('cache-control', KEPT_PAGE_CACHE_CONTROL)
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8');
  if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding === 'br') {
    page.encoded.br ??= brotliCompressAsync(page.html, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 },
    });
    return reply.header('content-encoding', 'br').send(await page.encoded.br);
  }
  if (encoding === 'gzip') {
    page.encoded.gzip ??= gzipAsync(page.html, { level: 9 });
    return reply.header('content-encoding', 'gzip').send(await page.encoded.gzip);
  }
  return reply.send(page.html);
}

/** brotli, else gzip, when Accept-Encoding takes it (a q=0 refuses it); null for neither. */
export function preferredEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const taken = new Set<string>();
  for (const part of String(header ?? '').split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const refused = parameters.some((parameter) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(parameter));
    if (name && !refused) taken.add(name);
  }
  if (taken.has('br')) return 'br';
  if (taken.has('gzip') || taken.has('*')) return 'gzip';
  return null;
}
