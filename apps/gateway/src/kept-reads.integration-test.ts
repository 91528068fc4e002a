import { brotliDecompressSync } from 'node:zlib';
import { publicReadChannelOf, serviceNames, urlVariableOf } from '@jesus-walks/contracts/services';
import { freePort } from '@jesus-walks/local-postgres/network';
import { createEmptyTestDatabase, type EmptyTestDatabase } from '@jesus-walks/test-kit/test-database';
import { testSecrets } from '@jesus-walks/test-kit/test-service';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadEnv } from './env';

/**
 * The shared reads (GET /api/products, a route contract's `sharedRead`) answered by the gateway
 * from memory, against real Postgres NOTIFY and a stand-in for the catalog service: fetched once
 * for every anonymous caller, with the service's own ETag and Expires, built afresh by the service
 * after a change, cleared by the services' change notifications and by writes through the gateway;
 * never kept when the service says it may not be, and never served to a member.
 */

const ORIGIN = 'http://localhost:3000';
let database: EmptyTestDatabase;
let gateway: FastifyInstance;
let catalog: FastifyInstance;
let identity: FastifyInstance;

interface CatalogAnswer {
  status: number;
  products: Array<{ id: number; name: string }>;
  cacheControl: string;
  expires?: string;
  delayMs?: number;
}
let catalogAnswer: CatalogAnswer;
/** Every GET /api/products the stand-in received, with what mattered of it. */
let asked: Array<{ cacheControl: string | undefined; cookie: string | undefined }> = [];

const etagOf = (answer: CatalogAnswer) =>
  `"${Buffer.from(JSON.stringify(answer.products)).toString('base64url').slice(-27)}"`;

async function notifyChange(): Promise<void> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query(`select pg_notify($1, 'products')`, [publicReadChannelOf('catalog-and-orders')]);
  await client.end();
}

/** A write through the gateway (to the same stand-in): whatever the gateway kept goes before it answers. */
const writeThroughGateway = () =>
  gateway.inject({
    method: 'POST',
    url: '/api/cart/add',
    headers: { origin: ORIGIN },
    payload: { productId: 5, quantity: 1 },
  });

const read = (headers: Record<string, string> = {}) => gateway.inject({ url: '/api/products', headers });

/** Until the gateway has heard a change: the next read goes to the service again. */
async function fetchedAfterChange(): Promise<void> {
  await notifyChange();
  await expect
    .poll(async () => {
      const before = asked.length;
      await read();
      return asked.length > before;
    })
    .toBe(true);
}

beforeAll(async () => {
  database = await createEmptyTestDatabase('kept_reads');
  catalog = Fastify();
  catalog.get('/api/products', async (request, reply) => {
    asked.push({ cacheControl: request.headers['cache-control'], cookie: request.headers.cookie });
    const { status, products, cacheControl, expires, delayMs } = catalogAnswer;
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (expires) reply.header('expires', expires);
    return reply
      .code(status)
      .header('cache-control', cacheControl)
      .header('etag', etagOf(catalogAnswer))
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(products));
  });
  catalog.post('/api/cart/add', async () => ({ ok: true }));
  const catalogPort = await freePort();
  await catalog.listen({ host: '127.0.0.1', port: catalogPort });

  // identity, as far as the gateway asks it: whose session a cookie is.
  identity = Fastify();
  identity.get('/internal/sessions/resolve', async (request) => ({
    identity: String(request.headers.cookie).includes('sid=member')
      ? { id: 7, username: 'ada', isAdmin: false }
      : null,
  }));
  const identityPort = await freePort();
  await identity.listen({ host: '127.0.0.1', port: identityPort });

  const env = loadEnv({
    ...testSecrets,
    PUBLIC_ORIGIN: ORIGIN,
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    ...Object.fromEntries(serviceNames.map((name) => [urlVariableOf(name), 'http://127.0.0.1:9'])),
    CATALOG_AND_ORDERS_URL: `http://127.0.0.1:${catalogPort}`,
    IDENTITY_URL: `http://127.0.0.1:${identityPort}`,
  });
  gateway = await buildApp(env, { logger: false });
  await gateway.ready();
});

