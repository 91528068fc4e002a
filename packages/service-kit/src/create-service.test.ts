import { Writable } from 'node:stream';
import { IdParamsSchema } from '@jesus-walks/contracts/common';
import { defineRoute } from '@jesus-walks/contracts/route-contract';
import { identityHeaders, internalHeader, testSecrets, testUser } from '@jesus-walks/test-kit/test-service';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type CreateServiceOptions, createService, type ServiceApp } from './create-service';
import { DomainError, type ErrorCode, errorStatus } from './errors';
import { registerRoute } from './routes';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const genericFailure = {
  message: 'Something went wrong on our side. Please try again.',
  code: 'internal_error',
};

const routes = {
  echo: defineRoute({
    method: 'POST',
    path: '/api/kit/echo',
    service: 'identity',
    access: 'public',
    summary: 'Echoes a named thing',
    request: { body: z.object({ name: z.string() }) },
    responses: { 200: z.object({ name: z.string() }) },
  }),
  fail: defineRoute({
    method: 'GET',
    path: '/api/kit/fail/:code',
    service: 'identity',
    access: 'public',
    summary: 'Throws the DomainError named in the path',
    request: { params: z.object({ code: z.enum(Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]]) }) },
    responses: { 200: z.object({}) },
  }),
  crash: defineRoute({
    method: 'GET',
    path: '/api/kit/crash',
    service: 'identity',
    access: 'public',
    summary: 'Throws an unexpected error carrying internals',
    responses: { 200: z.object({}) },
  }),
  wrongShape: defineRoute({
    method: 'GET',
    path: '/api/kit/wrong-shape/:id',
    service: 'identity',
    access: 'public',
    summary: 'Returns something its response schema refuses',
    request: { params: IdParamsSchema },
    responses: { 200: z.object({ id: z.number(), secretTotal: z.number() }) },
  }),
  requestId: defineRoute({
    method: 'GET',
    path: '/api/kit/request-id',
    service: 'identity',
    access: 'public',
    summary: "The request's id as the handler sees it",
    responses: { 200: z.object({ id: z.string() }) },
  }),
  internalPing: defineRoute({
    method: 'GET',
    path: '/internal/kit/ping',
    service: 'identity',
    access: 'internal',
    summary: 'Internal callers only',
    responses: { 200: z.object({ pong: z.literal(true) }) },
  }),
};

const logLines: Array<Record<string, unknown>> = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
      logLines.push(JSON.parse(line) as Record<string, unknown>);
    }
    done();
  },
});

function buildKitApp(extra: Partial<CreateServiceOptions> = {}): ServiceApp {
  const app = createService({
    name: 'kit-test',
    logger: false,
    identitySigningKey: testSecrets.IDENTITY_SIGNING_KEY,
    internalToken: testSecrets.INTERNAL_TOKEN,
    ...extra,
  });
  registerRoute(app, routes.echo, async (request) => ({ name: request.body.name }));
  registerRoute(app, routes.fail, async (request) => {
    throw new DomainError(request.params.code, `Message for ${request.params.code}`);
  });
  registerRoute(app, routes.crash, async () => {
    throw new Error('connect ECONNREFUSED 10.0.0.5:5432 password authentication failed for user "app"');
  });
  registerRoute(app, routes.wrongShape, async (request) => ({ id: request.params.id }) as never);
  registerRoute(app, routes.requestId, async (request) => ({ id: request.id }));
  registerRoute(app, routes.internalPing, async () => ({ pong: true as const }));
  return app;
}

let app: ServiceApp;

beforeAll(async () => {
  app = buildKitApp({ logger: pino({ level: 'info' }, logStream), bodyLimit: 1024 });
  await app.ready();
});
afterAll(() => app.close());

