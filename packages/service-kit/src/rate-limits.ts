import { type Kysely, sql } from 'kysely';
import { prefixPattern } from './database';
import { DomainError } from './errors';
import type { JobQueue } from './jobs';

/**
 * Counting requests per client for rate limits: the one way every service does it. Each service
 * has, in its own schema, one table of this shape (created by its own migration with kit-tables'
 * createRateLimitHitsTableV1):
 *
 *   rate_limit_hits (
 *     id bigint generated always as identity primary key,
 *     bucket text not null,               -- what is counted: 'guest-registration', ...
 *     key text collate "C" not null,      -- whose: 'address:203.0.113.5', 'user:42', ...
 *     created_at timestamptz not null default now()
 *   )
 *   index (bucket, key, created_at); index (created_at)
 *
 * One row is one counted action under one (bucket, key); an action counted several ways records
 * several rows in one statement. Keys compare byte by byte (collate "C"), so a key prefix is an
 * index range. Old rows are deleted by a scheduled job (scheduleRateLimitCleanUp), never on the
 * request path.
 */

/** Any service's database or transaction: the table is reached with raw SQL, unqualified. */
// biome-ignore lint/suspicious/noExplicitAny: each service's table types differ
type AnyKysely = Kysely<any>;

/** One (bucket, key) an action is counted under. */
export interface RateLimitKey {
  bucket: string;
  key: string;
}

/** The hits of one key, or (keyPrefix) of every key of the bucket starting with it. */
export type RateLimitKeys = RateLimitKey | { bucket: string; keyPrefix: string };

/** A limit: at most `max` hits of these keys within the last `windowMinutes`. */
export type RateLimitRule = RateLimitKeys & {
  max: number;
  windowMinutes: number;
  /** The 429's message (what was too much, what to do); else checkLimits' message. */
  message?: string;
};

function keyMatch(keys: RateLimitKeys) {
  return 'keyPrefix' in keys ? sql`key like ${prefixPattern(keys.keyPrefix)}` : sql`key = ${keys.key}`;
}

/** The advisory locks' names of these keys, each once, in the one order every locker takes them. */
const lockNamesOf = (keys: readonly RateLimitKey[]) =>
  [...new Set(keys.map(({ bucket, key }) => `rate-limit\n${bucket}\n${key}`))].sort();

/**
 * Serialises the actions of these (bucket, key) pairs until the transaction ends: locked in a fixed
 * (sorted) order, so two transactions never wait on each other crosswise. Count, then record, in
 * the same transaction: simultaneous requests of one client are then counted one at a time.
 */
export async function lockRateLimitKeys(trx: AnyKysely, keys: readonly RateLimitKey[]): Promise<void> {
  if (!trx.isTransaction)
    throw new Error('lockRateLimitKeys needs a transaction (the locks last until its end)');
  const names = lockNamesOf(keys);
  if (names.length === 0) return;
  // One statement: a function scan yields the array's elements in their order, so the locks are
  // taken in it too.
  await sql`select pg_advisory_xact_lock(hashtextextended(name, 0))
              from unnest(${names}::text[]) with ordinality as locked(name, position)`.execute(trx);
}

/** The hits of these keys within the last `windowMinutes` (by the database's clock). */
export async function countHits(
  db: AnyKysely,
  keys: RateLimitKeys & { windowMinutes: number },
): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    select count(*)::int as count from rate_limit_hits
      where bucket = ${keys.bucket} and ${keyMatch(keys)}
        and created_at > now() - make_interval(mins => ${keys.windowMinutes})`.execute(db);
  return rows[0]?.count ?? 0;
}

/** Counts one action under each of these keys (one statement: its rows share one created_at). */
export async function recordHits(db: AnyKysely, keys: readonly RateLimitKey[]): Promise<void> {
  if (keys.length === 0) return;
  await sql`
    insert into rate_limit_hits (bucket, key)
      values ${sql.join(keys.map(({ bucket, key }) => sql`(${bucket}, ${key})`))}`.execute(db);
}

/** Forgets every hit of these keys; answers the keys it removed hits of (each once). */
/** Forgets the hits of these exact keys, in one statement. */
export async function clearKeys(db: AnyKysely, keys: readonly RateLimitKey[]): Promise<void> {
  if (keys.length === 0) return;
  await sql`
    delete from rate_limit_hits
      where (bucket, key) in (select * from unnest(${keys.map((key) => key.bucket)}::text[],
                                                   ${keys.map((key) => key.key)}::text[]))`.execute(db);
}

export async function clearHits(db: AnyKysely, keys: RateLimitKeys): Promise<string[]> {
  const { rows } = await sql<{ key: string }>`
    delete from rate_limit_hits where bucket = ${keys.bucket} and ${keyMatch(keys)}
      returning key`.execute(db);
  return [...new Set(rows.map((row) => row.key))];
}

/** Deletes the hits older than `hours` (of every bucket); answers how many. */
export async function deleteHitsOlderThan(db: AnyKysely, hours: number): Promise<number> {
  const result = await sql`
    delete from rate_limit_hits where created_at < now() - make_interval(hours => ${hours})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Throws 429 (rate_limited) with the message of the first rule whose keys already have `max` hits
 * within its window; counts nothing. Checking and recording atomically (no overshoot by
 * simultaneous requests): lockRateLimitKeys, checkLimits and recordHits in one transaction.
 */
