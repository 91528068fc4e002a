import { SIGNED_IN_COOKIE } from '@jesus-walks/contracts/auth';
import { clientAddressOf } from '@jesus-walks/service-kit/client-address';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DeviceCookies } from './device-cookie';
import { SESSION_COOKIE_NAME } from './sessions.plugin';

/** The longest User-Agent a session keeps: enough to tell a browser and a device. */
export const USER_AGENT_MAX_LENGTH = 512;

/**
 * Logs the user in on this request: a brand-new session id (the old one is destroyed, so a
 * session fixed before login is worthless), the user's id and the login time, and the browser's
 * User-Agent and the client's address, so the member can tell their sessions apart. A readable
 * `signed_in` hint (no secret in it) lets the web app skip asking who is logged in when nobody is.
 * The browser gets a fresh device cookie for the user: from now on it is one the owner logs in
 * with, which a lockout for unknown browsers does not keep out (device-cookie.ts).
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  deviceCookies: DeviceCookies,
): Promise<void> {
  await request.session.regenerate();
  request.session.userId = userId;
  request.session.authenticatedAt = Date.now();
  const userAgent = request.headers['user-agent']?.trim().slice(0, USER_AGENT_MAX_LENGTH);
  if (userAgent) request.session.userAgent = userAgent;
  const address = clientAddressOf(request);
  if (address) request.session.clientAddress = address;
  const { secure, maxAge } = request.session.cookie;
  reply.setCookie(SIGNED_IN_COOKIE, '1', {
    path: '/',
    sameSite: 'lax',
    httpOnly: false,
    secure: secure === true,
    ...(typeof maxAge === 'number' ? { maxAge: Math.floor(maxAge / 1000) } : {}),
  });
  deviceCookies.issue(reply, userId);
}

/**
 * Logs out: the session is destroyed and the browser told to drop its cookie (same name, path and
 * domain as it was set with, already expired) and the hint. The device cookie stays: it is what
 * lets this browser in again while strangers are locked out.
 */
export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { path, domain, secure, sameSite, httpOnly } = request.session.cookie;
  await request.session.destroy();
  reply.clearCookie(SESSION_COOKIE_NAME, {
    path: path ?? '/',
    ...(domain ? { domain } : {}),
    secure: secure === true,
    httpOnly: httpOnly !== false,
    ...(sameSite ? { sameSite } : {}),
  });
  reply.clearCookie(SIGNED_IN_COOKIE, { path: '/' });
}
