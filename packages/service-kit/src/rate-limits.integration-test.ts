import { jobsOf, waitForJobs } from '@jesus-walks/test-kit/jobs';
import { createTestDatabase, type TestDatabase } from '@jesus-walks/test-kit/test-database';
import { type ColumnType, type Generated, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, statementCountOf } from './database';
import { DomainError } from './errors';
import { createJobQueue, type JobQueue } from './jobs';
import { createRateLimitHitsTableV1, createTakeRateLimitFunctionV1 } from './kit-tables';
import {
  checkLimits,
  clearHits,
  countHits,
  lockRateLimitKeys,
  RATE_LIMIT_CLEAN_UP_CRON,
  RATE_LIMIT_CLEAN_UP_JOB,
  recordHits,
  scheduleRateLimitCleanUp,
  takeRateLimit,
} from './rate-limits';

interface HitsDatabase {
  rateLimitHits: {
    id: Generated<number>;
    bucket: string;
    key: string;
    createdAt: ColumnType<Date, Date | string | undefined, Date | string>;
  };
}

/** The table as every service's migration creates it. */
const migrations = {
  '0001_create_rate_limit_hits': { up: createRateLimitHitsTableV1 },
  '0002_create_take_rate_limit': { up: createTakeRateLimitFunctionV1 },
};

let database: TestDatabase<HitsDatabase>;
let db: Kysely<HitsDatabase>;
let jobs: JobQueue;

beforeAll(async () => {
  database = await createTestDatabase<HitsDatabase>({ schema: 'kit_rate_limits', migrations });
  db = database.db;
  jobs = createJobQueue({ db, schema: 'kit_rate_limits', pollingIntervalSeconds: 0.5 });
  scheduleRateLimitCleanUp(jobs, db, { keepHours: 24 });
  await jobs.start();
});

afterAll(async () => {
  await jobs.stop();
  await database.destroy();
});

async function insertHit(bucket: string, key: string, minutesAgo: number) {
  await db
    .insertInto('rateLimitHits')
    .values({ bucket, key, createdAt: sql`now() - make_interval(mins => ${minutesAgo})` })
    .execute();
}

