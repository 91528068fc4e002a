import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createChangeListener } from './change-notifications';

/**
 * What both in-memory caches of public answers share (the services' read caches, the gateway's
 * rendered pages): entries kept only while nothing they were built from has changed.
 * - a write answered by this process (any request but GET, HEAD or OPTIONS) clears them before its
 *   answer is sent, so a client never reads its own write stale;
 * - a write anywhere else is announced with NOTIFY on one of `channels`, which clears them;
 * - while that LISTEN connection is down (or there is no database) nothing is kept, since a change
 *   could go unheard;
 * - an entry holds until its `validUntil` at the latest;
 * - a build that a change overtook (the generation moved on meanwhile) is not kept.
 */
export interface KeptUntilChange<T extends { validUntil: number }> {
  /** Whether entries are being kept (the LISTEN connection is up). */
  readonly listening: boolean;
  /** Taken before a build: `keep` refuses a build that a change overtook. */
  generation(): number;
  /** The entry kept for `key`, while it holds. */
  get(key: string): T | undefined;
  /** Keeps `entry` for `key` when nothing changed since `startedAt`; answers whether it did. */
  keep(key: string, startedAt: number, entry: T): boolean;
  /** Forgets every entry (a write was heard). */
  clear(): void;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function createKeptUntilChange<T extends { validUntil: number }>(
  // biome-ignore lint/suspicious/noExplicitAny: any app, whatever its type provider
  app: FastifyInstance<any, any, any, any, any>,
  options: {
    /** No database: nothing is kept. */
    connectionString: string | undefined;
    channels: readonly string[];
    logger: FastifyBaseLogger;
    /** The LISTEN connection's application_name. */
    name: string;
    /** Past this many entries, the oldest goes (keys that callers do not bound). */
    maxEntries?: number;
  },
): KeptUntilChange<T> {
  const entries = new Map<string, T>();
  let generation = 0;
  const clear = () => {
    generation += 1;
    entries.clear();
  };
  const changes = options.connectionString
    ? createChangeListener({
        connectionString: options.connectionString,
        channels: options.channels,
        logger: options.logger,
        onChange: clear,
        name: options.name,
      })
    : null;
  if (changes) {
    app.addHook('onReady', async () => {
      await changes.start();
    });
    app.addHook('onClose', async () => {
      await changes.stop();
    });
  }
  app.addHook('onSend', async (request) => {
    if (!READ_METHODS.has(request.method)) clear();
  });

  return {
    get listening() {
      return changes?.listening ?? false;
    },
    generation: () => generation,
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.validUntil > Date.now()) return entry;
      entries.delete(key);
      return undefined;
    },
    keep(key, startedAt, entry) {
      if (!changes?.listening || startedAt !== generation || entry.validUntil <= Date.now()) return false;
      if (options.maxEntries !== undefined && entries.size >= options.maxEntries && !entries.has(key)) {
        entries.delete(entries.keys().next().value as string);
      }
      entries.set(key, entry);
      return true;
    },
    clear,
  };
}

/** A strong ETag of a body: the same text, the same tag, in every replica. */
export function strongEtagOf(text: string): string {
  return `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
}
