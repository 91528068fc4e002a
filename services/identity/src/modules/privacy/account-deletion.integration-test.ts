import {
  ACCOUNT_DELETED_MESSAGE,
  ADMIN_DELETE_SELF,
  LAST_ADMIN_DELETE,
  USER_DELETED_MESSAGE,
} from '@jesus-walks/contracts/account';
import type { Identity } from '@jesus-walks/contracts/common';
import { memberDataServices } from '@jesus-walks/contracts/privacy';
import { recordAudit } from '@jesus-walks/service-kit/audit';
import { jobsOf, queuedMailFor, waitForJobs } from '@jesus-walks/test-kit/jobs';
import { findPersonalData } from '@jesus-walks/test-kit/personal-data';
import {
  identityHeaders,
  internalHeader,
  startTestService,
  type TestService,
} from '@jesus-walks/test-kit/test-service';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { IdentityDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { type FakePrivacyPeers, startFakePrivacyPeers } from '../../testing/fake-privacy-peers';
import { WRONG_CURRENT_PASSWORD } from '../auth/auth.service';
import { HOUSEKEEPING_JOB } from '../housekeeping/housekeeping.jobs';
import { hashPassword } from '../passwords/password-hasher';
import { ERASE_JOB } from './account-deletion.service';

/**
 * "Delete my account" (issue 23) on identity: the password, one transaction that leaves nothing
 * personal in identity's schema, logged out everywhere, the activity record kept without the
 * erased data, and one erase job per service that retries until the service has done its part.
 * The services are a fake (testing/fake-privacy-peers); their own erasure is tested in each.
 */
let identity: TestService<Env, IdentityDatabase>;
let peers: FakePrivacyPeers;
let passwordHash: string;
const PASSWORD = 'trail-secret';

beforeAll(async () => {
  peers = await startFakePrivacyPeers();
  identity = await startTestService(service, peers.env);
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(async () => {
  await identity?.close();
  await peers?.close();
});
beforeEach(() => {
  peers.calls.length = 0;
});

let counter = 0;
const uniqueName = (prefix: string) => `${prefix}${++counter}${Math.random().toString(36).slice(2, 6)}`;

interface Member extends Identity {
  email: string;
}

async function member(options: { isAdmin?: boolean; name?: string; phone?: string } = {}): Promise<Member> {
  const username = uniqueName('walker');
  const row = await identity.db
    .insertInto('users')
    .values({
      username,
      email: `${username}@example.com`,
      password: passwordHash,
      isVerified: true,
      isAdmin: options.isAdmin ?? false,
      name: options.name ?? null,
      phone: options.phone ?? null,
    })
    .returning(['id', 'username', 'email', 'isAdmin'])
    .executeTakeFirstOrThrow();
  return row;
}

function cookieOf(response: LightMyRequestResponse): string {
  const sid = response.cookies.find((cookie) => cookie.name === 'sid');
  if (!sid) throw new Error('no session cookie');
  return `sid=${sid.value}`;
}

const login = (username: string, password = PASSWORD) =>
  identity.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

async function resolve(cookie: string) {
  const response = await identity.app.inject({
    url: '/internal/sessions/resolve',
    headers: { cookie, ...internalHeader },
  });
  return response.json().identity as Identity | null;
}

async function deleteOwn(caller: Identity, currentPassword: string, cookie?: string) {
  return identity.app.inject({
    method: 'POST',
    url: '/api/account/delete',
    payload: { currentPassword },
    headers: {
      ...(await identityHeaders(caller, 'POST', '/api/account/delete')),
      ...(cookie ? { cookie } : {}),
    },
  });
}

async function adminDelete(caller: Identity | null, id: number) {
  const url = `/api/admin/users/${id}/delete`;
  return identity.app.inject({ method: 'POST', url, headers: await identityHeaders(caller, 'POST', url) });
}

const eraseJobsOf = async (userId: number) =>
  (await jobsOf(identity.db, ERASE_JOB)).filter((job) => (job.data as { userId: number }).userId === userId);

/** Runs the erase jobs waiting for a retry now, until none is left to run (or the time is up). */
async function runErasuresNow(timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await sql`update job set start_after = now() where name = ${ERASE_JOB} and state = 'retry'`.execute(
      identity.db,
    );
    const { rows } = await sql<{ pending: number }>`
      select count(*)::int as pending from job
        where name = ${ERASE_JOB} and state in ('created', 'retry', 'active')`.execute(identity.db);
    if ((rows[0]?.pending ?? 0) === 0) return;
    if (Date.now() > deadline) throw new Error(`${rows[0]?.pending} erase job(s) still pending`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('POST /api/account/delete', () => {
  it('refuses a wrong password as changing the password does, counting it, and changes nothing', async () => {
    const walker = await member();
    const response = await deleteOwn(walker, 'not-my-password');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: WRONG_CURRENT_PASSWORD, code: 'bad_request' });
    const counted = await identity.db
      .selectFrom('rateLimitHits')
      .select('bucket')
      .where('key', 'like', `user:${walker.id}\n%`)
      .execute();
    expect(counted.map((row) => row.bucket)).toEqual(['change-password:by-account']);
    expect((await login(walker.username)).statusCode).toBe(200);
    expect(await eraseJobsOf(walker.id)).toEqual([]);
    expect((await deleteOwn({ ...walker }, '')).statusCode).toBe(400);
  });

  it('is 401 without a logged-in member', async () => {
    const response = await identity.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      payload: { currentPassword: PASSWORD },
      headers: await identityHeaders(null, 'POST', '/api/account/delete'),
    });
    expect(response.statusCode).toBe(401);
  });

  it('erases the member from identity, logs them out everywhere, keeps the record without their data, and queues one erasure per service', async () => {
    const walker = await member({ name: 'Martha of Bethany', phone: '+1 707 555 0142' });
    const oldEmail = `${uniqueName('earlier')}@example.com`;
    const pendingEmail = `${uniqueName('pending')}@example.com`;
    const oldUsername = uniqueName('formerly');
    // What a member's life in identity leaves: an earlier address and username in the record, a
    // pending change of address with its link, a reset token, counted attempts, a lockout, an
    // e-mail in the outbox, a download, two sessions.
    await identity.db.insertInto('previousEmails').values({ userId: walker.id, email: oldEmail }).execute();
    await recordAudit(identity.db, {
      actor: { id: walker.id, username: walker.username },
      action: 'user.email_changed',
      target: { type: 'user', id: walker.id, label: walker.username },
      summary: `${walker.username} changed their e-mail address`,
      changes: { email: { from: oldEmail, to: walker.email } },
    });
    await recordAudit(identity.db, {
      actor: { id: 1, username: 'some-admin' },
      action: 'user.updated',
      target: { type: 'user', id: walker.id, label: walker.username },
      summary: `Edited user ${oldUsername}: username`,
      changes: { username: { from: oldUsername, to: walker.username } },
    });
    await identity.db
      .updateTable('users')
      .set({ pendingEmail, resetToken: 'a-token-hash', resetTokenExpiry: new Date(Date.now() + 3_600_000) })
      .where('id', '=', walker.id)
      .execute();
    await identity.db
      .insertInto('emailConfirmations')
      .values({ userId: walker.id, email: pendingEmail })
      .execute();
    await identity.db
      .insertInto('loginLockouts')
      .values({ accountKey: `user:${walker.id}`, lockedUntil: new Date(Date.now() - 60_000) })
      .execute();
    await identity.db.insertInto('dataExports').values({ userId: walker.id }).execute();
    expect((await login(walker.username, 'wrong-password')).statusCode).toBe(401);
    const forgot = await identity.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: walker.email },
    });
    expect(forgot.statusCode).toBe(200);
    const first = cookieOf(await login(walker.username));
    const second = cookieOf(await login(walker.email));
    await waitForJobs(identity.db, { names: ['mail'] });
    expect(await queuedMailFor(identity.db, walker.email)).not.toEqual([]);
    const needles = [
      walker.username,
      walker.email,
      oldEmail,
      pendingEmail,
      oldUsername,
      'Martha of Bethany',
      '555 0142',
    ];
    // The search finds what is there before: the row, the record, the outbox, the counts.
    const before = new Set(
      (await findPersonalData(identity.db, 'identity', needles)).map((hit) => hit.table),
    );
    for (const table of [
      'users',
      'audit_log',
      'job',
      'previous_emails',
      'email_confirmations',
      'rate_limit_hits',
    ]) {
      expect(before, table).toContain(table);
    }

    const response = await deleteOwn(walker, PASSWORD, first);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: ACCOUNT_DELETED_MESSAGE });
    // This browser's cookie is cleared; every session of the account is gone.
    expect(response.cookies.find((cookie) => cookie.name === 'sid')).toMatchObject({ value: '' });
    // The device cookie names the account (its user id): it goes with it.
    expect(response.cookies.find((cookie) => cookie.name === 'device')).toMatchObject({ value: '' });
    expect(await resolve(first)).toBeNull();
    expect(await resolve(second)).toBeNull();
    const me = await identity.app.inject({
      url: '/api/auth/me',
      headers: await identityHeaders(walker, 'GET', '/api/auth/me'),
    });
    expect(me.statusCode).toBe(401);
    // The old name and address log in to nothing, as any unknown account.
    for (const name of [walker.username, walker.email, `deleted-${walker.id}`]) {
      const attempt = await login(name);
      expect(attempt.statusCode, name).toBe(401);
      expect(attempt.json()).toEqual({ message: 'Invalid username or password', code: 'unauthorized' });
    }
    // Again: the account is gone (a session of it would be).
    expect((await deleteOwn(walker, PASSWORD)).statusCode).toBe(400);

    // One erase job per service, carrying no address (those wait in account_erasures).
    const jobs = await eraseJobsOf(walker.id);
    expect(jobs.map((job) => (job.data as { service: string }).service).sort()).toEqual(
      [...memberDataServices].sort(),
    );
    for (const job of jobs) expect(job.data).toEqual({ userId: walker.id, service: expect.any(String) });
    await runErasuresNow();
    const erases = peers.calls.filter((call) => call.operation === 'erase');
    expect(erases.map((call) => call.service).sort()).toEqual([...memberDataServices].sort());
    for (const call of erases) {
      // With the usernames the account had, which the services scrub from their own records.
      expect(call.member).toEqual({
        userId: walker.id,
        emails: [walker.email, oldEmail],
        usernames: expect.arrayContaining([walker.username, oldUsername]),
      });
    }
    const erasures = await identity.db
      .selectFrom('accountErasures')
      .selectAll()
      .where('userId', '=', walker.id)
      .execute();
    expect(erasures).toHaveLength(4);
    for (const erasure of erasures) {
      expect(erasure).toMatchObject({
        emails: null,
        usernames: null,
        erased: { records: 1 },
        lastError: null,
      });
      expect(erasure.erasedAt).toBeInstanceOf(Date);
    }

    // Nothing personal is left anywhere in identity's schema (pg-boss's tables included).
    await waitForJobs(identity.db);
    expect(await findPersonalData(identity.db, 'identity', needles)).toEqual([]);

    // The row stays, anonymised, for the ids other services and the record hold.
    const row = await identity.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', walker.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      username: `deleted-${walker.id}`,
      email: `deleted-${walker.id}@deleted.invalid`,
      name: null,
      pendingEmail: null,
      phone: null,
      isAdmin: false,
      isVerified: false,
      resetToken: null,
    });
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(row.password.startsWith('$argon2')).toBe(false);

    // The record: what happened and when, without the erased data.
    const entries = await identity.db
      .selectFrom('auditLog')
      .selectAll()
      .where('targetType', '=', 'user')
      .where('targetId', '=', String(walker.id))
      .orderBy('id')
      .execute();
    const label = `Member #${walker.id}`;
    expect(
      entries.map((entry) => [
        entry.action,
        entry.actorUsername,
        entry.targetLabel,
        entry.summary,
        entry.changes,
      ]),
    ).toEqual([
      [
        'user.email_changed',
        label,
        label,
        `${label} changed their e-mail address`,
        { email: { from: '[erased]', to: '[erased]' } },
      ],
      [
        'user.updated',
        'some-admin',
        label,
        `Edited user ${label}: username`,
        { username: { from: label, to: label } },
      ],
      ['user.deleted', label, label, `${label} deleted their account`, null],
    ]);
    expect(entries[2]).toMatchObject({ actorId: walker.id });
  }, 60_000);

  it('retries the erasure of a service that fails, with backoff, until it answers: still one job per service', async () => {
    const walker = await member();
    peers.failNext('payments', 'erase', 2);
    expect((await deleteOwn(walker, PASSWORD)).statusCode).toBe(200);
    await runErasuresNow(30_000);
    const payments = peers.calls.filter((call) => call.service === 'payments' && call.operation === 'erase');
    expect(payments).toHaveLength(3);
    const jobs = await eraseJobsOf(walker.id);
    expect(jobs).toHaveLength(4);
    const paymentsJob = jobs.find((job) => (job.data as { service: string }).service === 'payments');
    expect(paymentsJob).toMatchObject({ state: 'completed', retryCount: 2 });
    const erasure = await identity.db
      .selectFrom('accountErasures')
      .selectAll()
      .where('userId', '=', walker.id)
      .where('service', '=', 'payments')
      .executeTakeFirstOrThrow();
    expect(erasure).toMatchObject({ attempts: 3, lastError: null, emails: null });
  }, 60_000);

  it('queues again an erasure whose job is gone (its retries ran out), from the housekeeping job', async () => {
    const walker = await member();
    expect((await deleteOwn(walker, PASSWORD)).statusCode).toBe(200);
    await runErasuresNow();
    // As if the content-and-events job had failed for good: the erasure is not done, no job is left.
    await identity.db
      .updateTable('accountErasures')
      .set({ erasedAt: null, emails: JSON.stringify([walker.email]) })
      .where('userId', '=', walker.id)
      .where('service', '=', 'content-and-events')
      .execute();
    peers.calls.length = 0;
    await identity.jobs.enqueue(identity.db, HOUSEKEEPING_JOB, {});
    await waitForJobs(identity.db, { names: [HOUSEKEEPING_JOB] });
    await runErasuresNow();
    expect(peers.calls.map((call) => [call.service, call.operation])).toEqual([
      ['content-and-events', 'erase'],
    ]);
    expect(await eraseJobsOf(walker.id)).toHaveLength(5);
  });

  it('refuses the only administrator (409), and lets an administrator go once there is another', async () => {
    const only = await member({ isAdmin: true });
    // Any other admins of earlier tests are gone or members; make sure this one is the only one.
    await identity.db.updateTable('users').set({ isAdmin: false }).where('id', '!=', only.id).execute();
    const refused = await deleteOwn(only, PASSWORD);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: LAST_ADMIN_DELETE, code: 'conflict' });
    expect((await login(only.username)).statusCode).toBe(200);
    await member({ isAdmin: true });
    expect((await deleteOwn(only, PASSWORD)).statusCode).toBe(200);
  });
});

