import type { AccountSession } from '@jesus-walks/contracts/account';
import type { Identity } from '@jesus-walks/contracts/common';
import {
  identityHeaders,
  internalHeader,
  startTestService,
  type TestService,
  testSecrets,
} from '@jesus-walks/test-kit/test-service';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { hashPassword } from '../passwords/password-hasher';
import { createSessionCookie } from '../sessions/session-cookie.testing';

/**
 * A member's sessions on their account page (issue 23): listed by a handle that is never the
 * session's id, this one first; other sessions ended one by one or all at once; nobody else's.
 */
let identity: TestService<Env, IdentityDatabase>;
let passwordHash: string;
const PASSWORD = 'trail-secret';

const browsers = {
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  linux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
};

beforeAll(async () => {
  identity = await startTestService(service);
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => identity.close());

let counter = 0;
async function member(): Promise<Identity> {
  counter += 1;
  const username = `pilgrim${counter}${Math.random().toString(36).slice(2, 6)}`;
  const row = await identity.db
    .insertInto('users')
    .values({ username, email: `${username}@example.com`, password: passwordHash })
    .returning(['id', 'username'])
    .executeTakeFirstOrThrow();
  return { ...row, isAdmin: false };
}

/** Logs in from a browser at an address, as the gateway forwards it; answers the Cookie header. */
async function logIn(who: Identity, userAgent: string, address: string): Promise<string> {
  const response = await identity.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: who.username, password: PASSWORD },
    headers: { 'user-agent': userAgent },
    remoteAddress: address,
  });
  expect(response.statusCode).toBe(200);
  const sid = response.cookies.find((cookie) => cookie.name === 'sid');
  if (!sid) throw new Error('no session cookie');
  return `sid=${sid.value}`;
}

async function call(
  who: Identity | null,
  cookie: string | null,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
) {
  return identity.app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), ...(await identityHeaders(who, method, url)) },
  });
}

async function sessionsOf(who: Identity, cookie: string): Promise<AccountSession[]> {
  const response = await call(who, cookie, 'GET', '/api/account/sessions');
  expect(response.statusCode).toBe(200);
  return response.json();
}

const endSession = (who: Identity, cookie: string, handle: string) =>
  call(who, cookie, 'DELETE', `/api/account/sessions/${handle}`);

async function resolves(cookie: string): Promise<boolean> {
  const response = await identity.app.inject({
    url: '/internal/sessions/resolve',
    headers: { cookie, ...internalHeader },
  });
  return response.json().identity !== null;
}

async function storedSids(): Promise<string[]> {
  return (await identity.db.selectFrom('sessions').select('sid').execute()).map((row) => row.sid);
}

/** Nothing in an answer lets anyone use a session: no session id, no cookie value, not a part of one. */
async function expectNoSessionSecret(body: string, cookies: string[]) {
  for (const sid of await storedSids()) {
    expect(body).not.toContain(sid);
    expect(body).not.toContain(sid.slice(0, 12));
  }
  for (const cookie of cookies) expect(body).not.toContain(decodeURIComponent(cookie.slice('sid='.length)));
}

describe('GET /api/account/sessions', () => {
  it('lists the member’s sessions, this one first, then the newest, with device and address', async () => {
    const walker = await member();
    const windows = await logIn(walker, browsers.windows, '203.0.113.7');
    const iphone = await logIn(walker, browsers.iphone, '198.51.100.23');
    const linux = await logIn(walker, browsers.linux, '2001:db8::1');
    // Someone else's session is not listed.
    await logIn(await member(), browsers.windows, '203.0.113.7');

    const response = await call(walker, iphone, 'GET', '/api/account/sessions');
    expect(response.statusCode).toBe(200);
    const sessions: AccountSession[] = response.json();
    expect(sessions.map(({ current, device, address }) => ({ current, device, address }))).toEqual([
      { current: true, device: 'Safari on iPhone', address: '198.51.100.23' },
      { current: false, device: 'Firefox on Linux', address: '2001:db8::1' },
      { current: false, device: 'Chrome on Windows', address: '203.0.113.7' },
    ]);
    for (const session of sessions) {
      expect(session.id).toMatch(/^[0-9a-f]{32}$/);
      expect(Object.keys(session).sort()).toEqual(
        ['address', 'createdAt', 'current', 'device', 'expiresAt', 'id', 'lastActiveAt'].sort(),
      );
      for (const time of [session.createdAt, session.lastActiveAt, session.expiresAt]) {
        expect(new Date(time).toISOString()).toBe(time);
      }
      expect(Date.parse(session.expiresAt)).toBeGreaterThan(Date.now());
    }
    expect(new Set(sessions.map((session) => session.id)).size).toBe(3);
    await expectNoSessionSecret(response.body, [windows, iphone, linux]);
  });

  it('tells when each session was last used', async () => {
    const walker = await member();
    const first = await logIn(walker, browsers.windows, '203.0.113.8');
    const second = await logIn(walker, browsers.linux, '203.0.113.9');
    await identity.db
      .updateTable('sessions')
      .set({ lastActiveAt: sql<Date>`now() - interval '3 hours'` })
      .where('userId', '=', walker.id)
      .execute();
    // The gateway asks identity who the first browser is, on its next request.
    expect(await resolves(first)).toBe(true);
    const [current, other] = await sessionsOf(walker, second);
    const hoursAgo = (iso: string | undefined) => (Date.now() - Date.parse(iso ?? '')) / 3_600_000;
    expect(current?.device).toBe('Firefox on Linux');
    expect(other?.device).toBe('Chrome on Windows');
    expect(hoursAgo(other?.lastActiveAt)).toBeLessThan(0.1);
    // Listing is a use of this session too.
    expect(hoursAgo(current?.lastActiveAt)).toBeLessThan(0.1);
  });

  it('leaves out expired sessions, and shows none of a session without a browser', async () => {
    const walker = await member();
    const bare = await createSessionCookie(identity.db, walker.id, testSecrets.SESSION_SECRET);
    const expired = await logIn(walker, browsers.windows, '203.0.113.10');
    await identity.db
      .updateTable('sessions')
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where('userId', '=', walker.id)
      .where(
        'sid',
        'in',
        (await storedSids()).filter((sid) => expired.includes(encodeURIComponent(sid))),
      )
      .execute();
    const sessions = await sessionsOf(walker, bare);
    expect(sessions).toEqual([expect.objectContaining({ current: true, device: null, address: null })]);
  });

  it('is 401 without a logged-in member', async () => {
    expect((await call(null, null, 'GET', '/api/account/sessions')).statusCode).toBe(401);
  });
});

