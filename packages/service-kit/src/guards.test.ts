import { defineRoute } from '@jesus-walks/contracts/route-contract';
import { identityHeaders, testAdmin, testSecrets, testUser } from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createService, type ServiceApp } from './create-service';
import { identityOf } from './guards';
import { signIdentity } from './identity';
import { registerRoute } from './routes';

const NoteBodySchema = z.object({ text: z.string().min(1, 'Text is required') });
const WhoSchema = z.object({ id: z.number(), username: z.string(), text: z.string().optional() });

const routes = {
  publicNote: defineRoute({
    method: 'POST',
    path: '/api/kit/public-notes',
    service: 'identity',
    access: 'public',
    summary: 'Anyone',
    request: { body: NoteBodySchema },
    responses: { 200: z.object({ anonymous: z.boolean() }) },
  }),
  userNote: defineRoute({
    method: 'POST',
    path: '/api/kit/user-notes',
    service: 'identity',
    access: 'user',
    summary: 'Logged-in users',
    request: { body: NoteBodySchema },
    responses: { 200: WhoSchema },
  }),
  adminNote: defineRoute({
    method: 'POST',
    path: '/api/kit/admin-notes',
    service: 'identity',
    access: 'admin',
    summary: 'Administrators',
    request: { body: NoteBodySchema },
    responses: { 200: WhoSchema },
  }),
  whereFrom: defineRoute({
    method: 'GET',
    path: '/api/kit/where-from',
    service: 'identity',
    access: 'public',
    summary: 'Who and where the caller is, as the service sees it',
    responses: {
      200: z.object({ clientAddress: z.string(), ip: z.string(), userId: z.number().nullable() }),
    },
  }),
  publicWho: defineRoute({
    method: 'GET',
    path: '/api/kit/who',
    service: 'identity',
    access: 'public',
    summary: 'Public, but asks who is calling',
    responses: { 200: WhoSchema },
  }),
};

let app: ServiceApp;
let handled = 0;

beforeAll(async () => {
  app = createService({
    name: 'kit-test',
    logger: false,
    identitySigningKey: testSecrets.IDENTITY_SIGNING_KEY,
    internalToken: testSecrets.INTERNAL_TOKEN,
  });
  registerRoute(app, routes.publicNote, async (request) => ({ anonymous: request.identity === null }));
  const who = async (request: Parameters<typeof identityOf>[0] & { body: { text: string } }) => {
    handled += 1;
    const { id, username } = identityOf(request);
    return { id, username, text: request.body.text };
  };
  registerRoute(app, routes.userNote, who);
  registerRoute(app, routes.adminNote, who);
  registerRoute(app, routes.whereFrom, async (request) => ({
    clientAddress: request.clientAddress,
    ip: request.ip,
    userId: request.identity?.id ?? null,
  }));
  registerRoute(app, routes.publicWho, async (request) => {
    const { id, username } = identityOf(request);
    return { id, username };
  });
  await app.ready();
});
afterAll(() => app.close());

const note = { text: 'hello' };
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });

describe('public routes', () => {
  it('serve anonymous callers and see the identity of logged-in ones', async () => {
    expect((await post('/api/kit/public-notes', note)).json()).toEqual({ anonymous: true });
    expect(
      (
        await post(
          '/api/kit/public-notes',
          note,
          await identityHeaders(testUser, 'POST', '/api/kit/public-notes'),
        )
      ).json(),
    ).toEqual({
      anonymous: false,
    });
  });

  it('answer 401 when a handler needs the identity of an anonymous caller (identityOf)', async () => {
    const response = await app.inject({ url: '/api/kit/who' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Authentication required', code: 'unauthorized' });
  });
});

describe('requireUser', () => {
  it('answers 401 to anonymous callers', async () => {
    const response = await post('/api/kit/user-notes', note);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Authentication required', code: 'unauthorized' });
  });

  it('lets users and admins through, with their identity', async () => {
    const user = await post(
      '/api/kit/user-notes',
      note,
      await identityHeaders(testUser, 'POST', '/api/kit/user-notes'),
    );
    expect(user.statusCode).toBe(200);
    expect(user.json()).toEqual({ id: testUser.id, username: testUser.username, text: 'hello' });
    const admin = await post(
      '/api/kit/user-notes',
      note,
      await identityHeaders(testAdmin, 'POST', '/api/kit/user-notes'),
    );
    expect(admin.statusCode).toBe(200);
  });
});

describe('requireAdmin', () => {
  it('answers 401 to anonymous callers and 403 to users', async () => {
    const anonymous = await post('/api/kit/admin-notes', note);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'unauthorized' });

    const user = await post(
      '/api/kit/admin-notes',
      note,
      await identityHeaders(testUser, 'POST', '/api/kit/admin-notes'),
    );
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual({ message: 'Administrator access required', code: 'forbidden' });
  });

  it('lets admins through', async () => {
    const response = await post(
      '/api/kit/admin-notes',
      note,
      await identityHeaders(testAdmin, 'POST', '/api/kit/admin-notes'),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: testAdmin.id, username: testAdmin.username, text: 'hello' });
  });
});