export async function checkLimits(
  db: AnyKysely,
  rules: readonly RateLimitRule[],
  options: { message?: string } = {},
): Promise<void> {
  // Every count, whichever breaks first (the time taken does not tell which limit was reached), in
  // one statement.
  if (rules.length === 0) return;
  const { rows } = await sql<{ counts: number[] }>`
    select array[${sql.join(
      rules.map(
        (rule) => sql`(select count(*)::int from rate_limit_hits
                        where bucket = ${rule.bucket} and ${keyMatch(rule)}
                          and created_at > now() - make_interval(mins => ${rule.windowMinutes}))`,
      ),
    )}] as counts`.execute(db);
  const counts = rows[0]?.counts ?? [];
  const broken = rules.find((rule, index) => (counts[index] ?? 0) >= rule.max);
  if (broken) {
    throw new DomainError(
      'rate_limited',
      broken.message ?? options.message ?? 'Too many requests. Please try again later.',
    );
  }
}

/**
 * Counts one action, or throws 429 (rate_limited) with the message of the first rule already at its
 * max, counting nothing: locks `lock` (sorted), counts every rule and records `record`, atomically,
 * in one statement (the schema's take_rate_limit, kit-tables' createTakeRateLimitFunctionV1).
 * Within a caller's transaction the keys stay locked, and the hits counted, only if it commits.
 * What lockRateLimitKeys, checkLimits and recordHits do in a transaction of their own, in one trip.
 */
export async function takeRateLimit(
  db: AnyKysely,
  action: { lock: readonly RateLimitKey[]; rules: readonly RateLimitRule[]; record: readonly RateLimitKey[] },
  options: { message?: string } = {},
): Promise<void> {
  const locks = lockNamesOf(action.lock);
  const rules = action.rules.map((rule) => ({
    bucket: rule.bucket,
    ...('keyPrefix' in rule ? { keyPattern: prefixPattern(rule.keyPrefix) } : { key: rule.key }),
    windowMinutes: rule.windowMinutes,
    max: rule.max,
  }));
  const hits = action.record.map(({ bucket, key }) => ({ bucket, key }));
  const { rows } = await sql<{ broken: number }>`
    select take_rate_limit(${locks}::text[], ${JSON.stringify(rules)}::jsonb, ${JSON.stringify(hits)}::jsonb)
      as broken`.execute(db);
  const broken = action.rules[(rows[0]?.broken ?? 0) - 1];
  if (broken) {
    throw new DomainError(
      'rate_limited',
      broken.message ?? options.message ?? 'Too many requests. Please try again later.',
    );
  }
}

/** The scheduled clean-up's queue: every service runs it in its own schema's queue. */
export const RATE_LIMIT_CLEAN_UP_JOB = 'rate-limit-hits-clean-up';
/** Every hour, at minute 23. */
export const RATE_LIMIT_CLEAN_UP_CRON = '23 * * * *';

/**
 * Declares the clean-up's worker and its hourly schedule: hits older than `keepHours` are deleted.
 * No limit may count over a window longer than `keepHours`.
 */
export function scheduleRateLimitCleanUp(
  jobs: JobQueue,
  db: AnyKysely,
  options: { keepHours: number },
): void {
  jobs.work(
    RATE_LIMIT_CLEAN_UP_JOB,
    async () => ({ deleted: await deleteHitsOlderThan(db, options.keepHours) }),
    // The next tick does it anyway.
    { retryLimit: 0 },
  );
  jobs.schedule(RATE_LIMIT_CLEAN_UP_JOB, RATE_LIMIT_CLEAN_UP_CRON);
}
