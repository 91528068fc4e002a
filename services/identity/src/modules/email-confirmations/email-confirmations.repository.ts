import { type Kysely, sql, type Transaction } from 'kysely';
import type { IdentityDatabase } from '../../db/database';

type Db = Kysely<IdentityDatabase> | Transaction<IdentityDatabase>;

/** A link about to be sent: the row its token signs. Answers the row's id. */
export async function insertEmailConfirmation(db: Db, userId: number, email: string): Promise<number> {
  const row = await db
    .insertInto('emailConfirmations')
    .values({ userId, email })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The account and address a link confirms, while it is younger than `maxAgeHours`. */
export async function findEmailConfirmation(db: Db, id: number, maxAgeHours: number) {
  return db
    .selectFrom('emailConfirmations')
    .select(['id', 'userId', 'email'])
    .where('id', '=', id)
    .where('createdAt', '>', sql<Date>`now() - make_interval(hours => ${maxAgeHours})`)
    .executeTakeFirst();
}

/**
 * Forgets an account's links for addresses other than `keepEmail` (any case): the links sent to
 * new addresses it asked for. Their links stop working.
 */
export async function deleteEmailConfirmationsOtherThan(db: Db, userId: number, keepEmail: string) {
  await db
    .deleteFrom('emailConfirmations')
    .where('userId', '=', userId)
    .where(sql`lower(email)`, '!=', keepEmail.toLowerCase())
    .execute();
}

/** Deletes the rows of links past their lifetime; answers how many. */
export async function deleteEmailConfirmationsOlderThan(db: Db, hours: number): Promise<number> {
  const result = await db
    .deleteFrom('emailConfirmations')
    .where('createdAt', '<=', sql<Date>`now() - make_interval(hours => ${hours})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes every link row of an account (a deleted account's). */
export async function deleteEmailConfirmationsOf(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('emailConfirmations').where('userId', '=', userId).execute();
}
