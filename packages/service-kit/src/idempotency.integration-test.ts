import { jobsOf, waitForJobs } from '@jesus-walks/test-kit/jobs';
import { createTestDatabase, type TestDatabase } from '@jesus-walks/test-kit/test-database';
import { type ColumnType, type Generated, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimIdempotencyKey,
  deleteExpiredIdempotencyKeys,
  findIdempotencyKey,
  IDEMPOTENCY_CLEAN_UP_CRON,
  IDEMPOTENCY_CLEAN_UP_JOB,
  IDEMPOTENCY_KEY_TTL_HOURS,
  releaseIdempotencyKey,
  scheduleIdempotencyCleanUp,
  storeIdempotentResponse,
} from './idempotency';
import { createJobQueue, type JobQueue } from './jobs';
import { createIdempotencyKeysTableV1 } from './kit-tables';

interface KeysDatabase {
  idempotencyKeys: {
    id: Generated<number>;
    scope: string;
    key: string;
    fingerprint: string;
    statusCode: number | null;
    response: unknown;
    createdAt: ColumnType<Date, Date | string | undefined, Date | string>;
  };
}

/** The table as every service's migration creates it. */
const migrations = { '0001_create_idempotency_keys': { up: createIdempotencyKeysTableV1 } };

let database: TestDatabase<KeysDatabase>;
let db: Kysely<KeysDatabase>;
let jobs: JobQueue;

beforeAll(async () => {
  database = await createTestDatabase<KeysDatabase>({ schema: 'kit_idempotency', migrations });
  db = database.db;
  jobs = createJobQueue({ db, schema: 'kit_idempotency', pollingIntervalSeconds: 0.5 });
  scheduleIdempotencyCleanUp(jobs, db);
  await jobs.start();
});

afterAll(async () => {
  await jobs.stop();
  await database.destroy();
});

const claim = (key: string, fingerprint = 'fp-1', scope = 'user:1') => ({ scope, key, fingerprint });

