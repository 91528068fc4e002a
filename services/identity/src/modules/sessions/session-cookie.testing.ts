import { randomBytes } from 'node:crypto';
import { Signer } from '@fastify/cookie';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../../db/database';
import { SESSION_COOKIE_NAME } from './sessions.plugin';
import { upsertSession } from './sessions.repository';

/**
 * For tests in any package: a stored session for the user and the signed Cookie header a browser
 * would send for it (what logging in produces).
 */
export async function createSessionCookie(
  db: Kysely<IdentityDatabase>,
  userId: number | null,
  sessionSecret: string,
): Promise<string> {
  const sid = randomBytes(24).toString('base64url');
  await upsertSession(db, {
    sid,
    userId,
    data: { cookie: { originalMaxAge: 3_600_000, httpOnly: true, path: '/' }, ...(userId ? { userId } : {}) },
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return `${SESSION_COOKIE_NAME}=${encodeURIComponent(new Signer(sessionSecret, 'sha256').sign(sid))}`;
}
