import { CompiledQuery, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';

/**
 * Background work on pg-boss (ARCHITECTURE.md section 4, docs/decisions/008-job-queue.md): its
 * tables live in the service's own schema and it shares the service's connection pool. A job is
 * enqueued inside the transaction of the business write that causes it, so a write that rolls back
 * never runs its job, and one that commits never loses it.
 */

/** Any Kysely instance or transaction: the queue only runs raw SQL through it. */
// biome-ignore lint/suspicious/noExplicitAny: schema-agnostic, pg-boss qualifies its own tables
export type AnyKysely = Kysely<any>;

interface JobLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

const silent: JobLogger = { info() {}, warn() {}, error() {} };

export interface QueueSettings {
  /** Attempts after the first one (default 2). */
  retryLimit?: number;
  /** Seconds before a retry (default 0; with backoff, at least 1 and doubled per attempt). */
  retryDelaySeconds?: number;
  /** Exponential backoff with jitter between retries. */
  retryBackoff?: boolean;
  /** A running job taking longer than this counts as failed (default 15 minutes). */
  expireInSeconds?: number;
  /** Jobs fetched and run together (concurrently) by this process's worker (default 1). */
  batchSize?: number;
}

export interface EnqueueOptions {
  /** Run no earlier than this many seconds from now. */
  startAfterSeconds?: number;
  /** At most one queued job per key (a second enqueue with it is ignored and answers null). */
  singletonKey?: string;
}

export interface RunningJob<T> {
  id: string;
  name: string;
  data: T;
  /** 0 on the first attempt. */
  retryCount: number;
  retryLimit: number;
}

/** What a job answers (an object) is kept as the job's output (e.g. how an e-mail went out). */
export type JobHandler<T> = (job: RunningJob<T>) => Promise<unknown>;

export interface JobQueue {
  readonly schema: string;
  /**
   * Adds a job inside `trx` (the transaction of the write that causes it): it runs once the
   * transaction commits, never if it rolls back. Answers the job's id (null: a singletonKey
   * already queued).
   */
  enqueue(trx: AnyKysely, name: string, data: object, options?: EnqueueOptions): Promise<string | null>;
  /** Declares a queue and its worker (before start). */
  work<T extends object>(name: string, handler: JobHandler<T>, settings?: QueueSettings): void;
  /** Runs a queue's job on a cron schedule (UTC), e.g. '*\/15 * * * *'; the queue needs a worker. */
  schedule(name: string, cron: string): void;
  /** Installs or updates pg-boss's tables, creates the queues, starts workers and schedules. */
  start(): Promise<void>;
  /** Stops fetching, waits (up to the grace period) for running jobs, leaves the pool open. */
  stop(): Promise<void>;
  /** Something to run once the queue has stopped (closing an SMTP transport, ...). */
  onStop(task: () => void | Promise<void>): void;
}

export interface JobQueueOptions {
  /** The service's database: pg-boss runs its SQL through this pool. */
  db: AnyKysely;
  /** The service's schema: pg-boss's tables (job, queue, schedule, ...) are created in it. */
  schema: string;
  logger?: JobLogger | false;
  /** How often an idle worker looks for jobs (default 2 s, at least 0.5). */
  pollingIntervalSeconds?: number;
  /** How long stop() waits for running jobs (default 10 s). */
  stopTimeoutMs?: number;
}

/**
 * pg-boss's `db` adapter over a Kysely instance or transaction. Plugins are left out (the
 * CamelCasePlugin would rename pg-boss's columns); the statement runs on the transaction's own
 * connection, so it commits or rolls back with it.
 */
export function pgBossDb(db: AnyKysely): PgBoss.Db {
  const plain = db.withoutPlugins();
  return {
    async executeSql(text, values) {
      const result = await plain.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as unknown[] as never[] };
    },
  };
}

interface Declared {
  handler: JobHandler<object>;
  settings: QueueSettings;
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const logger = options.logger || silent;
  const declared = new Map<string, Declared>();
  const schedules = new Map<string, string>();
  const stopTasks: Array<() => void | Promise<void>> = [];
  let state: 'new' | 'starting' | 'started' | 'stopping' | 'stopped' = 'new';

  // Every statement pg-boss runs goes through here, so stop() can wait for the last one before
  // the service closes its pool, and nothing reaches the pool after that.
  let inFlight = 0;
  let running = 0;
  const base = pgBossDb(options.db);
  const trackedDb: PgBoss.Db = {
    executeSql(text, values) {
      if (state === 'stopped') return Promise.reject(new Error('the job queue is stopped'));
      inFlight += 1;
      return base.executeSql(text, values).finally(() => {
        inFlight -= 1;
      });
    },
  };
  // The jobs whose outcome runJobs has recorded itself. Once a batch's handler returns, pg-boss's
  // worker completes (or fails) the batch a second time without awaiting it: that call is answered
  // here without a statement, so it costs nothing and cannot reject unheard (an unhandled
  // rejection) when the database has just gone away.
  const recorded = new Set<string>();
  const bossDb: PgBoss.Db = {
    executeSql(text, values) {
      const ids = values?.[1];
      if (Array.isArray(ids) && ids.length > 0 && ids.every((id) => recorded.has(String(id)))) {
        for (const id of ids) recorded.delete(String(id));
        return Promise.resolve({ rows: [{ count: String(ids.length) }] as never[] });
      }
      return trackedDb.executeSql(text, values);
    },
  };
  const boss = new PgBoss({
    db: bossDb,
    schema: options.schema,
    migrate: true,
    ...(options.pollingIntervalSeconds ? { pollingIntervalSeconds: options.pollingIntervalSeconds } : {}),
  });
  boss.on('error', (error) => {
    if (state === 'started' || state === 'starting') logger.error({ err: error }, 'job queue error');
  });

