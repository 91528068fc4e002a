import type { FastifyRequest } from 'fastify';

/**
 * Logs the user in on this request: a brand-new session id (the old one is destroyed, so a
 * session fixed before login is worthless), the user's id and the login time.
 */
export async function startSession(request: FastifyRequest, userId: number): Promise<void> {
  await request.session.regenerate();
  request.session.userId = userId;
  request.session.authenticatedAt = Date.now();
}
