import type { AdminUsersPage } from '@jesus-walks/contracts/users';
import {
  identityHeaders,
  startTestService,
  type TestService,
  testUser,
} from '@jesus-walks/test-kit/test-service';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';

/**
 * GET /api/admin/users over 5,000 users: the dashboard pages, counts and searches on the server.
 * Users n = 1..5000 are 'hiker-n' <hiker.n@Trail.example>; every 50th is an admin; user 3001 is
 * renamed 'ann' (so that only its id holds the number).
 */
const USERS = 5_000;
let identity: TestService<Env, IdentityDatabase>;
let firstId: number;
const admin = { id: 0, username: 'hiker-50', isAdmin: true };

beforeAll(async () => {
  identity = await startTestService(service);
  // One statement, not 5,000 requests: the route is under test, not registration.
  await sql`
    insert into users (username, email, password, is_admin)
    select 'hiker-' || n, 'hiker.' || n || '@Trail.example', 'not-a-real-hash', n % 50 = 0
    from generate_series(1, ${USERS}) as n`.execute(identity.db);
  const first = await identity.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'hiker-1')
    .executeTakeFirstOrThrow();
  firstId = first.id;
  admin.id = firstId + 49;
  await identity.db
    .updateTable('users')
    .set({ username: 'ann', email: 'ann@example.org' })
    .where('username', '=', 'hiker-3001')
    .execute();
}, 60_000);
afterAll(() => identity.close());

async function list(query: string, caller = admin) {
  const url = `/api/admin/users${query}`;
  return identity.app.inject({ url, headers: await identityHeaders(caller, 'GET', url) });
}

async function page(query: string): Promise<AdminUsersPage> {
  const response = await list(query);
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('GET /api/admin/users', () => {
  it('answers 401 anonymous and 403 for a member', async () => {
    expect((await identity.app.inject({ url: '/api/admin/users' })).statusCode).toBe(401);
    expect((await list('', testUser)).statusCode).toBe(403);
  });

  it('pages every user by id, 25 by default, with the total', async () => {
    const first = await page('');
    expect(first).toMatchObject({ total: USERS, page: 1, pageSize: 25 });
    expect(first.items).toHaveLength(25);
    expect(first.items[0]).toEqual({
      id: firstId,
      username: 'hiker-1',
      email: 'hiker.1@Trail.example',
      isAdmin: false,
      isVerified: false,
    });
    const third = await page('?page=3&pageSize=100');
    expect(third.items.map((user) => user.username)).toEqual(
      Array.from({ length: 100 }, (_, i) => `hiker-${201 + i}`),
    );
  });

  it('answers the last page with what is left, and an empty page beyond it', async () => {
    const last = await page('?page=67&pageSize=75'); // 66 * 75 = 4,950
    expect(last.total).toBe(USERS);
    expect(last.items.map((user) => user.username)).toEqual(
      Array.from({ length: 50 }, (_, i) => `hiker-${4951 + i}`),
    );
    const beyond = await page('?page=68&pageSize=75');
    expect(beyond).toMatchObject({ items: [], total: USERS, page: 68 });
  });

  it('searches the username and e-mail in any case, and the id when the words are a number', async () => {
    const byName = await page('?q=HIKER-499&pageSize=100');
    expect(byName.items.map((user) => user.username)).toEqual([
      'hiker-499',
      ...Array.from({ length: 10 }, (_, i) => `hiker-${4990 + i}`),
    ]);
    expect(byName.total).toBe(11);
    const byEmail = await page('?q=hiker.4321%40trail');
    expect(byEmail.items.map((user) => user.username)).toEqual(['hiker-4321']);
    const byId = await page(`?q=${firstId + 3000}`);
    expect(byId.items.map((user) => user.username)).toEqual(['ann']);
    expect((await page('?q=ANN%40EXAMPLE')).items.map((user) => user.username)).toEqual(['ann']);
  });

  it('takes % and _ in the words literally', async () => {
    expect((await page('?q=%25')).total).toBe(0);
    expect((await page('?q=hiker_1')).total).toBe(0);
  });

  it('filters admins and members, with the search', async () => {
    const admins = await page('?role=admin&pageSize=100');
    expect(admins.total).toBe(USERS / 50);
    expect(admins.items.every((user) => user.isAdmin)).toBe(true);
    expect(admins.items[0]?.username).toBe('hiker-50');
    const members = await page('?role=member&page=2');
    expect(members.total).toBe(USERS - USERS / 50);
    expect(members.items.every((user) => !user.isAdmin)).toBe(true);
    const someAdmins = await page('?role=admin&q=hiker-10');
    // Of hiker-10, hiker-100 and hiker-1000 .. hiker-1099, the admins (every 50th).
    expect(someAdmins.items.map((user) => user.username)).toEqual(['hiker-100', 'hiker-1000', 'hiker-1050']);
  });

  it('refuses a malformed page or role with 400', async () => {
    expect((await list('?page=0')).statusCode).toBe(400);
    expect((await list('?pageSize=101')).statusCode).toBe(400);
    expect((await list('?role=owner')).statusCode).toBe(400);
  });
});
