import type { SessionStore } from '@fastify/session';
import type { Session } from 'fastify';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../../db/database';
import { deleteSession, findSession, upsertSession } from './sessions.repository';

declare module 'fastify' {
  interface Session {
    userId?: number;
    /** When the user logged in (ms); bounds the session's absolute lifetime. */
    authenticatedAt?: number;
    /** The browser's User-Agent at login (cut to USER_AGENT_MAX_LENGTH), for the member's list of sessions. */
    userAgent?: string;
    /** The client's address at login, for the member's list of sessions. */
    clientAddress?: string;
  }
}

export interface SessionLifetimes {
  idleMs: number;
  absoluteMs: number;
}

/**
 * @fastify/session store in the identity schema, so every replica of identity (and of the
 * gateway in front of it) sees the same sessions. A session ends after `idleMs` without use or
 * `absoluteMs` after login, whichever comes first.
 */
export function createSessionStore(db: Kysely<IdentityDatabase>, lifetimes: SessionLifetimes): SessionStore {
  return {
    set(sid, session, callback) {
      const data = JSON.parse(JSON.stringify(session)) as Record<string, unknown>;
      const authenticatedAt = session.authenticatedAt ?? Date.now();
      const expiresAt = new Date(
        Math.min(Date.now() + lifetimes.idleMs, authenticatedAt + lifetimes.absoluteMs),
      );
      upsertSession(db, { sid, userId: session.userId ?? null, data, expiresAt }).then(
        () => callback(),
        callback,
      );
    },
    get(sid, callback) {
      findSession(db, sid).then((stored) => {
        if (!stored) return callback(null, null);
        callback(null, stored.data as unknown as Session);
      }, callback);
    },
    destroy(sid, callback) {
      deleteSession(db, sid).then(() => callback(), callback);
    },
  };
}
