import { authRoutes } from '@jesus-walks/contracts/auth';
import type { Identity } from '@jesus-walks/contracts/common';
import type { InternalClient } from '@jesus-walks/service-kit/internal-client';
import type { FastifyRequest } from 'fastify';

const SESSION_COOKIE = /(?:^|;\s*)sid=/;

/**
 * Who is calling: asks identity once per request that carries a session cookie (keep-alive
 * connection, one indexed lookup). Without a cookie there is nothing to ask. If identity is down,
 * the request goes on as anonymous: public pages keep working and protected routes answer 401.
 */
export async function resolveIdentity(
  request: FastifyRequest,
  identity: InternalClient,
): Promise<Identity | null> {
  const cookie = request.headers.cookie;
  if (!cookie || !SESSION_COOKIE.test(cookie)) return null;
  try {
    const resolved = await identity.call(authRoutes.resolveSession, {
      headers: { cookie },
      requestId: request.id,
    });
    return resolved.identity;
  } catch (error) {
    request.log.warn({ err: error }, 'session resolution failed; continuing as anonymous');
    return null;
  }
}
