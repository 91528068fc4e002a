import { queuedMailFor, waitForJobs } from '@jesus-walks/test-kit/jobs';
import {
  identityHeaders,
  internalHeader,
  startTestService,
  type TestService,
} from '@jesus-walks/test-kit/test-service';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { recordAttempt } from '../rate-limits/rate-limits.service';
import { createSessionCookie } from '../sessions/session-cookie.testing';
import { hashResetToken } from './auth.service';

let identity: TestService<Env, IdentityDatabase>;
let exposing: TestService<Env, IdentityDatabase>;
/** Served over https, as in production: every cookie is Secure. */
let secure: TestService<Env, IdentityDatabase>;

beforeAll(async () => {
  [identity, exposing, secure] = await Promise.all([
    startTestService(service),
    startTestService(service, { EXPOSE_RESET_TOKEN: 'true' }),
    startTestService(service, { PUBLIC_ORIGIN: 'https://jesuswalks.example' }),
  ]);
});
afterAll(async () => {
  await Promise.all([identity.close(), exposing.close(), secure.close()]);
});

let counter = 0;
function uniqueName(prefix: string) {
  counter += 1;
  return `${prefix}${counter}${Math.random().toString(36).slice(2, 6)}`;
}

function cookieOf(response: LightMyRequestResponse): string {
  const sid = response.cookies.find((cookie) => cookie.name === 'sid');
  if (!sid) throw new Error(`no session cookie in ${JSON.stringify(response.headers['set-cookie'])}`);
  return `sid=${sid.value}`;
}

async function register(app: TestService<Env, IdentityDatabase>, overrides: Record<string, unknown> = {}) {
  const username = uniqueName('walker');
  const body = { username, email: `${username}@example.com`, password: 'trail-secret', ...overrides };
  const response = await app.app.inject({ method: 'POST', url: '/api/users', payload: body });
  return { response, body };
}

async function resolve(app: TestService<Env, IdentityDatabase>, cookie: string) {
  const response = await app.app.inject({
    url: '/internal/sessions/resolve',
    headers: { cookie, ...internalHeader },
  });
  return response.json().identity as { id: number; username: string; isAdmin: boolean } | null;
}

function login(app: TestService<Env, IdentityDatabase>, username: string, password: string, extra = {}) {
  return app.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    ...extra,
  });
}

