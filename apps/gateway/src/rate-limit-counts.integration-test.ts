import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { serviceNames, urlVariableOf } from '@jesus-walks/contracts/services';
import { createDatabase } from '@jesus-walks/service-kit/database';
import { createTestDatabase, type TestDatabase } from '@jesus-walks/test-kit/test-database';
import { testSecrets } from '@jesus-walks/test-kit/test-service';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from './app';
import { type GatewayDatabase, gatewaySchema } from './db/database';
import { migrations } from './db/migrations';
import { loadEnv } from './env';
import { createSharedRateLimitCounts, type SharedRateLimitCounts } from './rate-limit-counts';

let database: TestDatabase<GatewayDatabase>;
const silent = pino({ level: 'silent' });
const opened: SharedRateLimitCounts[] = [];

beforeAll(async () => {
  database = await createTestDatabase<GatewayDatabase>({ schema: gatewaySchema, migrations });
});
// Counts are per minute: a window turning in the middle of a test would start them again.
beforeEach(() => {
  vi.setSystemTime(new Date());
});
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(opened.splice(0).map((counts) => counts.close()));
});
afterAll(async () => {
  await database?.destroy();
});

/** A replica's counter, as @fastify/rate-limit holds it. */
function replica(db = database.db): { counts: SharedRateLimitCounts; hit(key: string): number } {
  // A long interval: the tests flush by hand.
  const counts = createSharedRateLimitCounts({ db, logger: silent, flushIntervalMs: 3_600_000 });
  opened.push(counts);
  const store: FastifyRateLimitStore = new counts.store({});
  return {
    counts,
    hit(key) {
      let current = Number.NaN;
      store.incr(
        key,
        (_error, result) => {
          current = result?.current ?? Number.NaN;
        },
        60_000,
        6,
      );
      return current;
    },
  };
}

const totalHits = async (key: string) =>
  Number(
    (
      await sql<{
        total: string | null;
      }>`select sum(hits) as total from rate_limit_counts where key = ${key}`.execute(database.db)
    ).rows[0]?.total ?? 0,
  );

describe('the API rate limit counted across gateway replicas', () => {
  it('answers at once, from memory, and adds the hits to Postgres when it flushes', async () => {
    const a = replica();
    expect([a.hit('address:198.51.100.1'), a.hit('address:198.51.100.1')]).toEqual([1, 2]);
    expect(await totalHits('address:198.51.100.1')).toBe(0);
    await a.counts.flush();
    expect(await totalHits('address:198.51.100.1')).toBe(2);
    expect(a.hit('address:198.51.100.1')).toBe(3);
  });

  it('gives every replica the total over all of them once they have flushed', async () => {
    const a = replica();
    const b = replica();
    const key = 'address:198.51.100.2';
    for (let i = 1; i <= 4; i++) expect(a.hit(key)).toBe(i);
    for (let i = 1; i <= 4; i++) expect(b.hit(key)).toBe(i);
    await a.counts.flush();
    await b.counts.flush();
    expect(await totalHits(key)).toBe(8);
    // B learnt the total from its flush; A learns it with its next one.
    expect(b.hit(key)).toBe(9);
    expect(a.hit(key)).toBe(5);
    await a.counts.flush();
    expect(await totalHits(key)).toBe(9);
    expect(a.hit(key)).toBe(10);
    await a.counts.flush();
    await b.counts.flush();
    expect(await totalHits(key)).toBe(11);
    // A client past half its limit is read back even when this replica has no new hits of it.
    await a.counts.flush();
    expect(a.hit(key)).toBe(12);
    // Another client is counted apart.
    expect(a.hit('address:198.51.100.3')).toBe(1);
  });

  it('keeps counting hits that arrive while a flush is in progress', async () => {
    const a = replica();
    const key = 'address:198.51.100.4';
    a.hit(key);
    const flushing = a.counts.flush();
    expect(a.hit(key)).toBe(2);
    await flushing;
    expect(a.hit(key)).toBe(3);
    await a.counts.flush();
    expect(await totalHits(key)).toBe(3);
  });

  it('counts in memory while Postgres cannot be reached, and adds the hits when it flushes again', async () => {
    const unreachable = createDatabase<GatewayDatabase>({
      connectionString: 'postgres://postgres@127.0.0.1:9/nowhere',
      schema: gatewaySchema,
    });
    try {
      const a = replica(unreachable);
      expect([a.hit('address:198.51.100.5'), a.hit('address:198.51.100.5')]).toEqual([1, 2]);
      await a.counts.flush();
      expect(a.hit('address:198.51.100.5')).toBe(3);
    } finally {
      await unreachable.destroy();
    }
  });

  it('deletes the counts of windows older than two minutes', async () => {
    await sql`insert into rate_limit_counts (key, window_start, hits)
              values ('address:198.51.100.6', now() - interval '10 minutes', 5)`.execute(database.db);
    const a = replica();
    a.hit('address:198.51.100.7');
    await a.counts.flush();
    expect(await totalHits('address:198.51.100.6')).toBe(0);
    expect(await totalHits('address:198.51.100.7')).toBe(1);
  });
});

describe('two gateways sharing the limit', () => {
  const gateways: FastifyInstance[] = [];
  afterAll(async () => {
    await Promise.all(gateways.map((gateway) => gateway.close()));
  });

  it('refuses a client that spread its requests over both once the limit is spent, with a JSON 429', async () => {
    const webDist = await mkdtemp(join(tmpdir(), 'gateway-web-'));
    await writeFile(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    const env = loadEnv({
      ...testSecrets,
      WEB_DIST_DIR: webDist,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '6',
      // Nothing listens: every API answer is a 503, which is counted like any other.
      ...Object.fromEntries(serviceNames.map((name) => [urlVariableOf(name), 'http://127.0.0.1:9'])),
    });
    const db = createDatabase<GatewayDatabase>({ connectionString: database.url, schema: gatewaySchema });
    const client = '203.0.113.77';
    // The highest total of the client each gateway has read from Postgres (its flushes' answers).
    const known = [0, 0];
    const watching = (index: number): Kysely<GatewayDatabase> =>
      db.withPlugin({
        transformQuery: ({ node }) => node,
        transformResult: async ({ result }) => {
          for (const row of result.rows as Array<{ key?: unknown; hits?: unknown }>)
            if (row.key === client) known[index] = Math.max(known[index] ?? 0, Number(row.hits));
          return result;
        },
      });
    gateways.push(
      await buildApp(env, { logger: false, db: watching(0) }),
      await buildApp(env, { logger: false, db: watching(1) }),
    );
    gateways[0]?.addHook('onClose', () => db.destroy());
    const [a, b] = gateways as [FastifyInstance, FastifyInstance];
    const call = async (gateway: FastifyInstance) =>
      (await gateway.inject({ url: '/api/products', remoteAddress: client })).statusCode;

    for (let i = 0; i < 3; i++) expect(await call(a)).not.toBe(429);
    for (let i = 0; i < 3; i++) expect(await call(b)).not.toBe(429);
    // Each has seen 3 of 6. Their flushes (every 200 ms) add the hits, then read back the total of
    // a client past half its limit, however long a loaded machine takes to run them.
    await vi.waitFor(() => expect(known).toEqual([6, 6]), { timeout: 10_000, interval: 20 });
    expect(await totalHits(client)).toBe(6);
    const refused = await a.inject({ url: '/api/products', remoteAddress: client });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect(await call(b)).toBe(429);
    // Pages are not limited.
    expect((await b.inject({ url: '/', remoteAddress: client })).statusCode).toBe(200);
  });
});