afterAll(async () => {
  await gateway?.close();
  await catalog?.close();
  await identity?.close();
  await database?.destroy();
});

beforeEach(async () => {
  catalogAnswer = {
    status: 200,
    products: [{ id: 1, name: 'Trail Cap '.repeat(200) }],
    cacheControl: 'public, no-cache',
  };
  await fetchedAfterChange();
  asked = [];
});

describe('shared reads kept by the gateway', () => {
  it('answers every anonymous caller from memory, with the service’s ETag, and 304 to one that has it', async () => {
    const first = await read();
    const second = await read({ cookie: 'device=abc' });
    expect(asked).toHaveLength(0);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(catalogAnswer.products);
    expect(first.headers.etag).toBe(etagOf(catalogAnswer));
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.body).toBe(first.body);
    const unchanged = await read({ 'if-none-match': etagOf(catalogAnswer) });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    const br = await read({ 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
    expect(asked).toHaveLength(0);
  });

  it('fetches once for all who ask at once, and has the service build it afresh', async () => {
    catalogAnswer = { ...catalogAnswer, products: [{ id: 3, name: 'Canteen' }], delayMs: 200 };
    await writeThroughGateway(); // forgets what was kept before it answers
    asked = [];
    const answers = await Promise.all(Array.from({ length: 20 }, () => read()));
    for (const answer of answers) expect(answer.json()).toEqual([{ id: 3, name: 'Canteen' }]);
    expect(asked).toEqual([{ cacheControl: 'no-cache', cookie: undefined }]);
  });

  it('fetches afresh after a change elsewhere (NOTIFY) and after a write through the gateway', async () => {
    catalogAnswer = { ...catalogAnswer, products: [{ id: 4, name: 'Walking Stick' }] };
    expect((await read()).json()).not.toEqual(catalogAnswer.products);
    await fetchedAfterChange();
    expect((await read()).json()).toEqual(catalogAnswer.products);

    catalogAnswer = { ...catalogAnswer, products: [{ id: 5, name: 'Rain Jacket' }] };
    expect((await writeThroughGateway()).statusCode).toBe(200);
    expect((await read()).json()).toEqual(catalogAnswer.products);
  });

  it('passes the service’s Expires on, and fetches again once it has passed', async () => {
    const expires = new Date(Date.now() + 1_500);
    catalogAnswer = { ...catalogAnswer, expires: expires.toUTCString() };
    await fetchedAfterChange();
    expect((await read()).headers.expires).toBe(expires.toUTCString());
    asked = [];
    await read();
    expect(asked).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, expires.getTime() - Date.now() + 50));
    await read();
    expect(asked).toHaveLength(1);
  });

  it('keeps nothing the service does not allow (no `public`) or that is not a 200, and says the service’s answer', async () => {
    catalogAnswer = { ...catalogAnswer, cacheControl: 'no-store' };
    await fetchedAfterChange();
    asked = [];
    await read();
    await read();
    // Asked for the store, then proxied for the caller: each time.
    expect(asked).toHaveLength(4);

    catalogAnswer = { ...catalogAnswer, status: 500, cacheControl: 'public, no-cache' };
    asked = [];
    const failed = await read();
    expect(failed.statusCode).toBe(500);
    expect((await read()).statusCode).toBe(500);
    expect(asked.length).toBeGreaterThanOrEqual(4);
  });

  it('sends a member’s request on to the service, without the browser’s own Cache-Control', async () => {
    const member = await read({ cookie: 'sid=member', 'cache-control': 'no-cache', pragma: 'no-cache' });
    expect(member.statusCode).toBe(200);
    expect(asked).toEqual([{ cacheControl: undefined, cookie: 'sid=member' }]);
  });
});
