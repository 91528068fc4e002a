import { createHash } from 'node:crypto';
import type { AccountSession } from '@jesus-walks/contracts/account';
import { badRequest, notFound } from '@jesus-walks/service-kit/errors';
import type { IdentityDeps } from '../../deps';
import { describeDevice } from './device-description';
import {
  deleteExpiredSessions,
  deleteSessionOfUser,
  deleteSessionsOfUser,
  listSessionsOfUser,
  touchSession,
} from './sessions.repository';

/** A session in use moves its expiry forward at most once an hour, so a lookup rarely writes. */
const TOUCH_GRANULARITY_MS = 60 * 60_000;

/**
 * Ends every session of a user (password reset), or all but the current one (password change,
 * 'Log out everywhere else'); answers how many ended.
 */
export async function endSessionsOfUser(
  deps: Pick<IdentityDeps, 'db'>,
  input: { userId: number; exceptSid?: string },
): Promise<number> {
  return deleteSessionsOfUser(deps.db, input.userId, input.exceptSid);
}

/**
 * The handle a member's list gives a session: the first 128 bits of the SHA-256 of its id, in
 * hex. It names the session without being it: a handle cannot be turned back into the id, so it
 * can never be used as a cookie.
 */
export function sessionHandleOf(sid: string): string {
  return createHash('sha256').update(sid).digest('hex').slice(0, 32);
}

const textOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * A member's sessions that have not expired, for their account page: the one of this request
 * (`currentSid`) first, then the newest. Never a session's id: each is named by its handle.
 */
export async function listSessionsOf(
  deps: Pick<IdentityDeps, 'db'>,
  input: { userId: number; currentSid: string },
): Promise<AccountSession[]> {
  const rows = await listSessionsOfUser(deps.db, input.userId);
  const now = new Date();
  const sessions = rows.map((row) => ({
    id: sessionHandleOf(row.sid),
    current: row.sid === input.currentSid,
    createdAt: row.createdAt.toISOString(),
    // This request is a use of its session (stored as the request ends).
    lastActiveAt: (row.sid === input.currentSid ? now : row.lastActiveAt).toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    device: describeDevice(textOf(row.data.userAgent)),
    address: textOf(row.data.clientAddress),
  }));
  return [
    ...sessions.filter((session) => session.current),
    ...sessions.filter((session) => !session.current),
  ];
}

/**
 * Ends one of a member's other sessions by its handle: 404 when no session of theirs has it; 400
 * for the session of this request (Logout ends that one). Answers how many ended (1).
 */
export async function endSessionByHandle(
  deps: Pick<IdentityDeps, 'db'>,
  input: { userId: number; currentSid: string; handle: string },
): Promise<number> {
  if (input.handle === sessionHandleOf(input.currentSid)) throw badRequest('Use Logout to end this session.');
  const rows = await listSessionsOfUser(deps.db, input.userId);
  const session = rows.find((row) => sessionHandleOf(row.sid) === input.handle);
  if (!session || !(await deleteSessionOfUser(deps.db, input.userId, session.sid))) {
    throw notFound('Session not found');
  }
  return 1;
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