  async function runBatch(name: string, entry: Declared, jobs: PgBoss.JobWithMetadata<object>[]) {
    running += 1;
    try {
      await runJobs(name, entry, jobs);
    } finally {
      running -= 1;
    }
  }

  async function runJobs(name: string, entry: Declared, jobs: PgBoss.JobWithMetadata<object>[]) {
    await Promise.all(
      jobs.map(async (job) => {
        const running: RunningJob<object> = {
          id: job.id,
          name,
          data: job.data,
          retryCount: job.retryCount,
          retryLimit: job.retryLimit,
        };
        try {
          const output = await entry.handler(running);
          await boss.complete(name, job.id, typeof output === 'object' && output !== null ? output : {}, {
            db: trackedDb,
          });
        } catch (error) {
          const last = job.retryCount >= job.retryLimit;
          const message = error instanceof Error ? error.message : String(error);
          (last ? logger.error : logger.warn).call(
            logger,
            { err: error, job: { id: job.id, name, attempt: job.retryCount + 1 } },
            last ? 'job failed for good' : 'job failed; it will be retried',
          );
          // Not recorded (the database is away): the job stays active, and pg-boss retries it once
          // it expires.
          await boss.fail(name, job.id, { message }, { db: trackedDb }).catch((failure: unknown) => {
            logger.error({ err: failure, job: { id: job.id, name } }, 'job outcome not recorded');
          });
        } finally {
          recorded.add(job.id);
        }
      }),
    );
  }

  async function ensureQueue(name: string, settings: QueueSettings): Promise<void> {
    const queue: PgBoss.Queue = {
      name,
      policy: 'standard',
      ...(settings.retryLimit !== undefined ? { retryLimit: settings.retryLimit } : {}),
      ...(settings.retryDelaySeconds !== undefined ? { retryDelay: settings.retryDelaySeconds } : {}),
      ...(settings.retryBackoff !== undefined ? { retryBackoff: settings.retryBackoff } : {}),
      ...(settings.expireInSeconds !== undefined ? { expireInSeconds: settings.expireInSeconds } : {}),
    };
    // create_queue ignores an existing queue; update keeps its settings those of this release.
    await boss.createQueue(name, queue);
    await boss.updateQueue(name, queue);
  }

  return {
    schema: options.schema,

    async enqueue(trx, name, data, enqueueOptions = {}) {
      if (!declared.has(name)) throw new Error(`No worker is declared for the job queue "${name}"`);
      const id = await boss.send(name, data, {
        db: pgBossDb(trx),
        ...(enqueueOptions.startAfterSeconds ? { startAfter: enqueueOptions.startAfterSeconds } : {}),
        ...(enqueueOptions.singletonKey ? { singletonKey: enqueueOptions.singletonKey } : {}),
      });
      if (id === null && !enqueueOptions.singletonKey) {
        throw new Error(`The job queue "${name}" does not exist yet: is the app ready (queue started)?`);
      }
      return id;
    },

    work(name, handler, settings = {}) {
      if (state !== 'new') throw new Error(`Declare the worker of "${name}" before the queue starts`);
      if (declared.has(name)) throw new Error(`The job queue "${name}" already has a worker`);
      declared.set(name, { handler: handler as JobHandler<object>, settings });
    },

    schedule(name, cron) {
      if (state !== 'new') throw new Error(`Schedule "${name}" before the queue starts`);
      schedules.set(name, cron);
    },

    onStop(task) {
      stopTasks.push(task);
    },

    async start() {
      if (state !== 'new') return;
      for (const name of schedules.keys()) {
        if (!declared.has(name)) throw new Error(`The scheduled job "${name}" has no worker`);
      }
      state = 'starting';
      // A service without background work leaves its schema alone.
      if (declared.size === 0) {
        state = 'started';
        return;
      }
      await boss.start();
      for (const [name, entry] of declared) {
        await ensureQueue(name, entry.settings);
        const batchSize = entry.settings.batchSize ?? 1;
        let workerId: string | undefined;
        workerId = await boss.work<object>(name, { batchSize, includeMetadata: true }, async (jobs) => {
          await runBatch(name, entry, jobs);
          // pg-boss waits its polling interval after every fetch, a full one too: that would cap a
          // queue at one batch per interval (a backlog of e-mails at one every two seconds). A full
          // batch says more may be waiting, so the worker fetches again at once.
          if (jobs.length >= batchSize && workerId !== undefined) boss.notifyWorker(workerId);
        });
      }
      for (const [name, cron] of schedules) await boss.schedule(name, cron, {}, { tz: 'UTC' });
      state = 'started';
    },

    async stop() {
      if (state === 'new' || state === 'stopped' || state === 'stopping') {
        state = 'stopped';
        return;
      }
      state = 'stopping';
      const deadline = Date.now() + (options.stopTimeoutMs ?? 10_000);
      if (declared.size > 0) {
        await boss.stop({
          graceful: true,
          close: false,
          wait: true,
          timeout: options.stopTimeoutMs ?? 10_000,
        });
      }
      // A worker that was fetching when told to stop may still be running what it fetched.
      while ((inFlight > 0 || running > 0) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      state = 'stopped';
      for (const task of stopTasks) await task();
    },
  };
}
