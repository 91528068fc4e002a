import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import { publicReadChannelOf, publicReadServices } from '@jesus-walks/contracts/services';
import { createKeptUntilChange, strongEtagOf } from '@jesus-walks/service-kit/kept-until-change';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * What the gateway answers from memory, the same for every visitor: the server-rendered pages
 * (docs/decisions/032-rendered-pages-kept.md) and the services' shared reads, the catalogue and the
 * events (a route contract's `sharedRead`), each with its strong ETag, so that such a request costs
 * one lookup instead of a render or a trip to a service.
 *
 * One store for both, so that one change clears both at once: a page rendered after a change reads
 * its data through the gateway's own API, and must never find it there from before the change.
 * Kept only while nothing it was built from has changed (service-kit's kept-until-change.ts):
 * - a change to what everyone reads is announced by the services' triggers with NOTIFY on their
 *   channels, and everything goes; so does a write answered through this gateway;
 * - an answer holds until its `Expires` (an event that starts turns into a past one), a page until
 *   the earliest `Expires` of the answers it was rendered from;
 * - what a change overtook while it was being built is answered but not kept, and neither is a page
 *   whose data did not all load.
 */
export interface KeptAnswers {
  readonly listening: boolean;
  /** The answer kept for `key` (a page's URL, a shared read's path), while it holds. */
  get(key: string): KeptAnswer | undefined;
  /** Taken before a build: `keep` refuses a build that a change overtook. */
  generation(): number;
  /** Keeps a finished answer for `key` (when nothing changed since `generation`), and returns it. */
  keep(key: string, generation: number, answer: FinishedAnswer): KeptAnswer;
  /**
   * Runs `build` once for every caller asking for `key` while it runs, within one generation: the
   * crowd that a change (or a cold start) sends to a page or a read costs one render or one fetch,
   * not one per caller. A caller after a change starts a build of its own.
   */
  buildOnce<T>(key: string, build: (generation: number) => Promise<T>): Promise<T>;
  clear(): void;
}

export interface FinishedAnswer {
  body: string;
  contentType: string;
  cacheControl: string;
  /** The service's own, for a shared read; else one is made from the body. */
  etag?: string;
  /** Sent on as the service said it (until when what is built from it holds). */
  expires?: string;
  validUntil: number;
}

export interface KeptAnswer extends Required<Omit<FinishedAnswer, 'expires'>> {
  expires: string | undefined;
  /** Worth compressing (measured once, when kept). */
  compressible: boolean;
  /** Compressed once, when first asked for (off the event loop; concurrent askers share it). */
  encoded: { br?: Promise<Buffer>; gzip?: Promise<Buffer> };
}

const brotliCompressAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Enough for every page and read of the site many times over; a flood of distinct URLs cannot grow it. */
const MAX_ANSWERS = 500;

/** Smaller answers go as they are: compressing them saves less than it costs (as @fastify/compress). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * What a CDN in front may do with a kept page: keep it for 10 seconds and serve it, stale, for 30
 * more while it asks again, so a cluster behind one is reached about once per 10 s per page. A
 * browser (max-age=0) asks every time and gets a 304 while the page holds.
 */
export const KEPT_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=10, stale-while-revalidate=30';

export function createKeptAnswers(
  app: FastifyInstance,
  options: { connectionString: string | undefined },
): KeptAnswers {
  const answers = createKeptUntilChange<KeptAnswer>(app, {
    connectionString: options.connectionString,
    channels: publicReadServices.map(publicReadChannelOf),
    logger: app.log,
    name: 'gateway-kept-answers',
    maxEntries: MAX_ANSWERS,
  });
  const building = new Map<string, Promise<unknown>>();
  return {
    get listening() {
      return answers.listening;
    },
    get: (key) => answers.get(key),
    generation: () => answers.generation(),
    keep(key, startedAt, finished) {
      const answer: KeptAnswer = {
        ...finished,
        etag: finished.etag ?? strongEtagOf(finished.body),
        expires: finished.expires,
        compressible: Buffer.byteLength(finished.body) >= COMPRESS_FROM_BYTES,
        encoded: {},
      };
      answers.keep(key, startedAt, answer);
      return answer;
    },
    buildOnce<T>(key: string, build: (generation: number) => Promise<T>): Promise<T> {
      const generation = answers.generation();
      const buildKey = `${generation} ${key}`;
      let pending = building.get(buildKey) as Promise<T> | undefined;
      if (!pending) {
        pending = build(generation).finally(() => building.delete(buildKey));
        building.set(buildKey, pending);
      }
      return pending;
    },
    clear: answers.clear,
  };
}

/**
 * Sends a kept answer: 304 to a client that has it, else the body, compressed once per answer in
 * the best encoding the client takes (brotli, gzip) instead of on every request.
 */
export async function sendKept(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: KeptAnswer,
): Promise<FastifyReply> {
  reply.header('etag', answer.etag).header('cache-control', answer.cacheControl).type(answer.contentType);
  if (answer.expires) reply.header('expires', answer.expires);
  const { compressible } = answer;
  if (compressible) reply.header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send();
  const encoding = compressible ? preferredEncoding(request.headers['accept-encoding']) : null;
  if (encoding === 'br') {
    answer.encoded.br ??= brotliCompressAsync(answer.body, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 },
    });
    return reply.header('content-encoding', 'br').send(await answer.encoded.br);
  }
  if (encoding === 'gzip') {
    answer.encoded.gzip ??= gzipAsync(answer.body, { level: 9 });
    return reply.header('content-encoding', 'gzip').send(await answer.encoded.gzip);
  }
  return reply.send(answer.body);
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
