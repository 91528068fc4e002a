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
      build: () => Promise<{ body: unknown; validUntil?: Date | undefined }>;
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
    reply.header('etag', entry.etag).header('cache-control', SHARED_READ_CACHE_CONTROL);
    // Until when it holds, for what is built from it (the gateway's rendered pages).
    if (Number.isFinite(entry.validUntil)) reply.header('expires', new Date(entry.validUntil).toUTCString());
    if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(entry.text);
  }

  return {
    get listening() {
      return entries.listening;
    },
    clear: entries.clear,
    async serve(request, reply, { key, schema, build }) {
      const kept = buildAfreshAsked(request) ? undefined : entries.get(key);
      if (kept) return answer(request, reply, kept);
      const startedAt = entries.generation();
      const built = await build();
      const text = JSON.stringify(schema.parse(built.body));
      const entry: Entry = {
        text,
        etag: strongEtagOf(text),
        validUntil: built.validUntil?.getTime() ?? Number.POSITIVE_INFINITY,
      };
      entries.keep(key, startedAt, entry);
      return answer(request, reply, entry);
    },
  };
}
