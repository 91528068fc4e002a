import { type Kysely, sql } from 'kysely';
import type { IdentityDatabase } from '../../db/database';

export interface StoredSession {
  data: Record<string, unknown>;
  expiresAt: Date;
}

export async function findSession(
  db: Kysely<IdentityDatabase>,
  sid: string,
): Promise<StoredSession | undefined> {
  return db
    .selectFrom('sessions')
    .select(['data', 'expiresAt'])
    .where('sid', '=', sid)
    .where('expiresAt', '>', new Date())
    .executeTakeFirst();
}

/** Stores a session as it is saved (at login, and as it is used): its use is its last activity. */
export async function upsertSession(
  db: Kysely<IdentityDatabase>,
  session: { sid: string; userId: number | null; data: Record<string, unknown>; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ ...session, data: JSON.stringify(session.data), lastActiveAt: sql<Date>`now()` })
    .onConflict((oc) =>
      oc.column('sid').doUpdateSet({
        userId: session.userId,
        data: JSON.stringify(session.data),
        expiresAt: session.expiresAt,
        lastActiveAt: sql<Date>`now()`,
      }),
    )
    .execute();
}

/**
 * Pushes a session's expiry forward (idle timeout), at most once per `granularityMs`, so the
 * lookup that runs on every request rarely writes.
 */
export async function touchSession(
  db: Kysely<IdentityDatabase>,
  sid: string,
  expiresAt: Date,
  granularityMs: number,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ expiresAt, lastActiveAt: sql<Date>`now()` })
    .where('sid', '=', sid)
    .where('expiresAt', '<', new Date(expiresAt.getTime() - granularityMs))
    .execute();
}

export async function deleteSession(db: Kysely<IdentityDatabase>, sid: string): Promise<void> {
  await db.deleteFrom('sessions').where('sid', '=', sid).execute();
}

export async function deleteExpiredSessions(db: Kysely<IdentityDatabase>): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expiresAt', '<=', new Date()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Ends every session of a user (password reset), or all but the current one (password change,
 * 'Log out everywhere else'); answers how many ended.
 */
export async function deleteSessionsOfUser(
  db: Kysely<IdentityDatabase>,
  userId: number,
  exceptSid?: string,
): Promise<number> {
  let query = db.deleteFrom('sessions').where('userId', '=', userId);
  if (exceptSid) query = query.where('sid', '!=', exceptSid);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A user's sessions that have not expired, newest first. */
export async function listSessionsOfUser(db: Kysely<IdentityDatabase>, userId: number) {
  return db
    .selectFrom('sessions')
    .select(['sid', 'data', 'createdAt', 'lastActiveAt', 'expiresAt'])
    .where('userId', '=', userId)
    .where('expiresAt', '>', new Date())
    .orderBy('createdAt', 'desc')
    .orderBy('sid')
    .execute();
}

/** Ends one session, only if it is this user's; answers whether it did. */
export async function deleteSessionOfUser(
  db: Kysely<IdentityDatabase>,
  userId: number,
  sid: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('sid', '=', sid)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
