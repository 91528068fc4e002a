import { defineRoute } from '@jesus-walks/contracts/route-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createService, type ServiceApp } from './create-service';
import { identityOf } from './guards';
import { registerRoute } from './routes';
import { identityHeader, testAdmin, testSecrets, testUser } from './testing/test-service';

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
    expect((await post('/api/kit/public-notes', note, identityHeader(testUser))).json()).toEqual({
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
    const user = await post('/api/kit/user-notes', note, identityHeader(testUser));
    expect(user.statusCode).toBe(200);
    expect(user.json()).toEqual({ id: testUser.id, username: testUser.username, text: 'hello' });
    const admin = await post('/api/kit/user-notes', note, identityHeader(testAdmin));
    expect(admin.statusCode).toBe(200);
  });
});

describe('requireAdmin', () => {
  it('answers 401 to anonymous callers and 403 to users', async () => {
    const anonymous = await post('/api/kit/admin-notes', note);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'unauthorized' });

    const user = await post('/api/kit/admin-notes', note, identityHeader(testUser));
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual({ message: 'Administrator access required', code: 'forbidden' });
  });

  it('lets admins through', async () => {
    const response = await post('/api/kit/admin-notes', note, identityHeader(testAdmin));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: testAdmin.id, username: testAdmin.username, text: 'hello' });
  });
});

describe('guard order', () => {
  it('answers 401/403 before looking at the body, and never runs the handler', async () => {
    const before = handled;
    expect((await post('/api/kit/user-notes', { text: '' })).statusCode).toBe(401);
    expect((await post('/api/kit/admin-notes', { nope: 1 })).statusCode).toBe(401);
    expect((await post('/api/kit/admin-notes', { text: '' }, identityHeader(testUser))).statusCode).toBe(403);
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
    const response = await post('/api/kit/admin-notes', { text: '' }, identityHeader(testAdmin));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'The request is not valid',
      code: 'validation_failed',
      issues: [{ path: ['body', 'text'], message: 'Text is required' }],
    });
  });
});
