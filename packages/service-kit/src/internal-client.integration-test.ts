import { defineRoute } from '@jesus-walks/contracts/route-contract';
import { freePort } from '@jesus-walks/local-postgres/network';
import { testSecrets } from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createService, type ServiceApp } from './create-service';
import { DomainError, notFound } from './errors';
import { createInternalClient, type InternalClient } from './internal-client';
import { registerRoute } from './routes';

const ProductSchema = z.object({ id: z.number().int(), name: z.string(), price: z.string() });

const routes = {
  product: defineRoute({
    method: 'GET',
    path: '/internal/kit/products/:id',
    service: 'catalog-and-orders',
    access: 'internal',
    summary: 'A product by id',
    request: { params: z.object({ id: z.coerce.number().int().positive() }) },
    responses: { 200: ProductSchema },
  }),
  slug: defineRoute({
    method: 'GET',
    path: '/internal/kit/slugs/:slug/parts/:part',
    service: 'catalog-and-orders',
    access: 'internal',
    summary: 'Echoes its path parameters and query',
    request: { params: z.object({ slug: z.string(), part: z.string() }) },
    responses: {
      200: z.object({ slug: z.string(), part: z.string(), query: z.record(z.string(), z.string()) }),
    },
  }),
  quote: defineRoute({
    method: 'POST',
    path: '/internal/kit/quotes',
    service: 'catalog-and-orders',
    access: 'internal',
    summary: 'Prices items',
    request: {
      body: z.object({ items: z.array(z.object({ productId: z.number(), quantity: z.number() })) }),
    },
    responses: { 201: z.object({ total: z.string() }), 200: z.object({ total: z.string() }) },
  }),
  /** The peer answers this path with a shape the contract does not allow. */
  drifted: defineRoute({
    method: 'GET',
    path: '/internal/kit/drifted',
    service: 'catalog-and-orders',
    access: 'internal',
    summary: 'Contract the peer no longer honours',
    responses: { 200: ProductSchema },
  }),
  broken: defineRoute({
    method: 'GET',
    path: '/internal/kit/broken',
    service: 'catalog-and-orders',
    access: 'internal',
    summary: 'Fails on the peer',
    responses: { 200: z.object({}) },
  }),
  slow: defineRoute({
    method: 'GET',
    path: '/internal/kit/slow',
    service: 'catalog-and-orders',
    access: 'internal',
    summary: 'Takes its time',
    responses: { 200: z.object({}) },
  }),
};

let peer: ServiceApp;
let baseUrl: string;
let client: InternalClient;
let lastHeaders: Record<string, string | string[] | undefined> = {};

beforeAll(async () => {
  peer = createService({
    name: 'catalog-and-orders',
    logger: false,
    identitySigningKey: testSecrets.IDENTITY_SIGNING_KEY,
    internalToken: testSecrets.INTERNAL_TOKEN,
  });
  peer.addHook('onRequest', async (request) => {
    lastHeaders = { ...request.headers };
  });
  registerRoute(peer, routes.product, async (request) => {
    if (request.params.id === 404) throw notFound('Product 404 was not found');
    return { id: request.params.id, name: 'Trail cap', price: '19.90' };
  });
  registerRoute(peer, routes.slug, async (request) => ({
    ...request.params,
    query: request.query as Record<string, string>,
  }));
  registerRoute(peer, routes.quote, async (request, reply) => {
    const total = request.body.items.reduce((sum, item) => sum + item.quantity * 10, 0);
    return reply.code(201).send({ total: total.toFixed(2) });
  });
  peer.get('/internal/kit/drifted', async () => ({ id: 'seven', name: 'Trail cap' }));
  peer.get('/internal/kit/broken', async () => {
    throw new Error('peer database exploded');
  });
  peer.get('/internal/kit/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    return {};
  });
  baseUrl = await peer.listen({ host: '127.0.0.1', port: 0 });
  client = createInternalClient({ baseUrl: `${baseUrl}/`, internalToken: testSecrets.INTERNAL_TOKEN });
});

afterAll(async () => {
  await client.close();
  await peer.close();
});