describe('POST /api/admin/users/:id/delete', () => {
  it('deletes a member at their request, recorded with the admin as actor', async () => {
    const admin = await member({ isAdmin: true });
    const walker = await member({ name: 'Lydia' });
    const cookie = cookieOf(await login(walker.username));
    const response = await adminDelete(admin, walker.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: USER_DELETED_MESSAGE });
    expect(await resolve(cookie)).toBeNull();
    expect((await login(walker.email)).statusCode).toBe(401);
    expect(await eraseJobsOf(walker.id)).toHaveLength(4);
    const entry = await identity.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'user.deleted')
      .where('targetId', '=', String(walker.id))
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorUsername: admin.username,
      targetLabel: `Member #${walker.id}`,
      summary: `Deleted the account of Member #${walker.id} at their request`,
    });
    await runErasuresNow();
    expect(await findPersonalData(identity.db, 'identity', [walker.username, walker.email, 'Lydia'])).toEqual(
      [],
    );
    // Deleted: unknown from now on.
    expect((await adminDelete(admin, walker.id)).statusCode).toBe(404);
  });

  it('refuses an admin deleting themselves (422), an unknown user (404), members (403) and visitors (401)', async () => {
    const admin = await member({ isAdmin: true });
    const walker = await member();
    const self = await adminDelete(admin, admin.id);
    expect(self.statusCode).toBe(422);
    expect(self.json()).toEqual({ message: ADMIN_DELETE_SELF, code: 'business_rule' });
    expect((await adminDelete(admin, 999_999)).statusCode).toBe(404);
    expect((await adminDelete(walker, admin.id)).statusCode).toBe(403);
    expect((await adminDelete(null, walker.id)).statusCode).toBe(401);
    expect((await login(admin.username)).statusCode).toBe(200);
    expect((await login(walker.username)).statusCode).toBe(200);
  });
});
