import { userRoutes } from '@jesus-walks/contracts/users';
import { internalHeader, startTestService, type TestService } from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { insertUser } from './users.repository';

let identity: TestService<Env, IdentityDatabase>;
const ids: number[] = [];

beforeAll(async () => {
  identity = await startTestService(service);
  for (const name of ['ruth', 'naomi', 'boaz']) {
    const row = await insertUser(identity.db, {
      username: name,
      email: `${name}@example.com`,
      passwordHash: 'not-a-real-hash',
      isAdmin: false,
    });
    ids.push(row.id);
  }
});
afterAll(() => identity.close());

function lookup(body: object, headers: Record<string, string> = internalHeader) {
  return identity.app.inject({ method: 'POST', url: userRoutes.internalLookup.path, headers, payload: body });
}

describe('POST /internal/users/lookup', () => {
  it('answers many users in one call; unknown ids are absent', async () => {
    const response = await lookup({ ids: [ids[2], 999_999, ids[0], ids[1], ids[0]] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: ids[0], username: 'ruth', email: 'ruth@example.com' },
      { id: ids[1], username: 'naomi', email: 'naomi@example.com' },
      { id: ids[2], username: 'boaz', email: 'boaz@example.com' },
    ]);
    expect((await lookup({ ids: [] })).json()).toEqual([]);
  });

  it('is internal only, and refuses more than 1000 ids or other fields', async () => {
    expect((await lookup({ ids: [ids[0]] }, {})).statusCode).toBe(401);
    expect((await lookup({ ids: Array.from({ length: 1001 }, (_, i) => i + 1) })).statusCode).toBe(400);
    expect((await lookup({ ids: [ids[0]], email: true })).statusCode).toBe(400);
    expect((await lookup({ ids: [0] })).statusCode).toBe(400);
  });
});
