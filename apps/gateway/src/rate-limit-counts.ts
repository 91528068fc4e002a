import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { GatewayDatabase } from './db/database';

/**
 * The gateway's API rate limit counted across every replica, in Postgres, without a database round
 * trip on the request path.
 *
 * Each replica counts its hits per client and fixed window in memory and, every `flushIntervalMs`,
 * adds them to one shared row per (client, window) in one upsert, which answers each row's total
 * over all replicas. A request is judged on the last known total plus the hits not yet added. So a
 * client spreading requests over N replicas gets at most about N flush intervals' worth more than
 * the limit, once; after that every replica knows the total. If Postgres cannot be reached the hits
 * stay counted here and are added when it is back: the limit never fails closed on the site.
 */
export interface SharedRateLimitCounts {
  /** For @fastify/rate-limit's `store` option. */
  store: FastifyRateLimitStoreCtor;
  /** Adds the pending hits now (also done every flushIntervalMs). */
  flush(): Promise<void>;
  /** Stops the timer and adds what is pending. */
  close(): Promise<void>;
}

interface WindowCount {
  windowStart: number;
  /** The total over all replicas, as of this replica's last flush of the key. */
  shared: number;
  /** Hits being added by a flush in progress. */
  flushing: number;
  /** Hits not yet sent. */
  pending: number;
  /** The limit it is judged against (from the last request). */
  max: number;
}

/** Windows this much older than the current one are deleted from the table. */
const KEEP_WINDOWS = 2;

export function createSharedRateLimitCounts(options: {
  db: Kysely<GatewayDatabase>;
  logger: FastifyBaseLogger;
  flushIntervalMs?: number;
}): SharedRateLimitCounts {
  const { db, logger } = options;
  const counts = new Map<string, WindowCount>();
  let windowMs = 60_000;
  let lastCleanUp = 0;

  function incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
    max: number,
  ): void {
    windowMs = timeWindow;
    const now = Date.now();
    const windowStart = now - (now % timeWindow);
    let count = counts.get(key);
    if (!count || count.windowStart !== windowStart) {
      count = { windowStart, shared: 0, flushing: 0, pending: 0, max };
      counts.set(key, count);
    }
    count.pending += 1;
    count.max = max;
    callback(null, {
      current: count.shared + count.flushing + count.pending,
      ttl: windowStart + timeWindow - now,
    });
  }

  async function addPending(): Promise<void> {
    const currentWindow = Date.now() - (Date.now() % windowMs);
    const batch: Array<{ key: string; count: WindowCount; hits: number }> = [];
    // Clients past half their limit that this replica has no new hits of: their totals are read
    // back, so that hits they made on other replicas count here too before they come back here.
    const watched: Array<{ key: string; count: WindowCount }> = [];
    for (const [key, count] of counts) {
      if (count.pending > 0) {
        batch.push({ key, count, hits: count.pending });
        count.flushing += count.pending;
        count.pending = 0;
      } else if (count.windowStart < currentWindow) {
        counts.delete(key);
      } else if (count.shared * 2 >= count.max) {
        watched.push({ key, count });
      }
    }
    try {
      if (batch.length > 0) {
        const { rows } = await sql<{ key: string; hits: number }>`
          insert into rate_limit_counts as counted (key, window_start, hits)
          select key, to_timestamp(window_start / 1000.0), hits
            from unnest(${batch.map((item) => item.key)}::text[],
                        ${batch.map((item) => item.count.windowStart)}::float8[],
                        ${batch.map((item) => item.hits)}::int[]) as added(key, window_start, hits)
          on conflict (key, window_start) do update set hits = counted.hits + excluded.hits
          returning key, hits`.execute(db);
        // One window per key in a batch: a key's count is replaced when its window changes.
        const totals = new Map(rows.map((row) => [row.key, row.hits]));
        for (const { key, count, hits } of batch) {
          count.flushing -= hits;
          count.shared = Math.max(count.shared, totals.get(key) ?? 0);
        }
        batch.length = 0;
      }
      if (watched.length > 0) {
        const { rows } = await sql<{ key: string; hits: number }>`
          select key, hits from rate_limit_counts
            where window_start = to_timestamp(${currentWindow} / 1000.0)
              and key = any(${watched.map((item) => item.key)}::text[])`.execute(db);
        const totals = new Map(rows.map((row) => [row.key, row.hits]));
        for (const { key, count } of watched) {
          if (count.windowStart === currentWindow)
            count.shared = Math.max(count.shared, totals.get(key) ?? 0);
        }
      }
    } catch (error) {
      for (const { count, hits } of batch) {
        count.flushing -= hits;
        count.pending += hits;
      }
      logger.warn({ err: error }, 'rate limit counts not shared: the database cannot be reached');
      return;
    }
    if (Date.now() - lastCleanUp > windowMs) {
      lastCleanUp = Date.now();
      await sql`delete from rate_limit_counts
                  where window_start < to_timestamp(${currentWindow - KEEP_WINDOWS * windowMs} / 1000.0)`
        .execute(db)
        .catch(() => {});
    }
  }

  // Flushes run one after another; the timer skips a tick while one is still running.
  let running = 0;
  let chain: Promise<void> = Promise.resolve();
  function flush(): Promise<void> {
    running += 1;
    chain = chain
      .then(addPending)
      .catch((error: unknown) => logger.error({ err: error }, 'rate limit counts: flush failed'))
      .finally(() => {
        running -= 1;
      });
    return chain;
  }

  const timer = setInterval(() => {
    if (running === 0) void flush();
  }, options.flushIntervalMs ?? 200);
  timer.unref();

  class SharedStore implements FastifyRateLimitStore {
    incr = incr;
    child(): FastifyRateLimitStore {
      return this;
    }
  }

  return {
    store: SharedStore as unknown as FastifyRateLimitStoreCtor,
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