describe('guard order', () => {
  it('answers 401/403 before looking at the body, and never runs the handler', async () => {
    const before = handled;
    expect((await post('/api/kit/user-notes', { text: '' })).statusCode).toBe(401);
    expect((await post('/api/kit/admin-notes', { nope: 1 })).statusCode).toBe(401);
    expect(
      (
        await post(
          '/api/kit/admin-notes',
          { text: '' },
          await identityHeaders(testUser, 'POST', '/api/kit/admin-notes'),
        )
      ).statusCode,
    ).toBe(403);
    const badJson = await app.inject({
      method: 'POST',
      url: '/api/kit/admin-notes',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(badJson.statusCode).toBe(401);
    expect(handled).toBe(before);
  });

  it('validates the body once the caller may call the route', async () => {
    const response = await post(
      '/api/kit/admin-notes',
      { text: '' },
      await identityHeaders(testAdmin, 'POST', '/api/kit/admin-notes'),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'The request is not valid',
      code: 'validation_failed',
      issues: [{ path: ['body', 'text'], message: 'Text is required' }],
    });
  });
});

describe('the identity header is bound to its request', () => {
  const sign = async (method: string, url: string, iat = Date.now()) => ({
    'x-identity': await signIdentity(
      { user: testAdmin, clientAddress: '203.0.113.5', method, url },
      testSecrets.IDENTITY_SIGNING_KEY,
      iat,
    ),
  });
  const refused = { message: 'The identity header is not valid', code: 'invalid_identity' };

  it('refuses a header replayed on another path or with another method', async () => {
    const forNotes = await sign('POST', '/api/kit/public-notes');
    const otherPath = await post('/api/kit/admin-notes', note, forNotes);
    expect(otherPath.statusCode).toBe(401);
    expect(otherPath.json()).toEqual(refused);
    const otherMethod = await app.inject({
      method: 'GET',
      url: '/api/kit/who',
      headers: await sign('POST', '/api/kit/who'),
    });
    expect(otherMethod.statusCode).toBe(401);
    expect(
      (await post('/api/kit/admin-notes', note, await sign('POST', '/api/kit/admin-notes'))).statusCode,
    ).toBe(200);
  });

  it('refuses an old header and one dated in the future', async () => {
    const url = '/api/kit/where-from';
    for (const iat of [Date.now() - 10_000, Date.now() + 30_000]) {
      const response = await app.inject({ url, headers: await sign('GET', url, iat) });
      expect(response.statusCode, String(iat)).toBe(401);
      expect(response.json()).toEqual(refused);
    }
  });

  it('gives the handler the signed client address and user, the query not being part of the binding', async () => {
    const response = await app.inject({
      url: '/api/kit/where-from?x=1',
      headers: await sign('GET', '/api/kit/where-from'),
    });
    expect(response.json()).toMatchObject({ clientAddress: '203.0.113.5', userId: testAdmin.id });
    const anonymous = await app.inject({
      url: '/api/kit/where-from',
      headers: await identityHeaders(null, 'GET', '/api/kit/where-from', '198.51.100.7'),
    });
    expect(anonymous.json()).toMatchObject({ clientAddress: '198.51.100.7', userId: null });
  });

  it('ignores a bare X-Forwarded-For sent to the service directly (over real HTTP)', async () => {
    const listening = createService({
      name: 'kit-test-listening',
      logger: false,
      identitySigningKey: testSecrets.IDENTITY_SIGNING_KEY,
      internalToken: testSecrets.INTERNAL_TOKEN,
    });
    registerRoute(listening, routes.whereFrom, async (request) => ({
      clientAddress: request.clientAddress,
      ip: request.ip,
      userId: request.identity?.id ?? null,
    }));
    await listening.listen({ host: '127.0.0.1', port: 0 });
    try {
      const address = listening.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const response = await fetch(`http://127.0.0.1:${port}/api/kit/where-from`, {
        headers: { 'x-forwarded-for': '203.0.113.99' },
      });
      // Neither the kit's address nor Fastify's request.ip (trustProxy off) takes the client's claim.
      expect(await response.json()).toEqual({ clientAddress: '127.0.0.1', ip: '127.0.0.1', userId: null });
    } finally {
      await listening.close();
    }
  });
});
