import { type Kysely, sql } from 'kysely';
import type { ContentAndEventsDatabase } from '../../db/database';

type Db = Kysely<ContentAndEventsDatabase>;

/**
 * Serialises the actions of these (bucket, key) pairs until the transaction ends, in a fixed order
 * so two transactions never wait on each other crosswise.
 */
export async function lockRateLimitKeys(trx: Db, pairs: ReadonlyArray<{ bucket: string; key: string }>) {
  const names = [...new Set(pairs.map(({ bucket, key }) => `rate-limit\n${bucket}\n${key}`))].sort();
  for (const name of names) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`.execute(trx);
  }
}

export async function countRecentHits(
  trx: Db,
  hit: { bucket: string; key: string; windowMinutes: number },
): Promise<number> {
  const row = await trx
    .selectFrom('rateLimitHits')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('bucket', '=', hit.bucket)
    .where('key', '=', hit.key)
    .where('createdAt', '>', sql<Date>`now() - make_interval(mins => ${hit.windowMinutes})`)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertHits(trx: Db, hits: ReadonlyArray<{ bucket: string; key: string }>) {
  if (hits.length === 0) return;
  await trx
    .insertInto('rateLimitHits')
    .values(hits.map(({ bucket, key }) => ({ bucket, key })))
    .execute();
}

/**
 * Deletes up to `batch` hits older than `hours`, skipping rows another transaction is deleting:
 * called on every counted action, it keeps the table small without a scheduled job and without
 * two callers ever waiting on each other.
 */
export async function deleteOldHits(db: Db, hours: number, batch = 100): Promise<void> {
  await sql`
    delete from rate_limit_hits where id in (
      select id from rate_limit_hits
      where created_at < now() - make_interval(hours => ${hours})
      order by created_at
      limit ${batch}
      for update skip locked
    )`.execute(db);
}