async function domainErrorOf(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

describe('createInternalClient', () => {
  it('calls the route with the internal token and the request id, and returns the validated body', async () => {
    const product = await client.call(routes.product, { params: { id: 7 }, requestId: 'req-abc.123' });
    expect(product).toEqual({ id: 7, name: 'Trail cap', price: '19.90' });
    expect(lastHeaders['x-internal-token']).toBe(testSecrets.INTERNAL_TOKEN);
    expect(lastHeaders['x-request-id']).toBe('req-abc.123');
  });

  it('passes extra headers along', async () => {
    await client.call(routes.product, { params: { id: 1 }, headers: { cookie: 'sid=abc' } });
    expect(lastHeaders.cookie).toBe('sid=abc');
    expect(lastHeaders['x-request-id']).toBeUndefined();
  });

  it('fills every path parameter, encoded, and sends the query without undefined values', async () => {
    const answer = await client.call(routes.slug, {
      params: { slug: 'trail cap/2?x', part: 'ü' },
      query: { page: 2, active: true, missing: undefined },
    });
    expect(answer).toEqual({ slug: 'trail cap/2?x', part: 'ü', query: { page: '2', active: 'true' } });
  });

  it('refuses to call with a path parameter missing', async () => {
    await expect(client.call(routes.slug, { params: { slug: 'cap' } as never })).rejects.toThrow(
      'Missing path parameter part for /internal/kit/slugs/:slug/parts/:part',
    );
  });

  it('sends a JSON body and reads a 201', async () => {
    const quote = await client.call(routes.quote, {
      body: { items: [{ productId: 1, quantity: 3 }] },
    });
    expect(quote).toEqual({ total: '30.00' });
    expect(lastHeaders['content-type']).toBe('application/json');
  });

  it("turns a peer's answer of an unexpected shape into upstream_error (502)", async () => {
    const error = await domainErrorOf(client.call(routes.drifted));
    expect(error.code).toBe('upstream_error');
    expect(error.status).toBe(502);
  });

  it("turns a peer's 404 into not_found with the peer's message", async () => {
    const error = await domainErrorOf(client.call(routes.product, { params: { id: 404 } }));
    expect(error).toMatchObject({ code: 'not_found', status: 404, message: 'Product 404 was not found' });
  });

  it("turns a peer's validation 400 into bad_request", async () => {
    const error = await domainErrorOf(client.call(routes.product, { params: { id: -1 } }));
    expect(error).toMatchObject({ code: 'bad_request', status: 400 });
  });

  it('turns a refused internal token into upstream_error (502), not a 401 for the caller', async () => {
    const misconfigured = createInternalClient({ baseUrl, internalToken: 'x'.repeat(40) });
    try {
      const error = await domainErrorOf(misconfigured.call(routes.product, { params: { id: 7 } }));
      expect(error).toMatchObject({ code: 'upstream_error', status: 502 });
    } finally {
      await misconfigured.close();
    }
  });

  it("turns a peer's 500 into upstream_error, without the peer's internals", async () => {
    const error = await domainErrorOf(client.call(routes.broken));
    expect(error.code).toBe('upstream_error');
    expect(error.message).not.toContain('exploded');
  });

  it('answers upstream_unavailable quickly when nothing listens on the port', async () => {
    const down = createInternalClient({
      baseUrl: `http://127.0.0.1:${await freePort()}`,
      internalToken: testSecrets.INTERNAL_TOKEN,
    });
    const started = Date.now();
    const error = await domainErrorOf(down.call(routes.product, { params: { id: 1 } }));
    await down.close();
    expect(error).toMatchObject({ code: 'upstream_unavailable', status: 503 });
    expect(error.message).toBe('catalog-and-orders is unavailable');
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('gives up on a peer that does not answer in time', async () => {
    const impatient = createInternalClient({
      baseUrl,
      internalToken: testSecrets.INTERNAL_TOKEN,
      timeoutMs: 200,
    });
    const started = Date.now();
    const error = await domainErrorOf(impatient.call(routes.slow));
    const elapsed = Date.now() - started;
    await impatient.close();
    expect(error.code).toBe('upstream_unavailable');
    // undici's timers tick coarsely (about half a second), well before the peer would answer.
    expect(elapsed).toBeLessThan(2_000);
  });
});
