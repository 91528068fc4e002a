import { jobsOf, waitForJobs } from '@jesus-walks/test-kit/jobs';
import { createTestDatabase, type TestDatabase } from '@jesus-walks/test-kit/test-database';
import { type Generated, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue, type JobQueue } from './jobs';

interface NotesDatabase {
  notes: { id: Generated<number>; body: string };
}

const migrations = {
  '0001_create_notes': {
    up: async (db: Kysely<unknown>) => {
      await db.schema
        .createTable('notes')
        .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
        .addColumn('body', 'text', (c) => c.notNull())
        .execute();
    },
  },
};

let database: TestDatabase<NotesDatabase>;
let jobs: JobQueue;
const handled: string[] = [];
const attempts: number[] = [];
let releaseSlow: () => void = () => {};
let slowFinished = false;

beforeAll(async () => {
  database = await createTestDatabase<NotesDatabase>({ schema: 'kit_jobs', migrations });
  jobs = createJobQueue({ db: database.db, schema: 'kit_jobs', pollingIntervalSeconds: 0.5 });
  jobs.work<{ body: string }>('note-written', async (job) => {
    handled.push(job.data.body);
    return { seen: job.data.body };
  });
  jobs.work<{ failTimes: number }>(
    'flaky',
    async (job) => {
      attempts.push(Date.now());
      if (job.retryCount < job.data.failTimes) throw new Error(`attempt ${job.retryCount + 1} failed`);
    },
    { retryLimit: 3, retryDelaySeconds: 1, retryBackoff: true },
  );
  jobs.work(
    'hopeless',
    async () => {
      throw new Error('never works');
    },
    { retryLimit: 0 },
  );
  jobs.work('slow', async () => {
    await new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    slowFinished = true;
  });
  jobs.work('clean-up', async () => {
    await database.db.deleteFrom('notes').where('body', 'like', 'old%').execute();
  });
  jobs.schedule('clean-up', '*/15 * * * *');
  await jobs.start();
});

afterAll(async () => {
  await jobs.stop();
  await database.destroy();
});

async function writeNote(body: string, options: { rollback: boolean }): Promise<void> {
  await database.db
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto('notes').values({ body }).execute();
      await jobs.enqueue(trx, 'note-written', { body });
      if (options.rollback) throw new Error('rolled back');
    })
    .catch((error: Error) => {
      if (error.message !== 'rolled back') throw error;
    });
}

describe('job queue (pg-boss in the service schema)', () => {
  it("keeps pg-boss's tables in the service's own schema", async () => {
    const { rows } = await sql<{ tableName: string }>`
      select table_name from information_schema.tables
        where table_schema = 'kit_jobs' and table_name in ('job', 'queue', 'schedule', 'version')
        order by table_name`.execute(database.db);
    expect(rows.map((row) => row.tableName)).toEqual(['job', 'queue', 'schedule', 'version']);
    const elsewhere = await sql<{ count: number }>`
      select count(*)::int as count from information_schema.tables where table_schema = 'pgboss'`.execute(
      database.db,
    );
    expect(elsewhere.rows[0]?.count).toBe(0);
  });

  it('runs a job enqueued in a transaction that commits, never one that rolls back', async () => {
    await writeNote('kept', { rollback: false });
    await writeNote('undone', { rollback: true });
    await waitForJobs(database.db, { names: ['note-written'] });
    expect(handled).toEqual(['kept']);
    const done = await jobsOf(database.db, 'note-written');
    expect(done).toMatchObject([{ state: 'completed', data: { body: 'kept' }, output: { seen: 'kept' } }]);
    expect(await database.db.selectFrom('notes').select('body').execute()).toEqual([{ body: 'kept' }]);
  });

  it('works through a backlog without waiting the polling interval between full batches', async () => {
    const started = Date.now();
    await database.db.transaction().execute(async (trx) => {
      for (let index = 0; index < 20; index += 1) {
        await jobs.enqueue(trx, 'note-written', { body: `backlog ${index}` });
      }
    });
    await waitForJobs(database.db, { names: ['note-written'] });
    // One job a fetch (batchSize 1): waiting 0.5 s after each would take 10 s at least.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(handled.filter((body) => body.startsWith('backlog'))).toHaveLength(20);
  });

  it('retries a failing job with a growing delay, then completes it', async () => {
    await jobs.enqueue(database.db, 'flaky', { failTimes: 2 });
    await expect
      .poll(async () => (await jobsOf(database.db, 'flaky'))[0]?.state, { timeout: 15_000 })
      .toBe('completed');
    expect(attempts).toHaveLength(3);
    const [first = 0, second = 0, third = 0] = attempts;
    // Backoff: the first retry waits 1-2 s, the second 2-4 s (plus polling).
    expect(second - first).toBeGreaterThanOrEqual(900);
    expect(third - second).toBeGreaterThanOrEqual(1_900);
    expect((await jobsOf(database.db, 'flaky'))[0]?.retryCount).toBe(2);
  }, 20_000);

  it('marks a job failed once its retries are used up', async () => {
    await jobs.enqueue(database.db, 'hopeless', {});
    await expect.poll(async () => (await jobsOf(database.db, 'hopeless'))[0]?.state).toBe('failed');
    expect((await jobsOf(database.db, 'hopeless'))[0]?.output).toMatchObject({ message: 'never works' });
  });

  it('registers cron schedules and runs the scheduled job when it comes', async () => {
    const { rows } = await sql<{ name: string; cron: string }>`
      select name, cron from schedule`.execute(database.db);
    expect(rows).toEqual([{ name: 'clean-up', cron: '*/15 * * * *' }]);
    await database.db
      .insertInto('notes')
      .values([{ body: 'old one' }, { body: 'fresh' }])
      .execute();
    // What pg-boss's clock does when the cron fires: a job on the queue.
    await jobs.enqueue(database.db, 'clean-up', {});
    await waitForJobs(database.db, { names: ['clean-up'] });
    const left = await database.db.selectFrom('notes').select('body').orderBy('id').execute();
    expect(left.map((note) => note.body)).toEqual(['kept', 'fresh']);
  });

  it('refuses a queue without a worker, and workers declared after start', async () => {
    await expect(jobs.enqueue(database.db, 'nobody-works-this', {})).rejects.toThrow(/No worker/);
    expect(() => jobs.work('late', async () => {})).toThrow(/before the queue starts/);
  });

  it('stops gracefully: a running job is finished before stop() returns', async () => {
    await jobs.enqueue(database.db, 'slow', {});
    await expect.poll(async () => (await jobsOf(database.db, 'slow'))[0]?.state).toBe('active');
    const stopped = jobs.stop();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(slowFinished).toBe(false);
    releaseSlow();
    await stopped;
    expect(slowFinished).toBe(true);
    expect((await jobsOf(database.db, 'slow'))[0]?.state).toBe('completed');
  });
});
