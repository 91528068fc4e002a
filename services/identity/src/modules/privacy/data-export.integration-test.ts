import {
  DATA_EXPORT_EXPIRED,
  DATA_EXPORT_LIMIT,
  DATA_EXPORT_NOT_FOUND,
  type DataExport,
  type MemberDataDocument,
} from '@jesus-walks/contracts/account';
import type { Identity } from '@jesus-walks/contracts/common';
import { memberDataServices } from '@jesus-walks/contracts/privacy';
import { recordAudit } from '@jesus-walks/service-kit/audit';
import { jobsOf, queuedMailFor, waitForJobs } from '@jesus-walks/test-kit/jobs';
import { identityHeaders, startTestService, type TestService } from '@jesus-walks/test-kit/test-service';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { IdentityDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { type FakePrivacyPeers, startFakePrivacyPeers } from '../../testing/fake-privacy-peers';
import { HOUSEKEEPING_JOB } from '../housekeeping/housekeeping.jobs';
import { EXPORT_FAILED_MESSAGE, EXPORT_JOB } from './data-export.service';

/**
 * "Download my data" (issue 23) on identity: the request and its job, identity's own part and
 * every service's (a fake: testing/fake-privacy-peers), retries, the e-mail, the download and who
 * may fetch it, the limits.
 */
let identity: TestService<Env, IdentityDatabase>;
let peers: FakePrivacyPeers;
const ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  peers = await startFakePrivacyPeers();
  identity = await startTestService(service, peers.env);
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

async function member(options: { verified?: boolean } = {}) {
  const username = uniqueName('walker');
  const row = await identity.db
    .insertInto('users')
    .values({
      username,
      email: `${username}@example.com`,
      password: 'not-a-real-hash',
      isVerified: options.verified ?? true,
      name: 'Dorcas',
    })
    .returning(['id', 'username', 'email', 'isAdmin'])
    .executeTakeFirstOrThrow();
  return row;
}

async function as(caller: Identity | null, method: 'GET' | 'POST', url: string) {
  return identity.app.inject({ method, url, headers: await identityHeaders(caller, method, url) });
}

const ask = (caller: Identity) => as(caller, 'POST', '/api/account/data-export');
const current = async (caller: Identity) =>
  (await as(caller, 'GET', '/api/account/data-export')).json().export as DataExport | null;

/** Runs the export jobs now, retries included, until none is left. */
async function runExportsNow(timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await sql`update job set start_after = now() where name = ${EXPORT_JOB} and state = 'retry'`.execute(
      identity.db,
    );
    const { rows } = await sql<{ pending: number }>`
      select count(*)::int as pending from job
        where name = ${EXPORT_JOB} and state in ('created', 'retry', 'active')`.execute(identity.db);
    if ((rows[0]?.pending ?? 0) === 0) return;
    if (Date.now() > deadline) throw new Error(`${rows[0]?.pending} export job(s) still pending`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('POST /api/account/data-export', () => {
  it("gathers identity's part and every service's into one JSON file, e-mails the member, and serves it to them alone", async () => {
    const walker = await member();
    const oldEmail = `${uniqueName('earlier')}@example.com`;
    await identity.db.insertInto('previousEmails').values({ userId: walker.id, email: oldEmail }).execute();
    await recordAudit(identity.db, {
      actor: { id: walker.id, username: walker.username },
      action: 'user.email_changed',
      target: { type: 'user', id: walker.id, label: walker.username },
      summary: `${walker.username} changed their e-mail address`,
      changes: { email: { from: oldEmail, to: walker.email } },
    });
    expect(await current(walker)).toBeNull();

    const response = await ask(walker);
    expect(response.statusCode).toBe(202);
    const asked = response.json().export as DataExport;
    expect(asked).toEqual({
      id: expect.any(String),
      status: 'preparing',
      createdAt: expect.any(String),
      readyAt: null,
      expiresAt: null,
      downloadUrl: null,
      message: null,
    });
    // Asking again while it is prepared answers the same one.
    const again = await ask(walker);
    expect(again.statusCode).toBe(202);
    expect(again.json().export.id).toBe(asked.id);
    expect(await jobsOf(identity.db, EXPORT_JOB)).toHaveLength(1);

    await runExportsNow();
    const ready = await current(walker);
    expect(ready).toMatchObject({
      id: asked.id,
      status: 'ready',
      downloadUrl: `/api/account/data-export/${asked.id}/download`,
      message: null,
    });
    const readyAt = new Date(ready?.readyAt ?? '');
    expect(new Date(ready?.expiresAt ?? '').getTime() - readyAt.getTime()).toBe(7 * 86_400_000);
    // Each service was asked with the member's id and every verified address, the current first.
    expect(peers.calls.map((call) => call.service).sort()).toEqual([...memberDataServices].sort());
    for (const call of peers.calls) {
      expect(call).toMatchObject({
        operation: 'export',
        member: { userId: walker.id, emails: [walker.email, oldEmail] },
      });
    }

    const download = await as(walker, 'GET', `/api/account/data-export/${asked.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="jesus-walks-data-${readyAt.toISOString().slice(0, 10)}.json"`,
    );
    const document = download.json() as MemberDataDocument;
    expect(document.account).toMatchObject({
      id: walker.id,
      username: walker.username,
      email: walker.email,
      emailVerified: true,
      name: 'Dorcas',
    });
    expect(Object.keys(document.services).sort()).toEqual(['identity', ...memberDataServices].sort());
    expect(document.services.identity?.previousEmails).toEqual([
      { email: oldEmail, replacedAt: expect.any(String) },
    ]);
    expect(document.services.identity?.activity).toEqual([
      expect.objectContaining({
        action: 'user.email_changed',
        changes: { email: { from: oldEmail, to: walker.email } },
      }),
    ]);
    expect(document.services.payments).toEqual({
      records: [{ service: 'payments', userId: walker.id, emails: `${walker.email}, ${oldEmail}` }],
    });
    expect(download.body).not.toContain('not-a-real-hash');

    await waitForJobs(identity.db, { names: ['mail'] });
    const mails = await queuedMailFor(identity.db, walker.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your Jesus Walks data is ready']);
    expect(mails[0]?.text).toContain(`${ORIGIN}/account?tab=data`);
    expect(mails[0]?.text).toContain('for the next 7 days');

    // Another member, a made-up id: 404 alike.
    const stranger = await member();
    const theirs = await as(stranger, 'GET', `/api/account/data-export/${asked.id}/download`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: DATA_EXPORT_NOT_FOUND, code: 'not_found' });
    const unknown = await as(
      walker,
      'GET',
      '/api/account/data-export/00000000-0000-4000-8000-000000000000/download',
    );
    expect(unknown.statusCode).toBe(404);
    expect((await as(walker, 'GET', '/api/account/data-export/not-a-uuid/download')).statusCode).toBe(400);
    expect((await as(null, 'GET', `/api/account/data-export/${asked.id}/download`)).statusCode).toBe(401);
  }, 60_000);

  it('asks the services only about addresses the member proved theirs', async () => {
    const walker = await member({ verified: false });
    expect((await ask(walker)).statusCode).toBe(202);
    await runExportsNow();
    for (const call of peers.calls) {
      expect(call.member).toEqual({ userId: walker.id, emails: [`member-${walker.id}@unverified.invalid`] });
    }
    expect((await current(walker))?.status).toBe('ready');
  });

  it('retries a service that fails, then succeeds once it answers', async () => {
    const walker = await member();
    peers.failNext('ai-assistant', 'export', 2);
    expect((await ask(walker)).statusCode).toBe(202);
    await runExportsNow();
    expect(peers.calls.filter((call) => call.service === 'ai-assistant')).toHaveLength(3);
    expect((await current(walker))?.status).toBe('ready');
    const [job] = (await jobsOf(identity.db, EXPORT_JOB)).slice(-1);
    expect(job).toMatchObject({ state: 'completed', retryCount: 2 });
  });

  it('fails with a message after the last retry; the member may ask again', async () => {
    const walker = await member();
    peers.failNext('payments', 'export', 5);
    const asked = (await ask(walker)).json().export as DataExport;
    await runExportsNow();
    expect(await current(walker)).toMatchObject({
      id: asked.id,
      status: 'failed',
      downloadUrl: null,
      message: EXPORT_FAILED_MESSAGE,
    });
    expect((await as(walker, 'GET', `/api/account/data-export/${asked.id}/download`)).statusCode).toBe(404);
    expect(await queuedMailFor(identity.db, walker.email)).toEqual([]);
    const again = await ask(walker);
    expect(again.statusCode).toBe(202);
    expect(again.json().export.id).not.toBe(asked.id);
    await runExportsNow();
    expect((await current(walker))?.status).toBe('ready');
  });

  it(`allows ${3} a day, then answers 429 with a clear message`, async () => {
    const walker = await member();
    for (let n = 0; n < 3; n++) {
      expect((await ask(walker)).statusCode).toBe(202);
      await runExportsNow();
    }
    const refused = await ask(walker);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: DATA_EXPORT_LIMIT, code: 'rate_limited' });
    // A day later, again.
    await identity.db
      .updateTable('dataExports')
      .set({ createdAt: sql<Date>`now() - interval '25 hours'` })
      .where('userId', '=', walker.id)
      .execute();
    expect((await ask(walker)).statusCode).toBe(202);
  });

  it('answers 410 once a download has expired, and the housekeeping job deletes it', async () => {
    const walker = await member();
    const asked = (await ask(walker)).json().export as DataExport;
    await runExportsNow();
    await identity.db
      .updateTable('dataExports')
      .set({ expiresAt: sql<Date>`now() - interval '1 minute'` })
      .where('id', '=', asked.id)
      .execute();
    const url = `/api/account/data-export/${asked.id}/download`;
    const expired = await as(walker, 'GET', url);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ message: DATA_EXPORT_EXPIRED, code: 'gone' });
    expect(await current(walker)).toBeNull();
    await identity.jobs.enqueue(identity.db, HOUSEKEEPING_JOB, {});
    await waitForJobs(identity.db, { names: [HOUSEKEEPING_JOB] });
    const left = await identity.db
      .selectFrom('dataExports')
      .select('id')
      .where('id', '=', asked.id)
      .execute();
    expect(left).toEqual([]);
    expect((await as(walker, 'GET', url)).statusCode).toBe(404);
  });

  it('is 401 without a logged-in member', async () => {
    expect((await as(null, 'POST', '/api/account/data-export')).statusCode).toBe(401);
    expect((await as(null, 'GET', '/api/account/data-export')).statusCode).toBe(401);
  });
});