describe('registration', () => {
  it('creates a non-admin account, logs it in and never returns the password', async () => {
    const { response, body } = await register(identity, { isAdmin: true });
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toEqual({
      id: expect.any(Number),
      username: body.username,
      email: body.email,
      isAdmin: false,
      isVerified: false,
    });
    expect(response.body).not.toMatch(/argon2|trail-secret|password/);
    const cookie = cookieOf(response);
    expect(response.cookies.find((c) => c.name === 'sid')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });
    expect(await resolve(identity, cookie)).toEqual({ id: user.id, username: body.username, isAdmin: false });

    const stored = await identity.db
      .selectFrom('users')
      .select('password')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('validates with the spec messages', async () => {
    const response = await identity.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { username: 'someone', email: 'not-an-email', password: '123' },
    });
    expect(response.statusCode).toBe(400);
    const messages = response.json().issues.map((issue: { message: string }) => issue.message);
    expect(messages).toContain('Please enter a valid email address');
    expect(messages).toContain('Password must be at least 6 characters');
  });

  it('answers 409 for a taken username or e-mail, whatever their case', async () => {
    const { body } = await register(identity);
    const sameName = await register(identity, { username: body.username.toUpperCase() });
    expect(sameName.response.statusCode).toBe(409);
    expect(sameName.response.json().message).toBe('That username is already taken. Please choose another.');
    const sameEmail = await register(identity, { email: body.email.toUpperCase() });
    expect(sameEmail.response.statusCode).toBe(409);
    expect(sameEmail.response.json().message).toMatch(/An account with that email already exists/);
  });

  it('lets an admin create an admin without changing the admin session', async () => {
    const username = uniqueName('helper');
    const response = await identity.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: await identityHeaders({ id: 1, username: 'root', isAdmin: true }, 'POST', '/api/users'),
      payload: { username, email: `${username}@example.com`, password: 'secret1', isAdmin: true },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().isAdmin).toBe(true);
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

describe('login and logout', () => {
  it('logs in by username or e-mail, with a new session id, and answers the user', async () => {
    const { body } = await register(identity);
    const before = await createSessionCookie(identity.db, null, identity.env.SESSION_SECRET);
    const response = await login(identity, body.username.toUpperCase(), body.password, {
      headers: { cookie: before },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: { id: expect.any(Number), username: body.username, email: body.email, isAdmin: false },
    });
    const after = cookieOf(response);
    expect(after).not.toBe(before);
    expect(response.cookies.find((cookie) => cookie.name === 'signed_in')).toMatchObject({
      value: '1',
      path: '/',
    });
    expect(response.cookies.find((cookie) => cookie.name === 'signed_in')?.httpOnly).toBeFalsy();
    expect(await resolve(identity, after)).toMatchObject({ username: body.username });
    expect(await resolve(identity, before)).toBeNull();

    const byEmail = await login(identity, body.email, body.password);
    expect(byEmail.statusCode).toBe(200);
  });

  it('answers 401 with the same message for a wrong password and an unknown user', async () => {
    const { body } = await register(identity);
    const wrong = await login(identity, body.username, 'wrong-password');
    const unknown = await login(identity, uniqueName('nobody'), 'whatever');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid username or password', code: 'unauthorized' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('logout destroys the session: the old cookie no longer works', async () => {
    const { body } = await register(identity);
    const cookie = cookieOf(await login(identity, body.username, body.password));
    const logout = await identity.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie },
    });
    expect(logout.statusCode).toBe(200);
    expect(await resolve(identity, cookie)).toBeNull();
  });

  it('logout tells the browser to drop the session cookie and the hint, set as they were at login', async () => {
    const { body } = await register(identity);
    const loggedIn = await login(identity, body.username, body.password);
    const set = loggedIn.cookies.find((cookie) => cookie.name === 'sid');
    const logout = await identity.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: cookieOf(loggedIn) },
    });
    expect(logout.statusCode).toBe(200);
    const expired = logout.cookies.find((cookie) => cookie.name === 'sid');
    expect(expired).toMatchObject({ value: '', maxAge: 0, path: set?.path, httpOnly: true, sameSite: 'Lax' });
    expect(expired?.domain).toBe(set?.domain);
    expect(expired?.expires?.getTime()).toBe(0);
    expect(logout.cookies.find((cookie) => cookie.name === 'signed_in')).toMatchObject({
      value: '',
      maxAge: 0,
    });
    // Without a session (logged out already, or never logged in) it answers the same.
    const again = await identity.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(again.statusCode).toBe(200);
    expect(again.cookies.find((cookie) => cookie.name === 'sid')).toMatchObject({ value: '', maxAge: 0 });
  });

  it('over https (PUBLIC_ORIGIN), logs in with Secure cookies behind the plain-http gateway hop, and logs out', async () => {
    const { response: registered, body } = await register(secure);
    expect(registered.statusCode).toBe(201);
    const loggedIn = await login(secure, body.username, body.password);
    expect(loggedIn.statusCode).toBe(200);
    const byName = (response: LightMyRequestResponse, name: string) =>
      response.cookies.find((cookie) => cookie.name === name);
    for (const name of ['sid', 'signed_in', 'device']) {
      expect(byName(loggedIn, name), name).toMatchObject({ secure: true, sameSite: 'Lax', path: '/' });
    }
    expect(byName(loggedIn, 'device')).toMatchObject({ httpOnly: true, maxAge: 365 * 86_400 });
    const session = cookieOf(loggedIn);
    expect(await resolve(secure, session)).toMatchObject({ username: body.username });

    const logout = await secure.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: session },
    });
    expect(byName(logout, 'sid')).toMatchObject({
      value: '',
      maxAge: 0,
      secure: true,
      httpOnly: true,
      path: '/',
    });
    expect(await resolve(secure, session)).toBeNull();
  });

  it('locks an account for one address after 10 failures in 15 minutes, even for the right password (429)', async () => {
    const { body } = await register(identity);
    for (let i = 0; i < 10; i++) expect((await login(identity, body.username, 'nope')).statusCode).toBe(401);
    const locked = await login(identity, body.username, body.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      message: 'Too many attempts. Please wait 15 minutes and try again.',
      code: 'rate_limited',
    });
  });

  it('limits one address trying many accounts (100 failures in 15 minutes)', async () => {
    const address = '203.0.113.77';
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        recordAttempt({ db: identity.db }, { kind: 'login_failure', accountKey: `acct${i}`, address }),
      ),
    );
    const { body } = await register(identity);
    // The address comes signed by the gateway, as for every request it proxies.
    const fromThatAddress = await login(identity, body.username, body.password, {
      headers: await identityHeaders(null, 'POST', '/api/auth/login', address),
    });
    expect(fromThatAddress.statusCode).toBe(429);
    const fromElsewhere = await login(identity, body.username, body.password, {
      headers: await identityHeaders(null, 'POST', '/api/auth/login', '198.51.100.1'),
    });
    expect(fromElsewhere.statusCode).toBe(200);
  });

  it('a successful login clears the account failures', async () => {
    const { body } = await register(identity);
    for (let i = 0; i < 9; i++) await login(identity, body.username, 'nope');
    expect((await login(identity, body.username, body.password)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) await login(identity, body.username, 'nope');
    expect((await login(identity, body.username, body.password)).statusCode).toBe(200);
  });
});

