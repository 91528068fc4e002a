import { authRoutes } from '@jesus-walks/contracts/auth';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../../db/database';
import { findUserById } from '../users/users.repository';
import type { SessionLifetimes } from './session-store';
import { touchSession } from './sessions.repository';

const TOUCH_GRANULARITY_MS = 60 * 60_000;

/**
 * The gateway calls this once per request that carries a session cookie, forwarding the cookie.
 * The user is read fresh, so a removed admin flag or a deleted user takes effect at once.
 */
export function registerSessionsRoutes(
  app: ServiceApp,
  deps: { db: Kysely<IdentityDatabase>; lifetimes: SessionLifetimes },
): void {
  registerRoute(app, authRoutes.resolveSession, async (request) => {
    const userId = request.session.userId;
    if (userId === undefined) return { identity: null };
    // Use keeps a session alive (idle timeout), never beyond its absolute lifetime.
    const authenticatedAt = request.session.authenticatedAt ?? Date.now();
    const expiresAt = new Date(
      Math.min(Date.now() + deps.lifetimes.idleMs, authenticatedAt + deps.lifetimes.absoluteMs),
    );
    await touchSession(deps.db, request.session.sessionId, expiresAt, TOUCH_GRANULARITY_MS);
    const user = await findUserById(deps.db, userId);
    return { identity: user ? { id: user.id, username: user.username, isAdmin: user.isAdmin } : null };
  });
}
