import type { IdentityDeps } from '../../deps';
import { deleteExpiredSessions, deleteSessionsOfUser, touchSession } from './sessions.repository';

/** A session in use moves its expiry forward at most once an hour, so a lookup rarely writes. */
const TOUCH_GRANULARITY_MS = 60 * 60_000;

/** Ends every session of a user (password reset), or all but the current one (password change). */
export async function endSessionsOfUser(
  deps: Pick<IdentityDeps, 'db'>,
  input: { userId: number; exceptSid?: string },
): Promise<void> {
  await deleteSessionsOfUser(deps.db, input.userId, input.exceptSid);
}

/**
 * Use keeps a session alive (idle timeout), never beyond its absolute lifetime counted from the
 * login (`authenticatedAt`, ms; now when unknown).
 */
export async function keepSessionAlive(
  deps: Pick<IdentityDeps, 'db' | 'lifetimes'>,
  input: { sessionId: string; authenticatedAt: number | undefined },
): Promise<void> {
  const now = Date.now();
  const authenticatedAt = input.authenticatedAt ?? now;
  const expiresAt = new Date(
    Math.min(now + deps.lifetimes.idleMs, authenticatedAt + deps.lifetimes.absoluteMs),
  );
  await touchSession(deps.db, input.sessionId, expiresAt, TOUCH_GRANULARITY_MS);
}

/** The scheduled clean-up: deletes expired sessions; answers how many. */
export async function removeExpiredSessions(deps: Pick<IdentityDeps, 'db'>): Promise<number> {
  return deleteExpiredSessions(deps.db);
}
