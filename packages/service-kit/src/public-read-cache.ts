import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ServiceApp } from './create-service';
import { createKeptUntilChange, strongEtagOf } from './kept-until-change';

/**
 * Public reads everyone sees alike (the catalog, the events), kept in memory as the JSON text of
 * the answer with its ETag, so that a request costs neither a query nor a serialisation, and a
 * client that has the answer gets a 304.
 *
 * Kept only while nothing it was built from has changed (kept-until-change.ts): a write anywhere
 * else (another replica, a job) is announced by the tables' triggers with NOTIFY on `channel` (the
 * service's migration adds them); an entry may say until when it holds (an event that starts turns
 * into a past one). A build that was under way while something changed is answered but not kept.
 */
export interface PublicReadCache {
  /**
   * Answers from the cache, or builds the answer (shaped by `schema`, the contract's answer, as the
   * route's serialiser would) and keeps it; 304 when the client already has it.
   */
  serve(
    request: FastifyRequest,
    reply: FastifyReply,
    read: {
      key: string;
      schema: z.ZodType;
      /** `headers`: sent with the answer as kept (a download's Content-Disposition). */
      build: () => Promise<{
        body: unknown;
        validUntil?: Date | undefined;
        headers?: Record<string, string>;
      }>;
      /**
       * A text answer (a calendar) sent as built, in this type, where the schema is a string; by
       * default the answer is JSON.
       */
      contentType?: string;
      /**
       * How long a shared cache (a CDN) may keep it without asking again; by default it asks each
       * time (SHARED_READ_CACHE_CONTROL).
       */
      sharedMaxAgeSeconds?: number;
    },
  ): Promise<FastifyReply>;
  /** Forgets every entry (a write was heard). */
  clear(): void;
  /** Whether entries are being kept (the LISTEN connection is up). */
  readonly listening: boolean;
}

/** How a shared read's answer says that a shared cache may keep it, asking each time. */
export const SHARED_READ_CACHE_CONTROL = 'public, no-cache';

/**
 * `Cache-Control: no-cache` on the request: the gateway, filling its own copy after it heard of a
 * change, asks for an answer built from the database now, since this process may not have heard of
 * that change yet (two LISTEN connections hear it in their own time). Clients' own Cache-Control
 * never reaches a service (the gateway drops it).
 */
function buildAfreshAsked(request: FastifyRequest): boolean {
  return hasCacheDirective(request.headers['cache-control'], 'no-cache');
}

/** Whether a Cache-Control header holds a directive with no argument ('public', 'no-cache'). */
export function hasCacheDirective(header: unknown, directive: string): boolean {
  return String(header ?? '')
    .toLowerCase()
    .split(',')
    .some((part) => part.trim() === directive);
}

interface Entry {
  text: string;
  etag: string;
  validUntil: number;
  contentType: string;
  cacheControl: string;
  headers: Record<string, string>;
}

export function createPublicReadCache(
  app: ServiceApp,
  options: { connectionString: string; channel: string; logger: FastifyBaseLogger },
): PublicReadCache {
  const entries = createKeptUntilChange<Entry>(app, {
    connectionString: options.connectionString,
    channels: [options.channel],
    logger: options.logger,
    name: 'read-cache',
  });

  function answer(request: FastifyRequest, reply: FastifyReply, entry: Entry): FastifyReply {
    // public: a shared cache may keep it (the gateway does, until a change: kept-answers.ts);
    // no-cache: whoever keeps it asks each time, and gets a 304 while it holds.
    reply.headers(entry.headers).header('etag', entry.etag).header('cache-control', entry.cacheControl);
    // Until when it holds, for what is built from it (the gateway's rendered pages).
    if (Number.isFinite(entry.validUntil)) reply.header('expires', new Date(entry.validUntil).toUTCString());
    if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
    return reply.type(entry.contentType).send(entry.text);
  }

  return {
    get listening() {
      return entries.listening;
    },
    clear: entries.clear,
    async serve(request, reply, { key, schema, build, contentType, sharedMaxAgeSeconds }) {
      const kept = buildAfreshAsked(request) ? undefined : entries.get(key);
      if (kept) return answer(request, reply, kept);
      const startedAt = entries.generation();
      const built = await build();
      const parsed: unknown = schema.parse(built.body);
      const text = contentType && typeof parsed === 'string' ? parsed : JSON.stringify(parsed);
      const entry: Entry = {
        text,
        etag: strongEtagOf(text),
        validUntil: built.validUntil?.getTime() ?? Number.POSITIVE_INFINITY,
        contentType: contentType ?? 'application/json; charset=utf-8',
        headers: built.headers ?? {},
        // max-age=0: a browser still asks each time (and gets a 304), a CDN keeps it that long.
        cacheControl:
          sharedMaxAgeSeconds === undefined
            ? SHARED_READ_CACHE_CONTROL
            : `public, max-age=0, s-maxage=${sharedMaxAgeSeconds}`,
      };
      entries.keep(key, startedAt, entry);
      return answer(request, reply, entry);
    },
  };
}
