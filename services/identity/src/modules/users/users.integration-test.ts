import { createTestDatabase } from '@jesus-walks/test-kit/test-database';
import {
  identityHeaders,
  startTestService,
  type TestService,
  testEnvSource,
  testServiceDeps,
  testUser,
} from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityDatabase } from '../../db/database';
import { DEMO_ADMIN, seed } from '../../db/seed';
import type { Env } from '../../env';
import { service } from '../../service';
import { hashPassword } from '../passwords/password-hasher';

let identity: TestService<Env, IdentityDatabase>;
let admin: { id: number; username: string };
let member: { id: number; username: string };

const adminHeaders = (method: string, url: string) =>
  identityHeaders({ id: admin.id, username: admin.username, isAdmin: true }, method, url);

beforeAll(async () => {
  identity = await startTestService(service);
  const passwordHash = await hashPassword('secret-one');
  [admin, member] = (await identity.db
    .insertInto('users')
    .values([
      { username: 'grace', email: 'grace@example.com', password: passwordHash, isAdmin: true },
      { username: 'peter', email: 'peter@example.com', password: passwordHash },
    ])
    .returning(['id', 'username'])
    .execute()) as [{ id: number; username: string }, { id: number; username: string }];
});
afterAll(() => identity.close());

async function update(id: number, payload: Record<string, unknown>, headers?: Record<string, string>) {
  return identity.app.inject({
    method: 'PUT',
    url: `/api/users/${id}`,
    headers: headers ?? (await adminHeaders('PUT', `/api/users/${id}`)),
    payload,
  });
}

describe('admin user management', () => {
  it('lists users for admins only', async () => {
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
      headers: await adminHeaders('GET', '/api/users'),
    });
    expect(listed.json()).toEqual(
      expect.arrayContaining([
        { id: member.id, username: 'peter', email: 'peter@example.com', isAdmin: false, isVerified: false },
      ]),
    );
  });

  it('edits username, e-mail and admin flag, and the password only when given', async () => {
    const edited = await update(member.id, {
      username: 'peter.w',
      email: 'Peter.W@example.com',
      isAdmin: false,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      username: 'peter.w',
      email: 'peter.w@example.com',
      isAdmin: false,
    });
    const login = (password: string) =>
      identity.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'peter.w', password },
      });
    expect((await login('secret-one')).statusCode).toBe(200);

    await update(member.id, {
      username: 'peter.w',
      email: 'peter.w@example.com',
      isAdmin: false,
      password: 'secret-two',
    });
    expect((await login('secret-one')).statusCode).toBe(401);
    expect((await login('secret-two')).statusCode).toBe(200);
  });

  it('answers 404 for an unknown user, 409 for a taken name, 400 for bad input, 403 for a member', async () => {
    expect(
      (await update(999_999, { username: 'zzz', email: 'z@example.com', isAdmin: false })).statusCode,
    ).toBe(404);
    const taken = await update(member.id, {
      username: 'GRACE',
      email: 'peter.w@example.com',
      isAdmin: false,
    });
    expect(taken.statusCode).toBe(409);
    const invalid = await update(member.id, { username: 'peter.w', email: 'nope', isAdmin: false });
    expect(invalid.statusCode).toBe(400);
    const shortPassword = await update(member.id, {
      username: 'peter.w',
      email: 'p@example.com',
      isAdmin: false,
      password: '123',
    });
    expect(shortPassword.json().issues[0].message).toBe('Password must be at least 6 characters');
    const byMember = await update(
      member.id,
      { username: 'x', email: 'x@example.com', isAdmin: true },
      await identityHeaders(testUser, 'PUT', `/api/users/${member.id}`),
    );
    expect(byMember.statusCode).toBe(403);
  });

  it('refuses to remove the admin flag of the last administrator', async () => {
    const response = await update(admin.id, {
      username: 'grace',
      email: 'grace@example.com',
      isAdmin: false,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'This is the last administrator. Make another user an administrator first.',
      code: 'business_rule',
    });

    await update(member.id, { username: 'peter.w', email: 'peter.w@example.com', isAdmin: true });
    const now = await update(admin.id, { username: 'grace', email: 'grace@example.com', isAdmin: false });
    expect(now.statusCode).toBe(200);
    // Restore for the other tests' sake.
    await update(admin.id, { username: 'grace', email: 'grace@example.com', isAdmin: true });
  });

  it('two admins demoting each other at once leave one administrator', async () => {
    await identity.db
      .updateTable('users')
      .set({ isAdmin: false })
      .where('id', 'not in', [admin.id, member.id])
      .execute();
    await update(member.id, { username: 'peter.w', email: 'peter.w@example.com', isAdmin: true });
    const [a, b] = await Promise.all([
      update(admin.id, { username: 'grace', email: 'grace@example.com', isAdmin: false }),
      update(member.id, { username: 'peter.w', email: 'peter.w@example.com', isAdmin: false }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 422]);
    const admins = await identity.db.selectFrom('users').select('id').where('isAdmin', '=', true).execute();
    expect(admins).toHaveLength(1);
  });
});

describe('the first administrator', () => {
  it('is created from ADMIN_USERNAME / ADMIN_EMAIL / ADMIN_PASSWORD, once', async () => {
    const database = await createTestDatabase<IdentityDatabase>({
      schema: service.schema,
      migrations: service.migrations,
    });
    try {
      const env = service.loadEnv(
        testEnvSource(database.url, {
          ADMIN_USERNAME: 'steward',
          ADMIN_EMAIL: 'Steward@example.com',
          ADMIN_PASSWORD: 'first-admin',
        }),
      );
      const first = await service.buildApp(env, testServiceDeps(database.db, service.schema));
      const login = await first.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'steward', password: 'first-admin' },
      });
      expect(login.json().user).toMatchObject({
        username: 'steward',
        email: 'steward@example.com',
        isAdmin: true,
      });
      await service.buildApp(env, testServiceDeps(database.db, service.schema));
      const admins = await database.db
        .selectFrom('users')
        .select('username')
        .where('isAdmin', '=', true)
        .execute();
      expect(admins).toEqual([{ username: 'steward' }]);
      await first.close();
    } finally {
      await database.destroy();
    }
  });

  it('is seeded for the demo with credentials shown once, when none is configured', async () => {
    const database = await createTestDatabase<IdentityDatabase>({
      schema: service.schema,
      migrations: service.migrations,
    });
    try {
      const env = service.loadEnv(testEnvSource(database.url));
      const notices: string[] = [];
      await seed(database.db, { env, notice: (message) => notices.push(message) });
      await seed(database.db, { env, notice: (message) => notices.push(message) });
      expect(notices).toHaveLength(1);
      const password = /password: (\S+)/.exec(notices[0] ?? '')?.[1] ?? '';
      const app = await service.buildApp(env, testServiceDeps(database.db, service.schema));
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: DEMO_ADMIN.username, password },
      });
      expect(login.json().user).toMatchObject({ username: 'admin', isAdmin: true });
      await app.close();
    } finally {
      await database.destroy();
    }
  });
});
