import { waitForJobs } from '@jesus-walks/service-kit/testing/jobs';
import { startTestService, type TestService } from '@jesus-walks/service-kit/testing/test-service';
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
  it('is scheduled every 15 minutes in the job queue', async () => {
    const { rows } = await sql<{ name: string; cron: string }>`
      select name, cron from schedule where name = ${HOUSEKEEPING_JOB}`.execute(identity.db);
    expect(rows).toEqual([{ name: HOUSEKEEPING_JOB, cron: HOUSEKEEPING_CRON }]);
  });

  it('deletes expired sessions and day-old rate-limit records when it runs, and nothing else', async () => {
    await identity.db
      .insertInto('sessions')
      .values([
        { sid: 'expired', data: JSON.stringify({}), expiresAt: new Date(Date.now() - 60_000) },
        { sid: 'live', data: JSON.stringify({}), expiresAt: new Date(Date.now() + 3_600_000) },
      ])
      .execute();
    await identity.db
      .insertInto('authAttempts')
      .values([
        {
          kind: 'login_failure',
          accountKey: 'old',
          address: '192.0.2.1',
          createdAt: sql`now() - interval '25 hours'`,
        },
        { kind: 'login_failure', accountKey: 'recent', address: '192.0.2.1' },
      ])
      .execute();

    // What the schedule does at each tick: a job on the queue, run by the service's worker.
    await identity.jobs.enqueue(identity.db, HOUSEKEEPING_JOB, {});
    await waitForJobs(identity.db, { names: [HOUSEKEEPING_JOB] });

    const sessions = await identity.db.selectFrom('sessions').select('sid').execute();
    expect(sessions.map((row) => row.sid)).toEqual(['live']);
    const attempts = await identity.db.selectFrom('authAttempts').select('accountKey').execute();
    expect(attempts.map((row) => row.accountKey)).toEqual(['recent']);
  });
});
