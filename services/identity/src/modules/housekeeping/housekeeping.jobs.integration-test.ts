import { RATE_LIMIT_CLEAN_UP_CRON, RATE_LIMIT_CLEAN_UP_JOB } from '@jesus-walks/service-kit/rate-limits';
import { waitForJobs } from '@jesus-walks/test-kit/jobs';
import { startTestService, type TestService } from '@jesus-walks/test-kit/test-service';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { HOUSEKEEPING_CRON, HOUSEKEEPING_JOB } from './housekeeping.jobs';

let identity: TestService<Env, IdentityDatabase>;

beforeAll(async () => {
  identity = await startTestService(service);
});
afterAll(() => identity.close());

describe('identity housekeeping (a scheduled job)', () => {
  it('is scheduled every 15 minutes in the job queue, the rate-limit clean-up hourly', async () => {
    const { rows } = await sql<{ name: string; cron: string }>`
      select name, cron from schedule order by name`.execute(identity.db);
    expect(rows).toEqual([
      { name: HOUSEKEEPING_JOB, cron: HOUSEKEEPING_CRON },
      { name: RATE_LIMIT_CLEAN_UP_JOB, cron: RATE_LIMIT_CLEAN_UP_CRON },
    ]);
  });

  it('deletes expired sessions, ended lockouts, day-old rate-limit records and e-mail links when it runs, and nothing else', async () => {
    await identity.db
      .insertInto('sessions')
      .values([
        { sid: 'expired', data: JSON.stringify({}), expiresAt: new Date(Date.now() - 60_000) },
        { sid: 'live', data: JSON.stringify({}), expiresAt: new Date(Date.now() + 3_600_000) },
      ])
      .execute();
    await identity.db
      .insertInto('rateLimitHits')
      .values([
        { bucket: 'login-failure:by-account', key: 'old', createdAt: sql`now() - interval '25 hours'` },
        { bucket: 'login-failure:by-account', key: 'recent' },
      ])
      .execute();
    await identity.db
      .insertInto('loginLockouts')
      .values([
        { accountKey: 'user:1', lockedUntil: sql<Date>`now() - interval '1 minute'` },
        { accountKey: 'user:2', lockedUntil: sql<Date>`now() + interval '10 minutes'` },
      ])
      .execute();
    const { id: userId } = await identity.db
      .insertInto('users')
      .values({ username: 'keeper', email: 'keeper@example.com', password: 'not-a-real-hash' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await identity.db
      .insertInto('emailConfirmations')
      .values([
        { userId, email: 'expired-link@example.com', createdAt: sql<Date>`now() - interval '25 hours'` },
        { userId, email: 'live-link@example.com', createdAt: sql<Date>`now() - interval '23 hours'` },
      ])
      .execute();

    // What the schedules do at each tick: jobs on the queue, run by the service's workers.
    await identity.jobs.enqueue(identity.db, HOUSEKEEPING_JOB, {});
    await identity.jobs.enqueue(identity.db, RATE_LIMIT_CLEAN_UP_JOB, {});
    await waitForJobs(identity.db, { names: [HOUSEKEEPING_JOB, RATE_LIMIT_CLEAN_UP_JOB] });

    const sessions = await identity.db.selectFrom('sessions').select('sid').execute();
    expect(sessions.map((row) => row.sid)).toEqual(['live']);
    const attempts = await identity.db.selectFrom('rateLimitHits').select('key').execute();
    expect(attempts.map((row) => row.key)).toEqual(['recent']);
    const lockouts = await identity.db.selectFrom('loginLockouts').select('accountKey').execute();
    expect(lockouts.map((row) => row.accountKey)).toEqual(['user:2']);
    const links = await identity.db.selectFrom('emailConfirmations').select('email').execute();
    expect(links.map((row) => row.email)).toEqual(['live-link@example.com']);
  });
});
