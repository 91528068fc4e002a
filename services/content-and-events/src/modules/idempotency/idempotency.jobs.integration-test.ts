import { IDEMPOTENCY_CLEAN_UP_CRON, IDEMPOTENCY_CLEAN_UP_JOB } from '@jesus-walks/service-kit/idempotency';
import { waitForJobs } from '@jesus-walks/test-kit/jobs';
import { startTestService, type TestService } from '@jesus-walks/test-kit/test-service';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentAndEventsDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';

let content: TestService<Env, ContentAndEventsDatabase>;

beforeAll(async () => {
  content = await startTestService(service);
});
afterAll(() => content.close());

describe('idempotency keys clean-up (a scheduled job)', () => {
  it('is scheduled hourly and forgets only keys past the replay window when it runs', async () => {
    const { rows } = await sql<{ cron: string }>`
      select cron from schedule where name = ${IDEMPOTENCY_CLEAN_UP_JOB}`.execute(content.db);
    expect(rows).toEqual([{ cron: IDEMPOTENCY_CLEAN_UP_CRON }]);
    await content.db
      .insertInto('idempotencyKeys')
      .values([
        { scope: 'guest', key: 'old', fingerprint: 'f', createdAt: sql`now() - interval '25 hours'` },
        { scope: 'guest', key: 'fresh', fingerprint: 'f' },
      ])
      .execute();

    await content.jobs.enqueue(content.db, IDEMPOTENCY_CLEAN_UP_JOB, {});
    await waitForJobs(content.db, { names: [IDEMPOTENCY_CLEAN_UP_JOB] });

    const left = await content.db.selectFrom('idempotencyKeys').select('key').execute();
    expect(left.map((row) => row.key)).toEqual(['fresh']);
  });
});
