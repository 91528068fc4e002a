import { SIGNED_IN_COOKIE } from '@jesus-walks/contracts/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Logs the user in on this request: a brand-new session id (the old one is destroyed, so a
 * session fixed before login is worthless), the user's id and the login time. A readable
 * `signed_in` hint (no secret in it) lets the web app skip asking who is logged in when nobody is.
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<void> {
  await request.session.regenerate();
  request.session.userId = userId;
  request.session.authenticatedAt = Date.now();
  const { secure, maxAge } = request.session.cookie;
  reply.setCookie(SIGNED_IN_COOKIE, '1', {
    path: '/',
    sameSite: 'lax',
    httpOnly: false,
    secure: secure === true,
    ...(typeof maxAge === 'number' ? { maxAge: Math.floor(maxAge / 1000) } : {}),
  });
}

/** Ends the hint with the session. */
export function clearSignedInHint(reply: FastifyReply): void {
  reply.clearCookie(SIGNED_IN_COOKIE, { path: '/' });
}
