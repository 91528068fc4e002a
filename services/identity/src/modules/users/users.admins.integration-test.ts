import { userRoutes } from '@jesus-walks/contracts/users';
import { internalHeader, startTestService, type TestService } from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { insertUser } from './users.repository';

let identity: TestService<Env, IdentityDatabase>;

beforeAll(async () => {
  identity = await startTestService(service);
  for (const [name, isAdmin] of [
    ['deborah', true],
    ['barak', false],
    ['jael', true],
  ] as const) {
    await insertUser(identity.db, {
      username: name,
      email: `${name}@admins.example`,
      passwordHash: 'not-a-real-hash',
      isAdmin,
    });
  }
});
afterAll(() => identity.close());

describe('GET /internal/users/admins', () => {
  it("answers every admin's name and e-mail, and no member", async () => {
    const response = await identity.app.inject({
      method: 'GET',
      url: userRoutes.internalAdmins.path,
      headers: internalHeader,
    });
    expect(response.statusCode).toBe(200);
    const admins = response.json() as Array<{ username: string; email: string }>;
    expect(admins.filter((admin) => admin.email.endsWith('@admins.example'))).toEqual([
      { id: expect.any(Number), username: 'deborah', email: 'deborah@admins.example' },
      { id: expect.any(Number), username: 'jael', email: 'jael@admins.example' },
    ]);
    expect(admins.some((admin) => admin.username === 'barak')).toBe(false);
  });

  it('is internal only', async () => {
    const response = await identity.app.inject({ method: 'GET', url: userRoutes.internalAdmins.path });
    expect(response.statusCode).toBe(401);
  });
});
