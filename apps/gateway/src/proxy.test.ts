import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { publicRouteTable } from '@jesus-walks/contracts/route-table';
import { serviceNames, urlVariableOf } from '@jesus-walks/contracts/services';
import { createService, type ServiceApp } from '@jesus-walks/service-kit/create-service';
import { testSecrets } from '@jesus-walks/test-kit/test-service';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadEnv } from './env';
import { BODY_LIMIT_BYTES, routesByService } from './proxy';

/**
 * The gateway in front of a real service-kit service (catalog-and-orders' place in the route
 * table), both listening on loopback and spoken to over real HTTP: body limits, Expect, error
 * mapping and connection pooling only show on real sockets.
 */
let upstream: ServiceApp;
let gateway: FastifyInstance;
let gatewayPort: number;
const upstreamRequests: string[] = [];
const gatewayLog: Array<{ level: number; msg: string; res?: { statusCode?: number } }> = [];

interface Echo {
  method: string;
  url: string;
  clientAddress: string;
  user: unknown;
  bytes: number;
  contentType: string | null;
  remotePort: number;
  signed: boolean;
}

async function startUpstream(): Promise<ServiceApp> {
  const app = createService({
    name: 'catalog-and-orders',
    logger: false,
    identitySigningKey: testSecrets.IDENTITY_SIGNING_KEY,
    internalToken: testSecrets.INTERNAL_TOKEN,
  });
  // Raw bytes whatever the type, so the test sees exactly what the gateway sent.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.get('/api/products/status-:code', async (request, reply) => {
    const { code } = request.params as { code: string };
    return reply.code(Number(code)).send({ message: `answered ${code}`, code: 'from_upstream' });
  });
  app.get('/api/products/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    return { slow: true };
  });
  app.route({
    method: ['GET', 'POST', 'PUT', 'DELETE'],
    url: '/api/*',
    handler: async (request): Promise<Echo> => {
      upstreamRequests.push(`${request.method} ${request.url}`);
      // A service that dies while it holds the request (killed mid-answer, a restart).
      if (request.headers['x-test-die'] === 'yes') request.raw.socket.destroy();
      return {
        method: request.method,
        url: request.url,
        clientAddress: request.clientAddress,
        user: request.identity,
        bytes: Buffer.isBuffer(request.body) ? request.body.length : 0,
        contentType: request.headers['content-type'] ?? null,
        remotePort: request.socket.remotePort ?? 0,
        signed: request.headers['x-identity'] !== undefined,
      };
    },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return app;
}

const portOf = (app: { server: { address(): unknown } }) => (app.server.address() as { port: number }).port;

async function startGateway(extra: Record<string, string> = {}): Promise<FastifyInstance> {
  const closedPort = 9; // discard: nothing listens there
  const env = loadEnv({
    ...testSecrets,
    PUBLIC_ORIGIN: 'http://localhost:3000',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    ...Object.fromEntries(
      serviceNames.map((name) => [urlVariableOf(name), `http://127.0.0.1:${closedPort}`]),
    ),
    CATALOG_AND_ORDERS_URL: `http://127.0.0.1:${portOf(upstream)}`,
    ...extra,
  });
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n').filter(Boolean)) gatewayLog.push(JSON.parse(line));
      callback();
    },
  });
  const app = await buildApp(env, { logger: pino({ level: 'info' }, logStream) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return app;
}

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  json<T = Record<string, unknown>>(): T;
}

/**
 * One request on its own connection, written by hand: a fixed Content-Length, chunked (no
 * length), or held back until the server says 100 Continue.
 */
function send(options: {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer;
  chunked?: boolean;
  port?: number;
}): Promise<RawResponse> {
  const body = options.body ?? Buffer.alloc(0);
  const headers: Record<string, string> = { ...options.headers };
  if (!options.chunked && options.body) headers['content-length'] = String(body.length);
  // Said outright: Node's client chunks POST and PUT bodies by itself, but not DELETE's.
  if (options.chunked) headers['transfer-encoding'] = 'chunked';
  return new Promise((resolve, reject) => {
    const request = httpRequest({
      host: '127.0.0.1',
      port: options.port ?? gatewayPort,
      method: options.method ?? 'POST',
      path: options.path,
      headers,
      agent: false,
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text,
          json: () => JSON.parse(text),
        });
      });
    });
    // Writing may fail once the server has answered and stopped reading: the answer is what counts.
    request.on('error', (error) => setTimeout(() => reject(error), 200));
    const write = () => {
      if (options.chunked) {
        for (let at = 0; at < body.length; at += 64 * 1024) request.write(body.subarray(at, at + 64 * 1024));
        request.end();
      } else {
        request.end(body);
      }
    };
    if (headers.expect === '100-continue') request.on('continue', write);
    else write();
  });
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