describe('ending other sessions', () => {
  it('DELETE ends one other session by its handle; that browser is logged out, this one is not', async () => {
    const walker = await member();
    const here = await logIn(walker, browsers.windows, '203.0.113.11');
    const there = await logIn(walker, browsers.iphone, '203.0.113.12');
    const [, other] = await sessionsOf(walker, here);
    const ended = await endSession(walker, here, other?.id ?? '');
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ ended: 1 });
    expect(await resolves(there)).toBe(false);
    expect(await resolves(here)).toBe(true);
    expect((await sessionsOf(walker, here)).map((session) => session.current)).toEqual([true]);
    // Gone now: 404.
    expect((await endSession(walker, here, other?.id ?? '')).statusCode).toBe(404);
  });

  it('refuses to end this session that way: Logout does', async () => {
    const walker = await member();
    const here = await logIn(walker, browsers.windows, '203.0.113.13');
    const [current] = await sessionsOf(walker, here);
    const response = await endSession(walker, here, current?.id ?? '');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Use Logout to end this session.', code: 'bad_request' });
    expect(await resolves(here)).toBe(true);
  });

  it("answers 404 for another member's session and an unknown handle, and ends nothing", async () => {
    const [walker, stranger] = [await member(), await member()];
    const mine = await logIn(walker, browsers.windows, '203.0.113.14');
    const theirs = await logIn(stranger, browsers.linux, '203.0.113.15');
    const [theirSession] = await sessionsOf(stranger, theirs);
    for (const handle of [theirSession?.id ?? '', '0'.repeat(32), 'not-a-handle']) {
      const response = await endSession(walker, mine, handle);
      expect(response.statusCode, handle).toBe(404);
      expect(response.json(), handle).toEqual({ message: 'Session not found', code: 'not_found' });
    }
    // Not even with the session's own id: the handle is the only name the route knows.
    const [theirSid] = (
      await identity.db.selectFrom('sessions').select('sid').where('userId', '=', stranger.id).execute()
    ).map((row) => row.sid);
    expect((await endSession(walker, mine, encodeURIComponent(theirSid ?? ''))).statusCode).toBe(404);
    expect(await resolves(theirs)).toBe(true);
  });

  it('POST end-others ends every other session of the member, and nobody else’s', async () => {
    const [walker, stranger] = [await member(), await member()];
    const here = await logIn(walker, browsers.windows, '203.0.113.16');
    const elsewhere = [
      await logIn(walker, browsers.iphone, '203.0.113.17'),
      await logIn(walker, browsers.linux, '203.0.113.18'),
    ];
    const theirs = await logIn(stranger, browsers.linux, '203.0.113.19');
    const response = await call(walker, here, 'POST', '/api/account/sessions/end-others');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ended: 2 });
    for (const cookie of elsewhere) expect(await resolves(cookie)).toBe(false);
    expect(await resolves(here)).toBe(true);
    expect(await resolves(theirs)).toBe(true);
    expect((await call(walker, here, 'POST', '/api/account/sessions/end-others')).json()).toEqual({
      ended: 0,
    });
  });

  it('is 401 without a logged-in member', async () => {
    expect((await call(null, null, 'POST', '/api/account/sessions/end-others')).statusCode).toBe(401);
    expect((await call(null, null, 'DELETE', `/api/account/sessions/${'0'.repeat(32)}`)).statusCode).toBe(
      401,
    );
  });
});
