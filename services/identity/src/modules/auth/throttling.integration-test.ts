import { identityHeaders, startTestService, type TestService } from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IdentityDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { hashPassword } from '../passwords/password-hasher';
import { recordAttempt } from '../rate-limits/rate-limits.service';
import { hashResetToken } from './auth.service';

// The real hasher, watched: a made-up reset token must not cost a hash.
vi.mock('../passwords/password-hasher', async (importOriginal) => {
  const real = await importOriginal<typeof import('../passwords/password-hasher')>();
  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});

/**
 * Throttling of logins, password changes and resets (OWASP Authentication Cheat Sheet, login
 * throttling): nobody can lock someone else out, and guesses stay few.
 */
let identity: TestService<Env, IdentityDatabase>;

beforeAll(async () => {
  identity = await startTestService(service);
});
afterAll(async () => {
  await identity.close();
});

let counter = 0;
function uniqueName(prefix: string) {
  counter += 1;
  return `${prefix}${counter}${Math.random().toString(36).slice(2, 6)}`;
}

async function register() {
  const username = uniqueName('hiker');
  const body = { username, email: `${username}@example.com`, password: 'trail-secret' };
  const response = await identity.app.inject({
    method: 'POST',
    url: '/api/users',
    payload: body,
    remoteAddress: `198.18.${counter % 250}.${Math.floor(Math.random() * 250)}`,
  });
  expect(response.statusCode).toBe(201);
  return { ...body, id: response.json().id as number };
}

/** A login from a client address (the gateway's, as the service sees it). */
function login(username: string, password: string, address: string) {
  return identity.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress: address,
  });
}

async function fail(times: number, username: string, address: string) {
  for (let i = 0; i < times; i++) {
    expect((await login(username, 'not-the-password', address)).statusCode).toBe(401);
  }
}

const rateLimited = {
  message: 'Too many attempts. Please wait 15 minutes and try again.',
  code: 'rate_limited',
};

async function insertFailures(accountKey: string, addresses: string[]) {
  await Promise.all(
    addresses.map((address) =>
      recordAttempt({ db: identity.db }, { kind: 'login_failure', accountKey, address }),
    ),
  );
}

