import type { Kysely, Transaction } from 'kysely';
import type { ContentAndEventsDatabase } from '../../db/database';

type Db = Kysely<ContentAndEventsDatabase> | Transaction<ContentAndEventsDatabase>;

/** A walk's leaders' user ids, in the order they were made leaders. */
export async function listLeaderIds(db: Db, eventId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('walkLeaders')
    .select('userId')
    .where('eventId', '=', eventId)
    .orderBy('assignedAt')
    .orderBy('userId')
    .execute();
  return rows.map((row) => row.userId);
}

/** Whether the user leads that walk. */
export async function isLeaderOf(db: Db, eventId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('walkLeaders')
    .select('userId')
    .where('eventId', '=', eventId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The walks a user leads. */
export async function ledEventIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('walkLeaders').select('eventId').where('userId', '=', userId).execute();
  return rows.map((row) => row.eventId);
}

/** Answers whether the user was not a leader of it before. */
export async function insertLeader(
  trx: Transaction<ContentAndEventsDatabase>,
  eventId: number,
  userId: number,
): Promise<boolean> {
  const inserted = await trx
    .insertInto('walkLeaders')
    .values({ eventId, userId })
    .onConflict((conflict) => conflict.columns(['eventId', 'userId']).doNothing())
    .returning('userId')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Answers whether the user was a leader of it. */
export async function deleteLeader(
  trx: Transaction<ContentAndEventsDatabase>,
  eventId: number,
  userId: number,
): Promise<boolean> {
  const deleted = await trx
    .deleteFrom('walkLeaders')
    .where('eventId', '=', eventId)
    .where('userId', '=', userId)
    .returning('userId')
    .executeTakeFirst();
  return deleted !== undefined;
}
