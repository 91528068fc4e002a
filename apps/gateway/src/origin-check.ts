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
  const allowed = allowedOrigins(publicOrigin);
  return async function originCheck(request: FastifyRequest, reply: FastifyReply) {
    if (SAFE_METHODS.has(request.method)) return;
    if (EXEMPT_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return;
    const origin = request.headers.origin;
    if (typeof origin === 'string') {
      if (allowed.has(origin)) return;
      return refuse(reply);
    }
    const site = request.headers['sec-fetch-site'];
    if (site === undefined || site === 'same-origin' || site === 'none') return;
    return refuse(reply);
  };
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * PUBLIC_ORIGIN, and when it is a loopback origin (the standalone's http://localhost:3000) the
 * same scheme and port under the other loopback names: a page on 127.0.0.1 can only be served by
 * this machine, and a newcomer may well type that address instead of localhost.
 */
export function allowedOrigins(publicOrigin: string): Set<string> {
  const url = new URL(publicOrigin);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return new Set([url.origin]);
  const port = url.port ? `:${url.port}` : '';
  return new Set(LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${port}`));
}

function refuse(reply: FastifyReply) {
  return reply.code(403).send({ message: 'Cross-site requests are not allowed', code: 'forbidden' });
}