beforeAll(async () => {
  upstream = await startUpstream();
  gateway = await startGateway();
  gatewayPort = portOf(gateway);
});

afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
});

describe('one upstream per service', () => {
  it('groups every public route under the service that owns it, once', () => {
    const groups = routesByService();
    const grouped = [...groups.values()].flat();
    expect(grouped).toHaveLength(publicRouteTable().length);
    expect(new Set(grouped).size).toBe(grouped.length);
    for (const [service, routes] of groups) for (const route of routes) expect(route.service).toBe(service);
    // One prefix, two owners, told apart by method: the gateway routes by method and path.
    const owner = (method: string, path: string) =>
      grouped.find((route) => route.method === method && route.path === path)?.service;
    expect(owner('GET', '/api/orders')).toBe('catalog-and-orders');
    expect(owner('POST', '/api/orders')).toBe('payments');
  });

  it('answers 404 itself for a method or path no route has, without asking any service', async () => {
    const before = upstreamRequests.length;
    for (const [method, path] of [
      ['PATCH', '/api/products/1'],
      ['GET', '/api/products/1/extra'],
      ['GET', '/api/nothing-here'],
    ] as const) {
      const response = await send({ method, path });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
    expect(upstreamRequests.length).toBe(before);
  });

  it('sends requests to two prefixes of one service over the same pooled connection', async () => {
    const ports = new Set<number>();
    for (const path of ['/api/products/1', '/api/orders', '/api/products/3', '/api/shipping/rates']) {
      const response = await send({ method: 'GET', path });
      expect(response.status, path).toBe(200);
      ports.add(response.json<Echo>().remotePort);
    }
    // One pool per prefix would have opened a connection for each of them.
    expect(ports.size).toBe(1);
  });
});

describe('request bodies', () => {
  const tooLarge = Buffer.alloc(2 * 1024 * 1024, 'a');
  const refusal = {
    message: 'The request body is too large: the limit is 1 MiB.',
    code: 'payload_too_large',
  };

  it('refuses every body over the limit with 413 before proxying it, by Content-Length', async () => {
    const before = upstreamRequests.length;
    for (let i = 0; i < 25; i++) {
      const response = await send({
        path: '/api/products',
        headers: { 'content-type': 'application/json' },
        body: tooLarge,
      });
      expect(response.status, `attempt ${i}`).toBe(413);
      expect(response.json()).toEqual(refusal);
    }
    expect(upstreamRequests.length).toBe(before);
  });

  it('refuses every chunked body over the limit with 413 before proxying it, counting as it arrives', async () => {
    const before = upstreamRequests.length;
    for (let i = 0; i < 25; i++) {
      const response = await send({
        path: '/api/products',
        headers: { 'content-type': 'application/octet-stream' },
        body: tooLarge,
        chunked: true,
      });
      expect(response.status, `attempt ${i}`).toBe(413);
      expect(response.json()).toEqual(refusal);
    }
    expect(upstreamRequests.length).toBe(before);
  });

  it('forwards bodies up to the limit byte for byte, with or without a length', async () => {
    const atLimit = Buffer.alloc(BODY_LIMIT_BYTES, 'b');
    for (const chunked of [false, true]) {
      const response = await send({
        method: 'PUT',
        path: '/api/products/7',
        headers: { 'content-type': 'application/octet-stream' },
        body: atLimit,
        chunked,
      });
      expect(response.status, `chunked: ${chunked}`).toBe(200);
      expect(response.json()).toMatchObject({ method: 'PUT', bytes: BODY_LIMIT_BYTES });
    }
    const raw = Buffer.from('{"a":1,   "b":[2]}');
    const exact = await send({
      path: '/api/products',
      headers: { 'content-type': 'application/json' },
      body: raw,
    });
    expect(exact.json()).toMatchObject({ bytes: raw.length, contentType: 'application/json' });
  });

  it('accepts Expect: 100-continue (what curl sends for bodies over 1 KB)', async () => {
    const body = json({ note: 'x'.repeat(5_000) });
    for (let i = 0; i < 5; i++) {
      const response = await send({
        path: '/api/products',
        headers: { 'content-type': 'application/json', expect: '100-continue' },
        body,
      });
      expect(response.status).toBe(200);
      expect(response.json()).toMatchObject({ method: 'POST', url: '/api/products', bytes: body.length });
    }
  });

  it('does not forward hop-by-hop headers that undici would refuse', async () => {
    const response = await send({
      path: '/api/products',
      headers: { 'content-type': 'application/json', 'keep-alive': 'timeout=5', te: 'trailers' },
      body: json({}),
    });
    expect(response.status).toBe(200);
  });
});

describe('what the service sees', () => {
  it('a signed identity on every request, anonymous ones too, with the client address', async () => {
    const response = await send({
      method: 'GET',
      path: '/api/products/5?sort=name',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(response.status).toBe(200);
    // The service verified the header against the path it received: it was bound to it.
    expect(response.json()).toMatchObject({
      url: '/api/products/5?sort=name',
      user: null,
      clientAddress: '127.0.0.1',
      signed: true,
    });
  });

  it('the route the gateway matched, re-encoded, when the client encoded the path', async () => {
    const response = await send({ method: 'GET', path: '/api/%70roducts/9' });
    expect(response.status).toBe(200);
    expect(response.json()).toMatchObject({ url: '/api/products/9', user: null });
  });
});

describe('upstream failures and client errors', () => {
  it('passes the service 4xx answers through unchanged', async () => {
    for (const code of [400, 404, 409, 422]) {
      const response = await send({ method: 'GET', path: `/api/products/status-${code}` });
      expect(response.status).toBe(code);
      expect(response.json()).toEqual({ message: `answered ${code}`, code: 'from_upstream' });
    }
  });

  it('answers 503, not 401, on a members route when identity cannot check the session; public routes go on anonymous', async () => {
    // Identity is not there (port 9): the session cookie cannot be checked.
    upstreamRequests.length = 0;
    const members = await send({
      method: 'GET',
      path: '/api/orders',
      headers: { cookie: 'sid=some-session' },
    });
    expect(members.status).toBe(503);
    expect(members.json()).toEqual({
      message: 'We cannot check your session right now. Please try again shortly.',
      code: 'upstream_unavailable',
    });
    expect(upstreamRequests).toEqual([]);
    const publicRoute = await send({
      method: 'GET',
      path: '/api/products',
      headers: { cookie: 'sid=some-session' },
    });
    expect(publicRoute.status).toBe(200);
    expect(publicRoute.json()).toMatchObject({ url: '/api/products', user: null });
  });

  it('answers 503 for a service that is not there', async () => {
    const response = await send({ method: 'GET', path: '/api/events' });
    expect(response.status).toBe(503);
    expect(response.json()).toMatchObject({ code: 'upstream_unavailable' });
  });

  it('answers 503 with Retry-After within 2 s for every method, with and without a body, to a service that is not there', async () => {
    // content-and-events is on the closed port; every method its routes use, with each kind of body.
    const routes = publicRouteTable().filter((route) => route.service === 'content-and-events');
    const methods = [...new Set(routes.map((route) => route.method))].sort();
    expect(methods).toEqual(['DELETE', 'GET', 'PATCH', 'POST', 'PUT']);
    const bodies: Array<{ kind: string; body?: Buffer; chunked?: boolean }> = [
      { kind: 'none' },
      { kind: 'empty', body: Buffer.alloc(0) },
      { kind: '1 KB', body: json({ note: 'x'.repeat(1_000) }) },
      { kind: '100 KB', body: json({ note: 'x'.repeat(100_000) }) },
      { kind: '100 KB chunked', body: json({ note: 'x'.repeat(100_000) }), chunked: true },
    ];
    for (const method of methods) {
      const route = routes.find((candidate) => candidate.method === method);
      const path = route?.path.replace(/:[A-Za-z_]\w*/g, '1') ?? '';
      for (const { kind, body, chunked } of method === 'GET' ? bodies.slice(0, 1) : bodies) {
        const startedAt = performance.now();
        const response = await send({
          method,
          path,
          headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
          ...(body && { body }),
          ...(chunked && { chunked }),
        });
        const what = `${method} ${path} with ${kind} body`;
        expect(response.status, `${what}: ${response.text}`).toBe(503);
        expect(performance.now() - startedAt, what).toBeLessThan(2_000);
        expect(response.headers['retry-after'], what).toBe('5');
        expect(response.json(), what).toEqual({
          message: 'The content-and-events service is unavailable right now. Please try again shortly.',
          code: 'upstream_unavailable',
        });
      }
    }
  });

  it('keeps its client connections alive through 503s, so nothing piles up', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 2 });
    try {
      const answers = await Promise.all(
        Array.from(
          { length: 20 },
          (_, index) =>
            new Promise<number>((resolve, reject) => {
              const request = httpRequest({
                host: '127.0.0.1',
                port: gatewayPort,
                method: index % 2 ? 'POST' : 'PUT',
                path: index % 2 ? '/api/events/1/registrations' : '/api/events/1',
                headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
                agent,
              });
              request.on('response', (response) => {
                response.resume();
                response.on('end', () => resolve(response.statusCode ?? 0));
              });
              request.on('error', reject);
              request.end(json({ fullName: 'Ann Walker', email: `ann${index}@example.com` }));
            }),
        ),
      );
      expect(answers).toEqual(Array.from({ length: 20 }, () => 503));
      // Two sockets carried all twenty: each answer left its connection ready for the next.
      const connections = await new Promise<number>((resolve, reject) =>
        gateway.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
      );
      expect(connections).toBeLessThanOrEqual(2);
    } finally {
      agent.destroy();
    }
  });

  it('never sends a request again: one that reached a service that died answers 503 and is not repeated', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
      upstreamRequests.length = 0;
      const path = method === 'POST' ? '/api/products' : '/api/products/carried-once';
      const response = await send({
        method,
        path,
        headers: { 'x-test-die': 'yes', 'content-type': 'application/json' },
        ...(method !== 'GET' && { body: json({ quantity: 1 }) }),
      });
      expect(response.status, method).toBe(503);
      expect(response.headers['retry-after'], method).toBe('5');
      // Long enough for any retry (reply-from's default waits up to 42 ms times the attempt).
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(upstreamRequests, method).toEqual([`${method} ${path}`]);
    }
  });

  it('answers 504 for a service that is too slow', async () => {
    const impatient = await startGateway({ UPSTREAM_TIMEOUT_MS: '200' });
    try {
      const response = await send({ method: 'GET', path: '/api/products/slow', port: portOf(impatient) });
      expect(response.status).toBe(504);
      expect(response.json()).toMatchObject({ code: 'upstream_timeout' });
    } finally {
      await impatient.close();
    }
  });

  it('a client aborting mid-body is not an outage, and nothing reaches the service', async () => {
    const before = upstreamRequests.length;
    gatewayLog.length = 0;
    await new Promise<void>((resolve) => {
      const request = httpRequest({
        host: '127.0.0.1',
        port: gatewayPort,
        method: 'POST',
        path: '/api/products',
        headers: { 'content-type': 'application/json', 'content-length': '10000' },
        agent: false,
      });
      request.on('error', () => resolve());
      request.write('{"partial":');
      setTimeout(() => {
        request.destroy();
        setTimeout(resolve, 300);
      }, 100);
    });
    expect(upstreamRequests.length).toBe(before);
    const statuses = gatewayLog.flatMap((line) => (line.res?.statusCode ? [line.res.statusCode] : []));
    expect(statuses.every((status) => status < 500)).toBe(true);
    expect(gatewayLog.filter((line) => line.msg.startsWith('upstream'))).toEqual([]);
  });

  it('a malformed request stays a client error', async () => {
    const before = upstreamRequests.length;
    // Invalid chunk framing, written on a bare socket since no HTTP client would send it.
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(gatewayPort, '127.0.0.1');
      let received = '';
      socket.on('data', (chunk) => {
        received += String(chunk);
      });
      socket.on('end', () => resolve(received));
      socket.on('error', reject);
      socket.end(
        'POST /api/products HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
          'Transfer-Encoding: chunked\r\n\r\nzz\r\nnot-a-chunk\r\n0\r\n\r\n',
      );
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(upstreamRequests.length).toBe(before);
  });
});