/** Resolves once some other session of this database waits on a row lock (an insert held up). */
async function someoneWaitsOnALock(timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'
          and query ilike '%insert into idempotency_keys%'`.execute(db);
    if ((rows[0]?.waiting ?? 0) > 0) return;
    if (Date.now() > deadline) throw new Error('no claim is waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A promise's state now, without waiting for it. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe('Idempotency-Key store (service-kit)', () => {
  it('claims a key once: it reads as still running until its answer is stored, then replays that answer', async () => {
    expect(await claimIdempotencyKey(db, claim('k-claim'))).toBe(true);
    expect(await claimIdempotencyKey(db, claim('k-claim'))).toBe(false);
    expect(await findIdempotencyKey(db, 'user:1', 'k-claim')).toEqual({
      fingerprint: 'fp-1',
      statusCode: null,
      response: null,
    });

    const answer = { paymentId: 'p-1', total: '58.99', items: [{ productId: 3, quantity: 2 }] };
    await storeIdempotentResponse(db, { scope: 'user:1', key: 'k-claim', statusCode: 201, response: answer });
    expect(await claimIdempotencyKey(db, claim('k-claim'))).toBe(false);
    expect(await findIdempotencyKey(db, 'user:1', 'k-claim')).toEqual({
      fingerprint: 'fp-1',
      statusCode: 201,
      response: answer,
    });
  });

  it('keeps the first request’s fingerprint (the caller refuses the key for another request)', async () => {
    expect(await claimIdempotencyKey(db, claim('k-print', 'fp-first'))).toBe(true);
    expect(await claimIdempotencyKey(db, claim('k-print', 'fp-other'))).toBe(false);
    expect(await findIdempotencyKey(db, 'user:1', 'k-print')).toMatchObject({ fingerprint: 'fp-first' });
  });

  it('keeps keys apart by scope: the same key of another buyer is a new claim', async () => {
    expect(await claimIdempotencyKey(db, claim('k-scope', 'fp-1', 'user:1'))).toBe(true);
    expect(await claimIdempotencyKey(db, claim('k-scope', 'fp-1', 'user:2'))).toBe(true);
    expect(await claimIdempotencyKey(db, claim('k-scope', 'fp-1', 'guest'))).toBe(true);
    expect(await findIdempotencyKey(db, 'user:3', 'k-scope')).toBeUndefined();
  });

  it('of 10 simultaneous claims of one key, exactly one wins', async () => {
    const claims = await Promise.all(
      Array.from({ length: 10 }, () => claimIdempotencyKey(db, claim('k-race'))),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it('a claim inside a transaction makes a concurrent claim wait, then replays the committed answer', async () => {
    let second: Promise<boolean> | undefined;
    await db.transaction().execute(async (trx) => {
      expect(await claimIdempotencyKey(trx, claim('k-wait'))).toBe(true);
      second = claimIdempotencyKey(db, claim('k-wait'));
      await someoneWaitsOnALock();
      // Still held up while this transaction is open.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await settled(second)).toBe(false);
      await storeIdempotentResponse(trx, {
        scope: 'user:1',
        key: 'k-wait',
        statusCode: 200,
        response: { n: 1 },
      });
    });
    expect(await second).toBe(false);
    expect(await findIdempotencyKey(db, 'user:1', 'k-wait')).toEqual({
      fingerprint: 'fp-1',
      statusCode: 200,
      response: { n: 1 },
    });
  });

  it('a waiting claim takes the key when the transaction holding it rolls back', async () => {
    let second: Promise<boolean> | undefined;
    const rolledBack = await db
      .transaction()
      .execute(async (trx) => {
        expect(await claimIdempotencyKey(trx, claim('k-rollback'))).toBe(true);
        second = claimIdempotencyKey(db, claim('k-rollback', 'fp-2'));
        await someoneWaitsOnALock();
        throw new Error('the work failed');
      })
      .catch((error: unknown) => error);
    expect(rolledBack).toMatchObject({ message: 'the work failed' });
    expect(await second).toBe(true);
    expect(await findIdempotencyKey(db, 'user:1', 'k-rollback')).toMatchObject({
      fingerprint: 'fp-2',
      statusCode: null,
    });
  });

  it('a key given back after a failure lets a retry run; an answered key is never given back', async () => {
    expect(await claimIdempotencyKey(db, claim('k-release'))).toBe(true);
    await releaseIdempotencyKey(db, 'user:1', 'k-release');
    expect(await findIdempotencyKey(db, 'user:1', 'k-release')).toBeUndefined();
    expect(await claimIdempotencyKey(db, claim('k-release'))).toBe(true);

    await storeIdempotentResponse(db, {
      scope: 'user:1',
      key: 'k-release',
      statusCode: 201,
      response: 'done',
    });
    await releaseIdempotencyKey(db, 'user:1', 'k-release');
    expect(await findIdempotencyKey(db, 'user:1', 'k-release')).toMatchObject({ response: 'done' });
    expect(await claimIdempotencyKey(db, claim('k-release'))).toBe(false);
    // Another scope's key of the same name is not touched by giving one back.
    expect(await claimIdempotencyKey(db, claim('k-release', 'fp-1', 'guest'))).toBe(true);
    await releaseIdempotencyKey(db, 'user:1', 'k-release');
    expect(await findIdempotencyKey(db, 'guest', 'k-release')).toBeDefined();
  });

  it(`the clean-up is scheduled hourly and forgets keys older than ${IDEMPOTENCY_KEY_TTL_HOURS} h only`, async () => {
    const { rows } = await sql<{ name: string; cron: string }>`
      select name, cron from schedule`.execute(db);
    expect(rows).toEqual([{ name: IDEMPOTENCY_CLEAN_UP_JOB, cron: IDEMPOTENCY_CLEAN_UP_CRON }]);

    const aged = async (key: string, minutesAgo: number) => {
      await claimIdempotencyKey(db, claim(key, 'fp-1', 'clean'));
      await db
        .updateTable('idempotencyKeys')
        .set({ createdAt: sql`now() - make_interval(mins => ${minutesAgo})` })
        .where('scope', '=', 'clean')
        .where('key', '=', key)
        .execute();
    };
    await aged('old', IDEMPOTENCY_KEY_TTL_HOURS * 60 + 1);
    await aged('kept', IDEMPOTENCY_KEY_TTL_HOURS * 60 - 1);
    await claimIdempotencyKey(db, claim('new', 'fp-1', 'clean'));
    const before = await db.selectFrom('idempotencyKeys').select('id').execute();

    // What pg-boss's clock does when the cron fires: a job on the queue.
    await jobs.enqueue(db, IDEMPOTENCY_CLEAN_UP_JOB, {});
    await waitForJobs(db, { names: [IDEMPOTENCY_CLEAN_UP_JOB] });

    const left = await db.selectFrom('idempotencyKeys').select('key').where('scope', '=', 'clean').execute();
    expect(left.map((row) => row.key).sort()).toEqual(['kept', 'new']);
    expect(await db.selectFrom('idempotencyKeys').select('id').execute()).toHaveLength(before.length - 1);
    expect((await jobsOf(db, IDEMPOTENCY_CLEAN_UP_JOB))[0]).toMatchObject({ state: 'completed' });
    // A forgotten key is a new claim.
    expect(await claimIdempotencyKey(db, claim('old', 'fp-1', 'clean'))).toBe(true);
    await deleteExpiredIdempotencyKeys(db);
    expect(await findIdempotencyKey(db, 'clean', 'old')).toBeDefined();
  });
});