describe('error answers', () => {
  it('answers unknown routes with a JSON 404 naming the method and path, without the query', async () => {
    const response = await app.inject({ method: 'DELETE', url: '/api/nothing/here?token=abc' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ message: 'No route for DELETE /api/nothing/here', code: 'not_found' });
  });

  it('answers invalid JSON with 400 bad_request', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/kit/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.any(String), code: 'bad_request' });
  });

  it('answers a body over the limit with 413 and the error envelope', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/kit/echo',
      payload: { name: 'x'.repeat(2048) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: expect.any(String), code: 'bad_request' });
  });

  it.each(Object.entries(errorStatus))(
    'maps DomainError %s to status %i with its message',
    async (code, status) => {
      const response = await app.inject({ url: `/api/kit/fail/${code}` });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ message: `Message for ${code}`, code });
    },
  );

  it('carries the issues of a DomainError', async () => {
    const issuesApp = buildKitApp();
    issuesApp.get('/api/kit/issues', async () => {
      throw new DomainError('business_rule', 'Not allowed', [
        { path: ['items', 0, 'quantity'], message: 'Too many' },
      ]);
    });
    const response = await issuesApp.inject({ url: '/api/kit/issues' });
    await issuesApp.close();
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Not allowed',
      code: 'business_rule',
      issues: [{ path: ['items', 0, 'quantity'], message: 'Too many' }],
    });
  });

  it('answers an unexpected error with a generic 500: no message, no stack; the log has the details', async () => {
    logLines.length = 0;
    const response = await app.inject({ url: '/api/kit/crash', headers: { 'x-request-id': 'crash-1' } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual(genericFailure);
    expect(response.body).not.toMatch(/ECONNREFUSED|password|10\.0\.0\.5|\bat \w|\.ts:\d/);

    const logged = logLines.find((line) => line.level === 50);
    expect(logged).toMatchObject({ reqId: 'crash-1', service: 'kit-test', msg: 'request failed' });
    expect(JSON.stringify(logged)).toContain('ECONNREFUSED');
  });

  it('answers a response its schema refuses with the generic 500, never the data', async () => {
    const response = await app.inject({ url: '/api/kit/wrong-shape/7' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual(genericFailure);
  });
});

describe('request ids', () => {
  it('echoes a well-formed incoming x-request-id and hands it to the handler', async () => {
    const id = 'gw-2f1c.7:a_b-9';
    const response = await app.inject({ url: '/api/kit/request-id', headers: { 'x-request-id': id } });
    expect(response.headers['x-request-id']).toBe(id);
    expect(response.json()).toEqual({ id });
  });

  it.each([
    ['spaces', 'abc def'],
    ['a newline', 'abc\nSet-Cookie: sid=stolen'],
    ['200 characters', 'a'.repeat(200)],
    ['quotes and braces', '"};alert(1)//'],
    ['nothing', ''],
  ])('replaces an id with %s by a fresh uuid', async (_label, id) => {
    const response = await app.inject({ url: '/api/kit/request-id', headers: { 'x-request-id': id } });
    const given = response.headers['x-request-id'];
    expect(given).toMatch(UUID);
    expect(response.json()).toEqual({ id: given });
  });

  it('mints a different uuid for each request without one, also on errors and 404s', async () => {
    const first = await app.inject({ url: '/api/kit/request-id' });
    const second = await app.inject({ url: '/api/nothing' });
    const third = await app.inject({ url: '/api/kit/fail/conflict' });
    const ids = [first, second, third].map((response) => response.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(3);
  });
});

describe('internal routes', () => {
  it('answers only callers with the internal token', async () => {
    const missing = await app.inject({ url: '/internal/kit/ping' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({
      message: 'Internal route: a valid internal token is required',
      code: 'unauthorized',
    });
    const wrong = await app.inject({
      url: '/internal/kit/ping',
      headers: { 'x-internal-token': `${testSecrets.INTERNAL_TOKEN.slice(0, -1)}X` },
    });
    expect(wrong.statusCode).toBe(401);
    const allowed = await app.inject({ url: '/internal/kit/ping', headers: internalHeader });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toEqual({ pong: true });
  });

  it('cannot be reached without the token through another spelling of the path', async () => {
    for (const url of ['/%69nternal/kit/ping', '/internal/kit/ping?x=1', '/internal/kit/%70ing']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('does not treat /internal-looking public paths as internal', async () => {
    const response = await app.inject({ url: '/api/internal/kit/ping' });
    expect(response.statusCode).toBe(404);
  });
});

describe('identity header', () => {
  it('refuses a forged or garbled x-identity even on public routes', async () => {
    for (const value of ['v1.e30.AAAA', 'garbage', '']) {
      const response = await app.inject({ url: '/api/kit/request-id', headers: { 'x-identity': value } });
      expect(response.statusCode, value).toBe(401);
      expect(response.json()).toEqual({
        message: 'The identity header is not valid',
        code: 'invalid_identity',
      });
    }
    const genuine = await app.inject({
      url: '/api/kit/request-id',
      headers: await identityHeaders(testUser, 'GET', '/api/kit/request-id'),
    });
    expect(genuine.statusCode).toBe(200);
  });
});

describe('health', () => {
  it('is live', async () => {
    const response = await app.inject({ url: '/health/live' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', service: 'kit-test' });
  });

  it('is ready with no database and no checks', async () => {
    const response = await app.inject({ url: '/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', service: 'kit-test', checks: {} });
  });

  it('answers 503 when a readiness check fails, naming it without its error text', async () => {
    const checked = buildKitApp({
      readinessChecks: {
        cache: async () => {},
        search: async () => {
          throw new Error('connect ECONNREFUSED 10.0.0.9:9200');
        },
      },
    });
    const response = await checked.inject({ url: '/health/ready' });
    await checked.close();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'not_ready',
      service: 'kit-test',
      checks: { cache: 'ok', search: 'unavailable' },
    });
  });
});

describe('metrics', () => {
  it('serves Prometheus text with the service label', async () => {
    const response = await app.inject({ url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(response.body).toMatch(/process_cpu_user_seconds_total\{service="kit-test"\} /);
  });
});