describe('forgot and reset password', () => {
  async function forgot(app: TestService<Env, IdentityDatabase>, email: string, address = '192.0.2.10') {
    return app.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
      headers: await identityHeaders(null, 'POST', '/api/auth/forgot-password', address),
    });
  }

  it('answers the same whether or not the e-mail has an account, without the token in production', async () => {
    const { body } = await register(identity);
    const known = await forgot(identity, body.email);
    const unknown = await forgot(identity, `${uniqueName('ghost')}@example.com`);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).not.toHaveProperty('resetToken');
  });

  it('stores only a hash of the token, e-mails the link, and the token works once', async () => {
    const { body } = await register(exposing);
    const response = await forgot(exposing, body.email.toUpperCase());
    const token: string = response.json().resetToken;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const stored = await exposing.db
      .selectFrom('users')
      .select(['resetToken', 'resetTokenExpiry'])
      .where('username', '=', body.username)
      .executeTakeFirstOrThrow();
    expect(stored.resetToken).toBe(hashResetToken(token));
    expect(stored.resetToken).not.toContain(token);
    const minutes = ((stored.resetTokenExpiry?.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);

    // Queued with the token, in its transaction; without SMTP_URL the worker prints it with the link.
    // (The registration's own e-mail, the link that confirms the address, came before it.)
    const resetMails = async () =>
      (await queuedMailFor(exposing.db, body.email)).filter(
        (mail) => mail.subject === 'Reset your Jesus Walks password',
      );
    const [mail] = await resetMails();
    expect(mail?.text).toContain(`http://localhost:3000/reset-password?token=${token}`);
    await waitForJobs(exposing.db);
    expect(await resetMails()).toMatchObject([{ state: 'completed', transport: 'log' }]);
    expect(exposing.notices.join('\n')).toContain(`http://localhost:3000/reset-password?token=${token}`);

    const session = cookieOf(await login(exposing, body.username, body.password));
    const reset = await exposing.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'new-trail-secret' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await resolve(exposing, session)).toBeNull();
    expect((await login(exposing, body.username, body.password)).statusCode).toBe(401);
    expect((await login(exposing, body.username, 'new-trail-secret')).statusCode).toBe(200);

    const again = await exposing.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'another-secret' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('The reset link is invalid or expired.');
  });

  it('refuses an expired token', async () => {
    const { body } = await register(exposing);
    const token: string = (await forgot(exposing, body.email, '192.0.2.11')).json().resetToken;
    await exposing.db
      .updateTable('users')
      .set({ resetTokenExpiry: sql<Date>`now() - interval '1 minute'` })
      .where('username', '=', body.username)
      .execute();
    const response = await exposing.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'new-secret' },
    });
    expect(response.statusCode).toBe(400);
    expect((await login(exposing, body.username, body.password)).statusCode).toBe(200);
  });

  it('rate limits reset requests per account', async () => {
    const { body } = await register(identity);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await forgot(identity, body.email, `192.0.2.${100 + i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('change password', () => {
  it('needs a user, checks the current password and ends the other sessions', async () => {
    const anonymous = await identity.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: 'x', newPassword: 'yyyyyy' },
    });
    expect(anonymous.statusCode).toBe(401);

    const { response, body } = await register(identity);
    const user = response.json();
    const current = cookieOf(await login(identity, body.username, body.password));
    const other = cookieOf(await login(identity, body.username, body.password));
    const headers = {
      cookie: current,
      ...(await identityHeaders(
        { id: user.id, username: body.username, isAdmin: false },
        'POST',
        '/api/auth/change-password',
      )),
    };

    const wrong = await identity.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers,
      payload: { currentPassword: 'not-it', newPassword: 'changed-secret' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect');

    const changed = await identity.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers,
      payload: { currentPassword: body.password, newPassword: 'changed-secret' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await resolve(identity, current)).toMatchObject({ id: user.id });
    expect(await resolve(identity, other)).toBeNull();
    expect((await login(identity, body.username, 'changed-secret')).statusCode).toBe(200);
  });
});

describe('session lifetime', () => {
  it('use pushes the idle expiry forward, never beyond the absolute lifetime', async () => {
    const { body } = await register(identity);
    const response = await login(identity, body.username, body.password);
    const cookie = cookieOf(response);
    const userId: number = response.json().user.id;
    // Only the login's session: registration opened another.
    const sessions = await identity.db
      .selectFrom('sessions')
      .select('sid')
      .where('userId', '=', userId)
      .orderBy('createdAt')
      .execute();
    await identity.db
      .deleteFrom('sessions')
      .where('sid', '=', sessions[0]?.sid ?? '')
      .execute();
    const expiryOf = async () =>
      (
        await identity.db
          .selectFrom('sessions')
          .select('expiresAt')
          .where('userId', '=', userId)
          .executeTakeFirstOrThrow()
      ).expiresAt.getTime();

    await identity.db
      .updateTable('sessions')
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where('userId', '=', userId)
      .execute();
    await resolve(identity, cookie);
    const idleDays = (await expiryOf()) - Date.now();
    expect(idleDays / 86_400_000).toBeGreaterThan(6.9);

    // Logged in almost 30 days ago: the session may live only until the 30 days are up.
    const row = await identity.db
      .selectFrom('sessions')
      .select(['sid', 'data'])
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow();
    const authenticatedAt = Date.now() - 30 * 86_400_000 + 3 * 3_600_000;
    await identity.db
      .updateTable('sessions')
      .set({
        data: JSON.stringify({ ...row.data, authenticatedAt }),
        expiresAt: new Date(Date.now() + 60_000),
      })
      .where('sid', '=', row.sid)
      .execute();
    await resolve(identity, cookie);
    expect(Math.abs((await expiryOf()) - (authenticatedAt + 30 * 86_400_000))).toBeLessThan(5_000);
  });

  it('an expired session resolves to nobody', async () => {
    const { body } = await register(identity);
    const response = await login(identity, body.username, body.password);
    await identity.db
      .updateTable('sessions')
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where('userId', '=', response.json().user.id)
      .execute();
    expect(await resolve(identity, cookieOf(response))).toBeNull();
  });
});
