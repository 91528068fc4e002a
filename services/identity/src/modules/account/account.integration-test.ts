import type { Identity } from '@jesus-walks/contracts/common';
import { identityHeaders, startTestService, type TestService } from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';

/** A member's own profile (issue 23): GET and PATCH /api/account. */
let identity: TestService<Env, IdentityDatabase>;
let walker: Identity & { email: string; createdAt: Date };
let other: Identity;

beforeAll(async () => {
  identity = await startTestService(service);
  const [first, second] = await identity.db
    .insertInto('users')
    .values([
      { username: 'martha', email: 'martha@example.com', password: 'not-a-real-hash' },
      { username: 'mary', email: 'mary@example.com', password: 'not-a-real-hash', name: 'Mary' },
    ])
    .returning(['id', 'username', 'email', 'createdAt'])
    .execute();
  if (!first || !second) throw new Error('users were not stored');
  walker = { ...first, isAdmin: false };
  other = { id: second.id, username: second.username, isAdmin: false };
});
afterAll(() => identity.close());

async function call(caller: Identity | null, method: 'GET' | 'PATCH', payload?: unknown) {
  return identity.app.inject({
    method,
    url: '/api/account',
    ...(payload !== undefined ? { payload: payload as object } : {}),
    headers: await identityHeaders(caller, method, '/api/account'),
  });
}

const rename = (name: unknown, caller: Identity = walker) => call(caller, 'PATCH', { name });

describe('GET /api/account', () => {
  it("answers the member's own account, never anything secret", async () => {
    const response = await call(walker, 'GET');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: walker.id,
      username: 'martha',
      email: 'martha@example.com',
      emailVerified: false,
      name: null,
      pendingEmail: null,
      createdAt: walker.createdAt.toISOString(),
    });
    expect(response.body).not.toContain('not-a-real-hash');
    expect((await call(other, 'GET')).json()).toMatchObject({ username: 'mary', name: 'Mary' });
  });

  it('is 401 without a logged-in member, and for an account that is gone', async () => {
    expect((await call(null, 'GET')).statusCode).toBe(401);
    const gone = await call({ id: 999_999, username: 'gone', isAdmin: false }, 'GET');
    expect(gone.statusCode).toBe(401);
    expect(gone.json()).toEqual({ message: 'Authentication required', code: 'unauthorized' });
  });
});

describe('PATCH /api/account', () => {
  it('sets the name, trimmed, and answers the account', async () => {
    const response = await rename('  Martha of Bethany  ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: walker.id,
      name: 'Martha of Bethany',
      email: 'martha@example.com',
    });
    expect((await call(walker, 'GET')).json()).toMatchObject({ name: 'Martha of Bethany' });
    // Another member's name is untouched.
    expect((await call(other, 'GET')).json()).toMatchObject({ name: 'Mary' });
  });

  it('clears the name with an empty one or only spaces', async () => {
    for (const empty of ['', '   ']) {
      await rename('Martha');
      const response = await rename(empty);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ name: null });
    }
  });

  it('keeps letters of every language, up to 100 characters', async () => {
    expect((await rename('Zoë Ñúñez-Łukasz 李')).json()).toMatchObject({ name: 'Zoë Ñúñez-Łukasz 李' });
    expect((await rename('a'.repeat(100))).statusCode).toBe(200);
  });

  it('refuses with clear messages: too long, several lines, missing, not text, unknown fields', async () => {
    const cases: Array<[unknown, string]> = [
      [{ name: 'a'.repeat(101) }, 'Name cannot exceed 100 characters'],
      [{ name: 'Martha\nof Bethany' }, 'Name must be on one line, without control characters'],
      [{ name: 'Martha\tof Bethany' }, 'Name must be on one line, without control characters'],
      [{}, 'Please enter your name, or leave it empty to remove it'],
      [{ name: 42 }, 'Please enter your name, or leave it empty to remove it'],
    ];
    await rename('Martha');
    for (const [payload, message] of cases) {
      const response = await call(walker, 'PATCH', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toMatchObject({
        code: 'validation_failed',
        issues: [expect.objectContaining({ path: ['body', 'name'], message })],
      });
    }
    const unknown = await call(walker, 'PATCH', { name: 'Martha', email: 'else@example.com' });
    expect(unknown.statusCode).toBe(400);
    expect((await call(walker, 'GET')).json()).toMatchObject({ name: 'Martha', email: 'martha@example.com' });
  });

  it('is 401 without a logged-in member', async () => {
    expect((await call(null, 'PATCH', { name: 'Nobody' })).statusCode).toBe(401);
  });
});
