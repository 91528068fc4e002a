import { type Kysely, sql, type Transaction } from 'kysely';
import type { ContentAndEventsDatabase } from '../../db/database';

type Db = Kysely<ContentAndEventsDatabase> | Transaction<ContentAndEventsDatabase>;

/** How long a key's first answer is kept for replay. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/**
 * Claims a key inside the caller's transaction. When another transaction holds the same key, the
 * insert waits for it to finish: its committed answer is then replayed (or, if it rolled back,
 * this one claims the key). Returns true when claimed, false when the key already has a row.
 */
export async function claimIdempotencyKey(
  trx: Transaction<ContentAndEventsDatabase>,
  claim: { scope: string; key: string; fingerprint: string },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('idempotencyKeys')
    .values(claim)
    .onConflict((conflict) => conflict.columns(['scope', 'key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findIdempotencyKey(db: Db, scope: string, key: string) {
  return db
    .selectFrom('idempotencyKeys')
    .select(['fingerprint', 'statusCode', 'response'])
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst();
}

export async function storeIdempotentResponse(
  trx: Transaction<ContentAndEventsDatabase>,
  entry: { scope: string; key: string; statusCode: number; response: unknown },
): Promise<void> {
  await trx
    .updateTable('idempotencyKeys')
    .set({ statusCode: entry.statusCode, response: JSON.stringify(entry.response) })
    .where('scope', '=', entry.scope)
    .where('key', '=', entry.key)
    .execute();
}

/** Forgets keys older than the replay window. */
export async function deleteExpiredIdempotencyKeys(db: Db): Promise<void> {
  await db
    .deleteFrom('idempotencyKeys')
    .where('createdAt', '<', sql<Date>`now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`)
    .execute();
}
