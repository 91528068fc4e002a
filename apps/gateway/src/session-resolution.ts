import { authRoutes } from '@jesus-walks/contracts/auth';
import type { Identity } from '@jesus-walks/contracts/common';
import { upstreamUnavailable } from '@jesus-walks/service-kit/errors';
import type { InternalClient } from '@jesus-walks/service-kit/internal-client';
import type { FastifyRequest } from 'fastify';

const SESSION_COOKIE = /(?:^|;\s*)sid=/;

/**
 * Who is calling: asks identity once per request that carries a session cookie (keep-alive
 * connection, one indexed lookup). Without a cookie there is nothing to ask. If identity cannot
 * answer, a public route goes on as anonymous (pages keep working), but a route for members or
 * admins answers 503: a 401 would tell the browser its visitor is logged out, which is not so.
 */
export async function resolveIdentity(
  request: FastifyRequest,
  identity: InternalClient,
  options: { required: boolean } = { required: false },
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
    if (options.required) {
      request.log.warn({ err: error }, 'session resolution failed on a protected route');
      throw upstreamUnavailable('We cannot check your session right now. Please try again shortly.');
    }
    request.log.warn({ err: error }, 'session resolution failed; continuing as anonymous');
    return null;
  }
}
