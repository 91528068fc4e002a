import { createTestDatabase, type TestDatabase } from '@jesus-walks/test-kit/test-database';
import { testSecrets } from '@jesus-walks/test-kit/test-service';
import { type Kysely, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createService, type ServiceApp } from './create-service';
import { createPublicReadCache, type PublicReadCache } from './public-read-cache';

/**
 * The public read cache against real Postgres: kept answers with their ETag and 304s, cleared by
 * this process's writes at once and by anyone else's through the table's NOTIFY trigger, never
 * kept while it cannot hear changes, and never keeping a build that a change overtook.
 */
const CHANNEL = 'kit_test_public_reads';
const migrations = {
  '0001_create_things': {
    up: async (db: Kysely<unknown>) => {
      await sql`create table things (id integer primary key, name text not null)`.execute(db);
      await sql`insert into things values (1, 'lantern')`.execute(db);
      await sql`
        create function notify_public_read_change() returns trigger language plpgsql as $$
        begin perform pg_notify('kit_test_public_reads', tg_table_name); return null; end $$`.execute(db);
      await sql`
        create trigger things_public_read_change after insert or update or delete on things
          for each statement execute function notify_public_read_change()`.execute(db);
    },
  },
};
const ThingsSchema = z.array(z.object({ id: z.number(), name: z.string() }));

let database: TestDatabase<unknown>;
let app: ServiceApp;
let cache: PublicReadCache;
let builds = 0;
let validUntil: Date | undefined;
/** Holds a build until released (a change overtaking it). */
let holdBuild: Promise<void> | undefined;

const thingsOf = async (db: Kysely<unknown>) =>
  (await sql<{ id: number; name: string }>`select id, name from things order by id`.execute(db)).rows;

beforeAll(async () => {
  database = await createTestDatabase({ schema: 'kit_reads', migrations });
  app = createService({
    name: 'kit-reads',
    logger: false,
    identitySigningKey: testSecrets.IDENTITY_SIGNING_KEY,
    internalToken: testSecrets.INTERNAL_TOKEN,
  });
  cache = createPublicReadCache(app, { connectionString: database.url, channel: CHANNEL, logger: app.log });
  app.get('/things', async (request, reply) =>
    cache.serve(request, reply, {
      key: 'things',
      schema: ThingsSchema,
      build: async () => {
        builds += 1;
        const things = await thingsOf(database.db);
        await holdBuild;
        // The schema shapes the answer as the route's serialiser would: unknown keys go.
        return { body: things.map((thing) => ({ ...thing, internal: 'x' })), validUntil };
      },
    }),
  );
  app.get('/things.txt', async (request, reply) =>
    cache.serve(request, reply, {
      key: 'things.txt',
      schema: z.string(),
      build: async () => {
        builds += 1;
        return {
          body: (await thingsOf(database.db)).map((thing) => thing.name).join('\n'),
          headers: { 'content-disposition': 'attachment; filename="things.txt"' },
        };
      },
      contentType: 'text/plain; charset=utf-8',
      sharedMaxAgeSeconds: 300,
    }),
  );
  app.post('/things/:name', async (request) => {
    await sql`update things set name = ${(request.params as { name: string }).name} where id = 1`.execute(
      database.db,
    );
    return { ok: true };
  });
  await app.ready();
});
afterEach(() => {
  validUntil = undefined;
  holdBuild = undefined;
  cache.clear();
  builds = 0;
});
afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

const get = (headers: Record<string, string> = {}) => app.inject({ url: '/things', headers });

describe('the public read cache', () => {
  it('answers from memory after the first build, with a strong ETag, and 304 to a client that has it', async () => {
    const first = await get();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual([{ id: 1, name: expect.any(String) }]);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    const second = await get();
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(etag);
    const unchanged = await get({ 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(builds).toBe(1);
  });

  it('keeps a text answer as built, in its own type and with its headers, and lets a CDN keep it for as long as asked', async () => {
    // Nothing written here: a write's NOTIFY, heard a moment later, would clear the answer again.
    const first = await app.inject({ url: '/things.txt' });
    expect(first.body).toBe((await thingsOf(database.db)).map((thing) => thing.name).join('\n'));
    expect(first.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=300');
    expect(first.headers['content-disposition']).toBe('attachment; filename="things.txt"');
    const unchanged = await app.inject({
      url: '/things.txt',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.headers['content-disposition']).toBe('attachment; filename="things.txt"');
    expect(builds).toBe(1);
  });

  it('builds afresh from the database when the gateway asks (Cache-Control: no-cache), and keeps that', async () => {
    await get();
    // A change this process has not heard of yet: the gateway may have heard it first.
    await sql`update things set name = 'flask' where id = 1`.execute(database.db);
    const fresh = await get({ 'cache-control': 'no-cache' });
    expect(fresh.json()).toEqual([{ id: 1, name: 'flask' }]);
    expect(builds).toBe(2);
    expect((await get()).json()).toEqual([{ id: 1, name: 'flask' }]);
  });

  it('is cleared by a write this process answers, before the answer goes out', async () => {
    const before = await get();
    await app.inject({ method: 'POST', url: '/things/candle' });
    const after = await get({ 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual([{ id: 1, name: 'candle' }]);
    expect(builds).toBe(2);
  });

  it('is cleared by a change committed elsewhere (another replica, a job), through NOTIFY', async () => {
    await get();
    await sql`update things set name = 'torch' where id = 1`.execute(database.db);
    await vi.waitFor(async () => expect((await get()).json()).toEqual([{ id: 1, name: 'torch' }]), {
      timeout: 2_000,
      interval: 20,
    });
  });

  it('says in Expires until when an answer holds, for what is built from it (rendered pages)', async () => {
    validUntil = new Date(Date.now() + 60_000);
    const held = await get();
    expect(held.headers.expires).toBe(validUntil.toUTCString());
    validUntil = undefined;
    await app.inject({ method: 'POST', url: '/things/lamp' });
    expect((await get()).headers.expires).toBeUndefined();
  });

  it('rebuilds an answer whose validity has passed', async () => {
    validUntil = new Date(Date.now() - 1);
    await get();
    await get();
    expect(builds).toBe(2);
  });

  it('does not keep a build that a change overtook', async () => {
    let release = () => {};
    holdBuild = new Promise<void>((resolve) => {
      release = resolve;
    });
    const pending = get();
    await vi.waitFor(() => expect(builds).toBe(1));
    await app.inject({ method: 'POST', url: '/things/lamp' });
    release();
    await pending;
    holdBuild = undefined;
    expect((await get()).json()).toEqual([{ id: 1, name: 'lamp' }]);
    expect(builds).toBe(2);
  });

  it('keeps nothing while it cannot hear changes, and caches again once it listens again', async () => {
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
              where application_name = 'read-cache' and datname = current_database()`.execute(database.db);
    await vi.waitFor(() => expect(cache.listening).toBe(false), { timeout: 2_000, interval: 10 });
    // Changes made meanwhile are seen: nothing is served from memory.
    await sql`update things set name = 'beacon' where id = 1`.execute(database.db);
    expect((await get()).json()).toEqual([{ id: 1, name: 'beacon' }]);
    await vi.waitFor(() => expect(cache.listening).toBe(true), { timeout: 5_000, interval: 20 });
    builds = 0;
    await get();
    await get();
    expect(builds).toBe(1);
  });
});