describe('rate limits (service-kit)', () => {
  it('counts the hits of one (bucket, key) within the window only', async () => {
    await recordHits(db, [
      { bucket: 'signup', key: 'address:a' },
      { bucket: 'login', key: 'address:a' },
    ]);
    await recordHits(db, [{ bucket: 'signup', key: 'address:a' }]);
    await recordHits(db, [{ bucket: 'signup', key: 'address:b' }]);
    await insertHit('signup', 'address:a', 61);
    await insertHit('signup', 'address:a', 59);

    expect(await countHits(db, { bucket: 'signup', key: 'address:a', windowMinutes: 60 })).toBe(3);
    expect(await countHits(db, { bucket: 'signup', key: 'address:a', windowMinutes: 120 })).toBe(4);
    expect(await countHits(db, { bucket: 'signup', key: 'address:a', windowMinutes: 1 })).toBe(2);
    expect(await countHits(db, { bucket: 'login', key: 'address:a', windowMinutes: 60 })).toBe(1);
    expect(await countHits(db, { bucket: 'signup', key: 'address:c', windowMinutes: 60 })).toBe(0);
  });

  it('records the hits of one action together (one created_at)', async () => {
    await recordHits(db, [
      { bucket: 'together', key: 'one' },
      { bucket: 'together', key: 'two' },
    ]);
    const rows = await db
      .selectFrom('rateLimitHits')
      .select('createdAt')
      .where('bucket', '=', 'together')
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]?.createdAt.getTime()).toBe(rows[1]?.createdAt.getTime());
  });

  it('counts and clears by key prefix, taking % and _ literally', async () => {
    await recordHits(db, [
      { bucket: 'prefix', key: 'user:1\n192.0.2.1' },
      { bucket: 'prefix', key: 'user:1\n192.0.2.2' },
      { bucket: 'prefix', key: 'user:12\n192.0.2.1' },
      { bucket: 'prefix', key: 'a_b\nx' },
      { bucket: 'prefix', key: 'axb\nx' },
      { bucket: 'prefix', key: 'a%\nx' },
    ]);
    const count = (keyPrefix: string) => countHits(db, { bucket: 'prefix', keyPrefix, windowMinutes: 60 });
    expect(await count('user:1\n')).toBe(2);
    expect(await count('user:1')).toBe(3);
    expect(await count('a_b\n')).toBe(1);
    expect(await count('a%')).toBe(1);

    expect((await clearHits(db, { bucket: 'prefix', keyPrefix: 'user:1\n' })).sort()).toEqual([
      'user:1\n192.0.2.1',
      'user:1\n192.0.2.2',
    ]);
    expect(await count('user:1')).toBe(1);
    expect(await count('a')).toBe(3);
  });

  it('clears the hits of one (bucket, key) only', async () => {
    await recordHits(db, [
      { bucket: 'clear', key: 'k1' },
      { bucket: 'clear', key: 'k1' },
      { bucket: 'clear', key: 'k2' },
      { bucket: 'clear-other', key: 'k1' },
    ]);
    await insertHit('clear', 'k1', 600);
    expect(await clearHits(db, { bucket: 'clear', key: 'k1' })).toEqual(['k1']);
    expect(await countHits(db, { bucket: 'clear', key: 'k1', windowMinutes: 24 * 60 })).toBe(0);
    expect(await countHits(db, { bucket: 'clear', key: 'k2', windowMinutes: 60 })).toBe(1);
    expect(await countHits(db, { bucket: 'clear-other', key: 'k1', windowMinutes: 60 })).toBe(1);
    expect(await clearHits(db, { bucket: 'clear', key: 'k1' })).toEqual([]);
  });

  it("checkLimits throws 429 rate_limited with the first broken rule's message, counting nothing", async () => {
    await recordHits(db, [
      { bucket: 'check', key: 'a' },
      { bucket: 'check', key: 'a' },
      { bucket: 'check', key: 'b' },
    ]);
    const rules = [
      { bucket: 'check', key: 'b', max: 5, windowMinutes: 60, message: 'Too many b.' },
      { bucket: 'check', key: 'a', max: 2, windowMinutes: 60, message: 'Too many a.' },
    ];
    const refusal = await checkLimits(db, rules).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ code: 'rate_limited', status: 429, message: 'Too many a.' });
    // The caller's message when the rule has none.
    await expect(
      checkLimits(db, [{ bucket: 'check', key: 'a', max: 2, windowMinutes: 60 }], { message: 'Slow down.' }),
    ).rejects.toMatchObject({ code: 'rate_limited', message: 'Slow down.' });
    // Within the limits: no error, and nothing was counted by checking.
    await checkLimits(db, [{ bucket: 'check', key: 'a', max: 3, windowMinutes: 60 }]);
    await checkLimits(db, []);
    expect(await countHits(db, { bucket: 'check', key: 'a', windowMinutes: 60 })).toBe(2);
  });

  it('locking the keys serialises concurrent checks: of 12 at once with max 4, exactly 4 pass', async () => {
    const rule = { bucket: 'race', key: 'address:203.0.113.1', max: 4, windowMinutes: 60, message: 'No.' };
    const attempt = () =>
      db.transaction().execute(async (trx) => {
        // A second key, given in the other order by half the callers: sorted, never a deadlock.
        const other = { bucket: 'race', key: 'address:203.0.113.1:event:1' };
        await lockRateLimitKeys(trx, Math.random() < 0.5 ? [rule, other] : [other, rule]);
        await checkLimits(trx, [rule]);
        // Time for another transaction to count the same hits, were it not waiting on the lock.
        await sql`select pg_sleep(0.02)`.execute(trx);
        await recordHits(trx, [rule]);
        return 'admitted';
      });
    const outcomes = await Promise.allSettled(Array.from({ length: 12 }, attempt));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(4);
    const refusals = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(refusals).toHaveLength(8);
    for (const refusal of refusals)
      expect(refusal.reason).toMatchObject({ code: 'rate_limited', message: 'No.' });
    expect(await countHits(db, { ...rule })).toBe(4);
  });

  it('takeRateLimit counts and records in one statement, refusing with the first rule at its max', async () => {
    // Its own connection, counted apart from the job queue's polling.
    const counted = createDatabase<HitsDatabase>({
      connectionString: database.url,
      schema: 'kit_rate_limits',
    });
    const address = { bucket: 'take', key: 'address:a' };
    const rules = [
      { ...address, max: 2, windowMinutes: 60, message: 'Too many from your network.' },
      // A prefix with LIKE's own characters in it: they match only themselves.
      { bucket: 'take', keyPrefix: 'user:1_%\\\n', max: 1, windowMinutes: 60, message: 'Too many for you.' },
    ];
    const attempt = (id: string) =>
      takeRateLimit(db, {
        lock: [address],
        rules,
        record: [address, { bucket: 'take', key: `user:1_%\\\n${id}` }],
      });
    await insertHit('take', 'user:1x%\\\nold', 1); // not under the prefix: '_' is no wildcard
    await insertHit('take', 'user:1_%\\\nold', 61); // under it, but out of the window
    await takeRateLimit(counted, {
      lock: [address],
      rules,
      record: [address, { bucket: 'take', key: 'user:1_%\\\nfirst' }],
    });
    expect(statementCountOf(counted)).toBe(1);
    await counted.destroy();
    expect(await countHits(db, { ...address, windowMinutes: 60 })).toBe(1);
    // The member's rule is at its max now: refused with its message, nothing counted.
    await expect(attempt('second')).rejects.toMatchObject({
      code: 'rate_limited',
      message: 'Too many for you.',
    });
    expect(await countHits(db, { ...address, windowMinutes: 60 })).toBe(1);
    // Both at their max: the first rule's message.
    await recordHits(db, [address]);
    await expect(attempt('third')).rejects.toMatchObject({ message: 'Too many from your network.' });
    // A rule without a message: the caller's, else the kit's.
    await expect(
      takeRateLimit(
        db,
        { lock: [], rules: [{ ...address, max: 1, windowMinutes: 60 }], record: [] },
        { message: 'Slow down.' },
      ),
    ).rejects.toMatchObject({ message: 'Slow down.' });
    await takeRateLimit(db, { lock: [], rules: [], record: [] });
  });

  it('takeRateLimit serialises concurrent takes: of 12 at once with max 4, exactly 4 pass, also inside transactions', async () => {
    const rule = {
      bucket: 'take-race',
      key: 'address:203.0.113.2',
      max: 4,
      windowMinutes: 60,
      message: 'No.',
    };
    const other = { bucket: 'take-race', key: 'address:203.0.113.2:event:1' };
    const attempt = (index: number) => {
      const action = { lock: index % 2 ? [rule, other] : [other, rule], rules: [rule], record: [rule] };
      if (index % 3 > 0) return takeRateLimit(db, action);
      // In a caller's transaction, which goes on after it: the lock holds until it commits.
      return db.transaction().execute(async (trx) => {
        await takeRateLimit(trx, action);
        await sql`select pg_sleep(0.02)`.execute(trx);
      });
    };
    const outcomes = await Promise.allSettled(Array.from({ length: 12 }, (_, index) => attempt(index)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(4);
    for (const outcome of outcomes)
      if (outcome.status === 'rejected')
        expect(outcome.reason).toMatchObject({ code: 'rate_limited', message: 'No.' });
    expect(await countHits(db, { ...rule })).toBe(4);
  });

  it('refuses to lock outside a transaction (the lock would end with the statement)', async () => {
    await expect(lockRateLimitKeys(db, [{ bucket: 'x', key: 'y' }])).rejects.toThrow(/transaction/);
  });

  it('the clean-up is scheduled hourly and deletes only hits older than keepHours', async () => {
    const { rows } = await sql<{ name: string; cron: string }>`
      select name, cron from schedule`.execute(db);
    expect(rows).toEqual([{ name: RATE_LIMIT_CLEAN_UP_JOB, cron: RATE_LIMIT_CLEAN_UP_CRON }]);

    await insertHit('clean', 'old', 24 * 60 + 1);
    await insertHit('clean', 'kept', 24 * 60 - 1);
    await recordHits(db, [{ bucket: 'clean', key: 'new' }]);
    const before = await db.selectFrom('rateLimitHits').select('id').execute();

    // What pg-boss's clock does when the cron fires: a job on the queue.
    await jobs.enqueue(db, RATE_LIMIT_CLEAN_UP_JOB, {});
    await waitForJobs(db, { names: [RATE_LIMIT_CLEAN_UP_JOB] });

    const left = await db.selectFrom('rateLimitHits').select('key').where('bucket', '=', 'clean').execute();
    expect(left.map((row) => row.key).sort()).toEqual(['kept', 'new']);
    expect(await db.selectFrom('rateLimitHits').select('id').execute()).toHaveLength(before.length - 1);
    expect((await jobsOf(db, RATE_LIMIT_CLEAN_UP_JOB))[0]).toMatchObject({
      state: 'completed',
      output: { deleted: 1 },
    });
  });
});
