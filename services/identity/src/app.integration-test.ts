import {
  identityHeaders,
  internalHeader,
  startTestService,
  type TestService,
  testAdmin,
  testSecrets,
  testUser,
} from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityDatabase } from './db/database';
import type { Env } from './env';
import { createSessionCookie } from './modules/sessions/session-cookie.testing';
import { service } from './service';

let identity: TestService<Env, IdentityDatabase>;
let alice: { id: number };

beforeAll(async () => {
  identity = await startTestService(service);
  alice = await identity.db
    .insertInto('users')
    .values({ username: 'alice', email: 'alice@example.com', password: 'not-a-real-hash' })
    .returning('id')
    .executeTakeFirstOrThrow();
});
afterAll(() => identity.close());

const sessionCookie = (userId: number | undefined) =>
  createSessionCookie(identity.db, userId ?? null, testSecrets.SESSION_SECRET);

describe('identity service foundation', () => {
  it('is ready once its migrations are applied', async () => {
    const response = await identity.app.inject({ url: '/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ready', checks: { database: 'ok', migrations: 'ok' } });
  });

  it('answers JSON 404 for unknown routes', async () => {
    const response = await identity.app.inject({ url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No route for GET /api/nope', code: 'not_found' });
  });

  it('refuses a forged identity header, even on public routes', async () => {
    // An attacker keeps a real user's signature and raises the payload to admin.
    const [version, , signature] = (
      (await identityHeaders(testUser, 'POST', '/api/auth/logout'))['x-identity'] ?? ''
    ).split('.');
    const payload = Buffer.from(JSON.stringify({ ...testUser, isAdmin: true, iat: Date.now() })).toString(
      'base64url',
    );
    const response = await identity.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'x-identity': `${version}.${payload}.${signature}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'invalid_identity' });
  });

  it('resolves a session cookie to the identity behind it, only for internal callers', async () => {
    const cookie = await sessionCookie(alice.id);
    const refused = await identity.app.inject({ url: '/internal/sessions/resolve', headers: { cookie } });
    expect(refused.statusCode).toBe(401);

    const resolved = await identity.app.inject({
      url: '/internal/sessions/resolve',
      headers: { cookie, ...internalHeader },
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toEqual({ identity: { id: alice.id, username: 'alice', isAdmin: false } });
  });

  it('resolves a missing, anonymous or tampered session to null', async () => {
    const anonymous = await sessionCookie(undefined);
    const tampered = (await sessionCookie(alice.id)).replace(/.{4}$/, 'abcd');
    for (const cookie of [undefined, anonymous, tampered, 'sid=garbage']) {
      const response = await identity.app.inject({
        url: '/internal/sessions/resolve',
        headers: { ...internalHeader, ...(cookie ? { cookie } : {}) },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ identity: null });
    }
  });

  it('GET /api/auth/me answers 401 when logged out and the user when logged in', async () => {
    expect((await identity.app.inject({ url: '/api/auth/me' })).statusCode).toBe(401);
    const me = await identity.app.inject({
      url: '/api/auth/me',
      headers: await identityHeaders(
        { id: alice.id, username: 'alice', isAdmin: false },
        'GET',
        '/api/auth/me',
      ),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      id: alice.id,
      username: 'alice',
      email: 'alice@example.com',
      isAdmin: false,
    });
  });

  it('GET /api/users is for admins only and never carries passwords', async () => {
    expect((await identity.app.inject({ url: '/api/users' })).statusCode).toBe(401);
    expect(
      (
        await identity.app.inject({
          url: '/api/users',
          headers: await identityHeaders(testUser, 'GET', '/api/users'),
        })
      ).statusCode,
    ).toBe(403);
    const listed = await identity.app.inject({
      url: '/api/users',
      headers: await identityHeaders(testAdmin, 'GET', '/api/users'),
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([
      { id: alice.id, username: 'alice', email: 'alice@example.com', isAdmin: false, isVerified: false },
    ]);
    expect(listed.body).not.toContain('not-a-real-hash');
  });

  it('logout destroys the session so the cookie no longer resolves', async () => {
    const cookie = await sessionCookie(alice.id);
    const logout = await identity.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie },
    });
    expect(logout.statusCode).toBe(200);
    const resolved = await identity.app.inject({
      url: '/internal/sessions/resolve',
      headers: { cookie, ...internalHeader },
    });
    expect(resolved.json()).toEqual({ identity: null });
  });
});
