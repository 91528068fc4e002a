import type { AuditEntry, AuditLogPage } from '@jesus-walks/contracts/audit';
import { identityHeaders, startTestService, type TestService } from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { hashPassword } from '../passwords/password-hasher';

/**
 * Every admin mutation of identity enters its activity record, in the transaction of the write:
 * who, what, the target and what changed, never a password; nothing for a mutation that failed.
 */
let identity: TestService<Env, IdentityDatabase>;
let admin: { id: number; username: string; isAdmin: true };
let member: { id: number; username: string; isAdmin: false };

beforeAll(async () => {
  identity = await startTestService(service);
  const passwordHash = await hashPassword('secret-one');
  const [first, second] = await identity.db
    .insertInto('users')
    .values([
      { username: 'grace', email: 'grace@example.com', password: passwordHash, isAdmin: true },
      { username: 'peter', email: 'peter@example.com', password: passwordHash },
    ])
    .returning(['id', 'username'])
    .execute();
  if (!first || !second) throw new Error('users were not stored');
  admin = { ...first, isAdmin: true };
  member = { ...second, isAdmin: false };
});
afterAll(() => identity.close());

async function send(
  method: 'POST' | 'PUT',
  url: string,
  payload: object,
  caller: { id: number; username: string; isAdmin: boolean } = admin,
) {
  return identity.app.inject({ method, url, payload, headers: await identityHeaders(caller, method, url) });
}

/** Identity's record through the admin route, newest first (the peers are not configured here). */
async function record(query = ''): Promise<AuditEntry[]> {
  const url = `/api/admin/audit-log?service=identity${query}`;
  const response = await identity.app.inject({ url, headers: await identityHeaders(admin, 'GET', url) });
  expect(response.statusCode).toBe(200);
  return (response.json() as AuditLogPage).entries;
}

const countRows = async () =>
  Number(
    (
      await identity.db
        .selectFrom('auditLog' as never)
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

describe('activity record of identity', () => {
  it("records an admin adding a user: 'user.created', the admin as actor, the new user as target", async () => {
    const created = await send('POST', '/api/users', {
      username: 'ann',
      email: 'ann@example.com',
      password: 'ann-secret-1',
      isAdmin: true,
    });
    expect(created.statusCode).toBe(201);
    const [entry] = await record('&action=user.created');
    expect(entry).toMatchObject({
      service: 'identity',
      action: 'user.created',
      actor: { id: admin.id, username: 'grace' },
      target: { type: 'user', id: String(created.json().id), label: 'ann' },
      summary: 'Added user ann (admin)',
      changes: null,
    });
    expect(JSON.stringify(entry)).not.toContain('ann-secret-1');
  });

  it('records nothing for a registration (nobody administered anything)', async () => {
    const before = await countRows();
    const registered = await identity.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { username: 'walker', email: 'walker@example.com', password: 'walker-secret' },
    });
    expect(registered.statusCode).toBe(201);
    expect(await countRows()).toBe(before);
  });

  it("records an edit as 'user.updated' with what changed, and the password only as changed", async () => {
    const edited = await send('PUT', `/api/users/${member.id}`, {
      username: 'peter',
      email: 'peter.w@example.com',
      isAdmin: true,
      password: 'peter-new-secret',
    });
    expect(edited.statusCode).toBe(200);
    const [entry] = await record(`&targetType=user&targetId=${member.id}`);
    expect(entry).toMatchObject({
      action: 'user.updated',
      actor: { id: admin.id, username: 'grace' },
      target: { type: 'user', id: String(member.id), label: 'peter' },
      summary: 'Edited user peter: email, admin, password',
      changes: {
        email: { from: 'peter@example.com', to: 'peter.w@example.com' },
        isAdmin: { from: false, to: true },
        password: { from: 'unchanged', to: 'changed' },
      },
    });
    expect(entry?.changes).not.toHaveProperty('username');
    const stored = JSON.stringify(entry);
    expect(stored).not.toContain('peter-new-secret');
    expect(stored).not.toContain('$argon2');
  });

  it('names a renamed user by the name the admin clicked, and labels the target with the new one', async () => {
    await send('PUT', `/api/users/${member.id}`, {
      username: 'pete',
      email: 'peter.w@example.com',
      isAdmin: true,
    });
    const [entry] = await record(`&targetId=${member.id}`);
    expect(entry).toMatchObject({
      summary: 'Edited user peter: username',
      target: { label: 'pete' },
      changes: { username: { from: 'peter', to: 'pete' } },
    });
  });

  it("records an admin changing their own password as 'user.password_changed', without the password", async () => {
    const changed = await send('POST', '/api/auth/change-password', {
      currentPassword: 'secret-one',
      newPassword: 'secret-two',
    });
    expect(changed.statusCode).toBe(200);
    const [entry] = await record('&action=user.password_changed');
    expect(entry).toMatchObject({
      actor: { id: admin.id, username: 'grace' },
      target: { type: 'user', id: String(admin.id), label: 'grace' },
      summary: 'grace changed their own password',
      changes: { password: { from: 'unchanged', to: 'changed' } },
    });
    expect(JSON.stringify(entry)).not.toContain('secret-two');
  });

  it('records nothing when the mutation fails', async () => {
    const before = await countRows();
    const duplicate = await send('POST', '/api/users', {
      username: 'ANN',
      email: 'someone-else@example.com',
      password: 'whatever-1',
    });
    expect(duplicate.statusCode).toBe(409);
    const takenEmail = await send('PUT', `/api/users/${member.id}`, {
      username: 'pete',
      email: 'grace@example.com',
      isAdmin: false,
    });
    expect(takenEmail.statusCode).toBe(409);
    // Only grace left an admin: demoting her is refused (the last administrator).
    await identity.db.updateTable('users').set({ isAdmin: false }).where('id', '!=', admin.id).execute();
    const lastAdmin = await send('PUT', `/api/users/${admin.id}`, {
      username: 'grace',
      email: 'grace@example.com',
      isAdmin: false,
    });
    expect(lastAdmin.statusCode).toBe(422);
    const missing = await send('PUT', '/api/users/999999', {
      username: 'nobody',
      email: 'nobody@example.com',
      isAdmin: false,
    });
    expect(missing.statusCode).toBe(404);
    const wrongPassword = await send('POST', '/api/auth/change-password', {
      currentPassword: 'not-it',
      newPassword: 'secret-three',
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(await countRows()).toBe(before);
  });

  it('records nothing when a member changes their own password (not an admin mutation)', async () => {
    const passwordHash = await hashPassword('member-secret');
    const walker = await identity.db
      .updateTable('users')
      .set({ password: passwordHash })
      .where('username', '=', 'walker')
      .returning(['id', 'username'])
      .executeTakeFirstOrThrow();
    const before = await countRows();
    const changed = await send(
      'POST',
      '/api/auth/change-password',
      { currentPassword: 'member-secret', newPassword: 'member-secret-2' },
      { ...walker, isAdmin: false },
    );
    expect(changed.statusCode).toBe(200);
    expect(await countRows()).toBe(before);
  });
});