describe('login throttling', () => {
  it("a stranger's failures do not keep the owner out; the stranger's 11th try is 429", async () => {
    const owner = await register();
    const stranger = '203.0.113.10';
    await fail(10, owner.username, stranger);
    const fromOwnersAddress = await login(owner.username, owner.password, '198.51.100.20');
    expect(fromOwnersAddress.statusCode).toBe(200);
    // Even the right password: the stranger's address has used its guesses at this account.
    const eleventh = await login(owner.username, owner.password, stranger);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual(rateLimited);
    // The owner logging in did not give the stranger fresh guesses.
    expect((await login(owner.username, 'guess', stranger)).statusCode).toBe(429);
  });

  it('the administrator too: ten failures from elsewhere leave them able to log in', async () => {
    const admin = await register();
    await identity.db.updateTable('users').set({ isAdmin: true }).where('id', '=', admin.id).execute();
    await fail(10, admin.username, '203.0.113.11');
    expect((await login(admin.username, admin.password, '203.0.113.11')).statusCode).toBe(429);
    expect((await login(admin.username, admin.password, '198.51.100.21')).statusCode).toBe(200);
  });

  it('username and e-mail of one account share one count', async () => {
    const owner = await register();
    const address = '203.0.113.12';
    await fail(5, owner.username, address);
    await fail(5, owner.email.toUpperCase(), address);
    expect((await login(owner.email, owner.password, address)).statusCode).toBe(429);
    expect((await login(owner.username, owner.password, address)).statusCode).toBe(429);
  });

  it('a name without an account answers exactly like one with an account', async () => {
    const address = '203.0.113.13';
    const owner = await register();
    const nobody = uniqueName('nobody');
    for (let i = 0; i < 10; i++) {
      const [known, unknown] = [await login(owner.username, 'x', address), await login(nobody, 'x', address)];
      expect([known.statusCode, unknown.statusCode]).toEqual([401, 401]);
      expect(unknown.json()).toEqual(known.json());
    }
    const [known, unknown] = [await login(owner.username, 'x', address), await login(nobody, 'x', address)];
    expect([known.statusCode, unknown.statusCode]).toEqual([429, 429]);
    expect(unknown.json()).toEqual(known.json());
    // An unknown name is still counted against the address: no name is stored in clear.
    const stored = await identity.db
      .selectFrom('rateLimitHits')
      .select('key')
      .where('key', 'like', `%${address}%`)
      .execute();
    expect(stored).toHaveLength(2 * 2 * 10);
    expect(stored.map((row) => row.key).join()).not.toContain(nobody);
  });

  it('limits one address across many accounts (100 failures), not other addresses', async () => {
    const address = '203.0.113.14';
    await insertFailures(
      'user:0',
      Array.from({ length: 95 }, () => address),
    );
    for (let i = 0; i < 5; i++) {
      expect((await login(uniqueName('someone'), 'guess', address)).statusCode).toBe(401);
    }
    const owner = await register();
    const response = await login(owner.username, owner.password, address);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual(rateLimited);
    expect((await login(owner.username, owner.password, '198.51.100.22')).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64', async () => {
    const owner = await register();
    for (let i = 1; i <= 10; i++) {
      expect((await login(owner.username, 'guess', `2001:db8:aaaa:1::${i.toString(16)}`)).statusCode).toBe(
        401,
      );
    }
    expect((await login(owner.username, owner.password, '2001:db8:aaaa:1:ffff::1')).statusCode).toBe(429);
    expect((await login(owner.username, owner.password, '2001:db8:aaaa:2::1')).statusCode).toBe(200);
  });

  // An account attacked from many addresses: device-cookies.integration-test.
});

describe('change-password throttling', () => {
  async function changePassword(user: { id: number; username: string }, currentPassword: string) {
    return identity.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: await identityHeaders(
        { id: user.id, username: user.username, isAdmin: false },
        'POST',
        '/api/auth/change-password',
      ),
      payload: { currentPassword, newPassword: 'brand-new-secret' },
    });
  }

  it('answers 429 after 5 wrong current passwords in 15 minutes, even for the right one', async () => {
    const user = await register();
    for (let i = 0; i < 5; i++) expect((await changePassword(user, 'wrong')).statusCode).toBe(400);
    const sixth = await changePassword(user, user.password);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual(rateLimited);
    // Another account is not affected.
    const other = await register();
    expect((await changePassword(other, other.password)).statusCode).toBe(200);
  });

  it('a right current password clears the count', async () => {
    const user = await register();
    for (let i = 0; i < 4; i++) await changePassword(user, 'wrong');
    expect((await changePassword(user, user.password)).statusCode).toBe(200);
    const changed = { ...user, password: 'brand-new-secret' };
    for (let i = 0; i < 4; i++) expect((await changePassword(changed, 'wrong')).statusCode).toBe(400);
  });
});

describe('reset-password', () => {
  const hasher = vi.mocked(hashPassword);
  beforeEach(() => {
    hasher.mockClear();
  });

  function reset(token: string, address: string) {
    return identity.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'reset-secret' },
      remoteAddress: address,
    });
  }

  it('checks the token before hashing the new password', async () => {
    const response = await reset('made-up-token-made-up-token-made-up', '203.0.113.16');
    expect(response.statusCode).toBe(400);
    expect(hasher).not.toHaveBeenCalled();

    const user = await register();
    const token = 'a-real-reset-token-for-this-test-0123456789';
    await identity.db
      .updateTable('users')
      .set({ resetToken: hashResetToken(token), resetTokenExpiry: new Date(Date.now() + 60_000) })
      .where('id', '=', user.id)
      .execute();
    hasher.mockClear();
    expect((await reset(token, '203.0.113.16')).statusCode).toBe(200);
    expect(hasher).toHaveBeenCalledTimes(1);
    expect((await login(user.username, 'reset-secret', '198.51.100.24')).statusCode).toBe(200);
    // Used once: the same token again is refused, again without hashing.
    hasher.mockClear();
    expect((await reset(token, '203.0.113.16')).statusCode).toBe(400);
    expect(hasher).not.toHaveBeenCalled();
  });

  it('limits failed resets per address (20 in 15 minutes)', async () => {
    const address = '203.0.113.17';
    for (let i = 0; i < 20; i++) expect((await reset(`bad-token-${i}`, address)).statusCode).toBe(400);
    const limited = await reset('bad-token-21', address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(rateLimited);
    expect((await reset('bad-token-22', '198.51.100.25')).statusCode).toBe(400);
  });
});
