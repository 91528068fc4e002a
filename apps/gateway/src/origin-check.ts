import type { FastifyReply, FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Server-to-server callers (payment providers) that never send an Origin and carry no cookie. */
const EXEMPT_PREFIXES = ['/api/payments/webhooks/'];

/**
 * Cross-site request forgery guard for state-changing requests, on top of SameSite cookies:
 * a browser's Origin must be the site's public origin (PUBLIC_ORIGIN), never compared with the
 * request's own Host, which whoever points a name at the site controls; without Origin,
 * Sec-Fetch-Site must say same-origin (or none: typed by the user). Clients that send neither
 * header are not browsers and carry no ambient credentials to abuse.
 */
export function createOriginCheck(publicOrigin: string) {
  const allowed = new URL(publicOrigin).origin;
  return async function originCheck(request: FastifyRequest, reply: FastifyReply) {
    if (SAFE_METHODS.has(request.method)) return;
    if (EXEMPT_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return;
    const origin = request.headers.origin;
    if (typeof origin === 'string') {
      if (origin === allowed) return;
      return refuse(reply);
    }
    const site = request.headers['sec-fetch-site'];
    if (site === undefined || site === 'same-origin' || site === 'none') return;
    return refuse(reply);
  };
}

function refuse(reply: FastifyReply) {
  return reply.code(403).send({ message: 'Cross-site requests are not allowed', code: 'forbidden' });
}
