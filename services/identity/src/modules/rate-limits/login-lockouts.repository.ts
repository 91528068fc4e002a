import { type Kysely, sql } from 'kysely';
import type { IdentityDatabase } from '../../db/database';

type Db = Kysely<IdentityDatabase>;

/** Whether logins to the account from browsers without its device cookie are refused now. */
export async function isLockedOut(db: Db, accountKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('loginLockouts')
    .select('accountKey')
    .where('accountKey', '=', accountKey)
    .where('lockedUntil', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Locks the account for `minutes` from now (by the database's clock) unless it is locked already.
 * Answers true only to the caller that started the lockout: of simultaneous callers, one inserts
 * (or revives an expired row) and the others find it locked, so the lockout is announced once.
 */
export async function startLockout(db: Db, accountKey: string, minutes: number): Promise<boolean> {
  const until = sql<Date>`now() + make_interval(mins => ${minutes})`;
  const started = await db
    .insertInto('loginLockouts')
    .values({ accountKey, lockedUntil: until })
    .onConflict((oc) =>
      oc
        .column('accountKey')
        .doUpdateSet({ startedAt: sql`now()`, lockedUntil: until })
        .where('loginLockouts.lockedUntil', '<=', sql<Date>`now()`),
    )
    .returning('accountKey')
    .executeTakeFirst();
  return started !== undefined;
}

/** Deletes the lockouts that have ended; answers how many. */
export async function deleteEndedLockouts(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('loginLockouts')
    .where('lockedUntil', '<=', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes the lockouts of these account keys (a deleted account's). */
export async function deleteLockoutsOf(db: Db, accountKeys: readonly string[]): Promise<void> {
  if (accountKeys.length === 0) return;
  await db
    .deleteFrom('loginLockouts')
    .where('accountKey', 'in', [...accountKeys])
    .execute();
}

/**
 * Deletes every counted attempt naming one of these keys, whichever side of its key (by account:
 * '<key>\n<address>', by address: '<address>\n<key>', by device: '<key>\n<nonce>').
 */
export async function deleteAttemptsNaming(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const named = [...keys];
  await sql`
    delete from rate_limit_hits
      where split_part(key, chr(10), 1) = any(${named}::text[])
         or split_part(key, chr(10), 2) = any(${named}::text[])`.execute(db);
}
