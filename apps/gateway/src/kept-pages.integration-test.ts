import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { publicReadChannelOf, serviceNames, urlVariableOf } from '@jesus-walks/contracts/services';
import { freePort } from '@jesus-walks/local-postgres/network';
import { createEmptyTestDatabase, type EmptyTestDatabase } from '@jesus-walks/test-kit/test-database';
import { testSecrets } from '@jesus-walks/test-kit/test-service';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadEnv } from './env';
import { KEPT_PAGE_CACHE_CONTROL, preferredEncoding } from './kept-answers';

/**
 * The gateway's kept pages against real Postgres NOTIFY and its real proxy: a page rendered once
 * per change of what it shows, 304 to a browser that has it, cleared by the services' change
 * notifications and by writes through the gateway, bounded by its data's Expires, and never kept
 * from a render that a change overtook, that lacked data, or while changes cannot be heard.
 */

const ORIGIN = 'http://localhost:3000';
let database: EmptyTestDatabase;
let gateway: FastifyInstance;
/** content-and-events, as far as the render asks it: GET /api/events. */
let events: FastifyInstance;
let eventsAnswer: { status: number; body: unknown; expires?: string; delayMs?: number };
let eventsAsked = 0;

const renders = () => (globalThis as { pageRenders?: number }).pageRenders ?? 0;

async function notifyChange(): Promise<void> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query(`select pg_notify($1, 'events')`, [publicReadChannelOf('content-and-events')]);
  await client.end();
}

/** Until the gateway's pages were cleared by a notification: the next page is rendered anew. */
async function renderedAfterChange(url: string): Promise<void> {
  const before = renders();
  await expect
    .poll(async () => {
      await gateway.inject({ url });
      return renders();
    })
    .toBeGreaterThan(before);
}

/** A write through the gateway (the stand-in for its service answers 404: still a write). */
const writeThroughGateway = () =>
  gateway.inject({
    method: 'POST',
    url: '/api/newsletter/subscribe',
    headers: { origin: ORIGIN },
    payload: { email: 'ada@example.com' },
  });

/**
 * Until the page was rendered anew after a change and is kept again (a render that the change's
 * notification overtook is not kept, so one render is not enough).
 */
async function keptAfterChange(url: string): Promise<void> {
  const before = renders();
  await expect
    .poll(async () => {
      await gateway.inject({ url });
      const rendered = renders();
      await gateway.inject({ url });
      return rendered > before && renders() === rendered;
    })
    .toBe(true);
}

beforeAll(async () => {
  database = await createEmptyTestDatabase('pages');
  const webRoot = await mkdtemp(join(tmpdir(), 'gateway-pages-'));
  const webDist = join(webRoot, 'dist');
  await mkdir(webDist, { recursive: true });
  await writeFile(
    join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Jesus Walks</title></head><body><div id="root"></div></body></html>',
  );
  // A stand-in for apps/web's server render (PageRenderer): it counts its renders and shows what
  // GET /api/events answered through the gateway.
  await mkdir(join(webRoot, 'server'));
  await writeFile(
    join(webRoot, 'server', 'entry-server.js'),
    `export async function render({ url, fetchApi }) {
      globalThis.pageRenders = (globalThis.pageRenders ?? 0) + 1;
      const answer = await fetchApi('/api/events', { method: 'GET' });
      return {
        kind: 'rendered',
        status: 200,
        head: { html: '<title>Walks</title>', hasTitle: true, hasDescription: false },
        body: '<main>' + url + ' ' + (await answer.text()) + ' ' + 'x'.repeat(3000) + '</main>',
        state: '{}',
        route: url.split('?')[0],
      };
    }`,
  );

  events = Fastify();
  events.get('/api/events', async (_request, reply) => {
    eventsAsked += 1;
    const { status, body, expires, delayMs } = eventsAnswer;
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (expires) reply.header('expires', expires);
    return reply.code(status).send(body);
  });
  const eventsPort = await freePort();
  await events.listen({ host: '127.0.0.1', port: eventsPort });

  const closedPort = 9; // discard: nothing listens there
  const env = loadEnv({
    ...testSecrets,
    PUBLIC_ORIGIN: ORIGIN,
    WEB_DIST_DIR: webDist,
    WEB_SERVER_ENTRY: join(webRoot, 'server', 'entry-server.js'),
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    ...Object.fromEntries(
      serviceNames.map((name) => [urlVariableOf(name), `http://127.0.0.1:${closedPort}`]),
    ),
    CONTENT_AND_EVENTS_URL: `http://127.0.0.1:${eventsPort}`,
  });
  gateway = await buildApp(env, { logger: false });
  await gateway.ready();
});

afterAll(async () => {
  await gateway?.close();
  await events?.close();
  await database?.destroy();
});

beforeEach(async () => {
  eventsAnswer = { status: 200, body: [{ id: 1, title: 'Sunrise Walk' }] };
  // Each test starts from the page as this answer renders it, kept.
  await notifyChange();
  await keptAfterChange('/events');
});

describe('rendered pages kept by the gateway', () => {
  it('renders a page once for every visitor, with a strong ETag, and answers 304 to a browser that has it', async () => {
    await notifyChange();
    await keptAfterChange('/events');
    const before = renders();
    const asked = eventsAsked;
    const first = await gateway.inject({ url: '/events', headers: { cookie: 'sid=someone; device=abc' } });
    const second = await gateway.inject({ url: '/events' });
    // Neither a render nor a call to the service: one lookup.
    expect(renders()).toBe(before);
    expect(eventsAsked).toBe(asked);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Sunrise Walk');
    expect(second.body).toBe(first.body);
    expect(first.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.headers['cache-control']).toBe(KEPT_PAGE_CACHE_CONTROL);
    expect(first.headers['content-security-policy']).toBeDefined();

    const revalidated = await gateway.inject({
      url: '/events',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(renders()).toBe(before);
  });

  it('renders once for a crowd of visitors that arrives after a change, and sends each the same page', async () => {
    eventsAnswer = { status: 200, body: [{ id: 4, title: 'Harvest Walk' }], delayMs: 200 };
    await writeThroughGateway(); // forgets the kept page before it answers
    const before = renders();
    const asked = eventsAsked;
    const crowd = await Promise.all(Array.from({ length: 10 }, () => gateway.inject({ url: '/events' })));
    expect(renders()).toBe(before + 1);
    // The one render's one read: the gateway's fetch to keep it, then (this stand-in's answer has
    // no ETag, so it is not kept) the read itself, sent on.
    expect(eventsAsked).toBe(asked + 2);
    for (const page of crowd) {
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Harvest Walk');
      expect(page.headers.etag).toBe(crowd[0]?.headers.etag);
    }
    // And a page that may not be kept (its data failed) is rendered once for that crowd, but again
    // for the next visitor.
    eventsAnswer = { status: 500, body: { message: 'down', code: 'internal' }, delayMs: 200 };
    await writeThroughGateway();
    const failing = renders();
    const failed = await Promise.all(Array.from({ length: 5 }, () => gateway.inject({ url: '/events' })));
    expect(renders()).toBe(failing + 1);
    for (const page of failed) expect(page.headers['cache-control']).toBe('no-cache');
    await gateway.inject({ url: '/events' });
    expect(renders()).toBe(failing + 2);
  });

  it('renders again after a change is announced, and shows the new data', async () => {
    const kept = await gateway.inject({ url: '/events' });
    eventsAnswer = { status: 200, body: [{ id: 1, title: 'Moonlight Walk' }] };
    expect((await gateway.inject({ url: '/events' })).body).toBe(kept.body);
    await notifyChange();
    await expect
      .poll(async () => (await gateway.inject({ url: '/events' })).body)
      .toContain('Moonlight Walk');
    const changed = await gateway.inject({ url: '/events' });
    expect(changed.headers.etag).not.toBe(kept.headers.etag);
  });

  it('forgets every page when a write goes through the gateway', async () => {
    await gateway.inject({ url: '/events' });
    const before = renders();
    const write = await writeThroughGateway();
    expect(write.statusCode).toBeGreaterThanOrEqual(400); // its service is down here: still a write
    await gateway.inject({ url: '/events' });
    expect(renders()).toBe(before + 1);
  });

  it('keeps a page no longer than the earliest Expires of its data', async () => {
    // Expires counts whole seconds: this one is at least two seconds ahead once truncated.
    const expires = new Date(Date.now() + 3_000).toUTCString();
    eventsAnswer = { status: 200, body: [{ id: 2, title: 'Starts soon' }], expires };
    await notifyChange();
    await keptAfterChange('/events');
    const before = renders();
    await gateway.inject({ url: '/events' });
    expect(renders()).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, Date.parse(expires) - Date.now() + 200));
    await gateway.inject({ url: '/events' });
    expect(renders()).toBe(before + 1);
  });

  it('does not keep a page whose data did not load, nor one with a query', async () => {
    eventsAnswer = { status: 500, body: { message: 'down', code: 'internal' } };
    await notifyChange();
    await renderedAfterChange('/events');
    const before = renders();
    const failed = await gateway.inject({ url: '/events' });
    expect(failed.headers['cache-control']).toBe('no-cache');
    await gateway.inject({ url: '/events' });
    expect(renders()).toBe(before + 2);

    eventsAnswer = { status: 200, body: [] };
    const queried = renders();
    await gateway.inject({ url: '/events?page=2' });
    await gateway.inject({ url: '/events?page=2' });
    expect(renders()).toBe(queried + 2);
  });

  it('does not keep a render that a change overtook', async () => {
    eventsAnswer = { status: 200, body: [{ id: 3, title: 'Old title' }], delayMs: 400 };
    await writeThroughGateway(); // forgets the kept page before it answers
    const rendering = gateway.inject({ url: '/events' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await notifyChange(); // the event changed while the page was being rendered
    expect((await rendering).body).toContain('Old title');
    eventsAnswer = { status: 200, body: [{ id: 3, title: 'New title' }] };
    await expect.poll(async () => (await gateway.inject({ url: '/events' })).body).toContain('New title');
  });

  it('keeps nothing while it cannot hear changes, and keeps again once it hears them', async () => {
    const twoVisits = async () => {
      const start = renders();
      await gateway.inject({ url: '/events' });
      await gateway.inject({ url: '/events' });
      return renders() - start;
    };
    const url = new URL(database.url);
    const name = url.pathname.slice(1);
    url.pathname = '/postgres'; // the server's own database: ours is the one being closed
    const admin = new pg.Client({ connectionString: url.href });
    await admin.connect();
    try {
      // Its LISTEN connection is cut, and cannot come back for now.
      await admin.query(`alter database ${admin.escapeIdentifier(name)} allow_connections false`);
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = 'gateway-kept-answers' and datname = $1`,
        [name],
      );
      await expect.poll(twoVisits, { timeout: 5_000 }).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 700)); // past its first retry
      expect(await twoVisits()).toBe(2);
    } finally {
      await admin.query(`alter database ${admin.escapeIdentifier(name)} allow_connections true`);
      await admin.end();
    }
    // It reconnects (with backoff) and keeps pages again.
    await expect.poll(twoVisits, { timeout: 15_000, interval: 300 }).toBeLessThanOrEqual(1);
  });

  it('compresses a kept page once, in the best encoding the browser takes', async () => {
    const plain = await gateway.inject({ url: '/events' });
    const br = await gateway.inject({ url: '/events', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await gateway.inject({ url: '/events', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(gzip.headers.vary).toContain('accept-encoding');
  });
});

describe('preferredEncoding', () => {
  it('takes brotli, else gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });
});
