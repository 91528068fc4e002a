import { headers, type Identity } from '@jesus-walks/contracts/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError, forbidden, unauthorized } from './errors';
import { tokensEqual, verifyIdentity } from './identity';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling, from the gateway's signed x-identity header; null when anonymous. */
    identity: Identity | null;
    /**
     * The client's address: from the gateway's signed header, or the socket's for a request
     * without one (an internal call, a test). Never from a bare X-Forwarded-For.
     */
    clientAddress: string;
  }
}

export interface IdentityPluginOptions {
  /** The key, or the keys while it is rotated (acceptedSecrets). */
  identitySigningKey: string | readonly string[];
  internalToken: string | readonly string[];
}

/**
 * Reads x-identity on every request. A header that is present but not correctly signed, stale,
 * or issued for another method or path is refused outright (401), even on public routes: it can
 * only come from a forger, a replay or a misconfigured peer. /internal/* routes additionally
 * require the shared internal token.
 */
export const identityPlugin = fp<IdentityPluginOptions>(
  async (app, options) => {
    const internalTokens =
      typeof options.internalToken === 'string' ? [options.internalToken] : options.internalToken;
    app.decorateRequest('identity', null);
    app.decorateRequest('clientAddress', '');
    app.addHook('onRequest', async (request) => {
      const header = request.headers[headers.identity];
      request.clientAddress = request.socket.remoteAddress ?? '';
      if (header !== undefined) {
        const claims =
          typeof header === 'string'
            ? await verifyIdentity(header, options.identitySigningKey, {
                method: request.method,
                url: request.url,
              })
            : null;
        if (!claims) throw new DomainError('invalid_identity', 'The identity header is not valid');
        request.identity = claims.user;
        request.clientAddress = claims.clientAddress;
      }
      // The matched route too: the router decodes the path, so /%69nternal/... reaches /internal/...
      const route = request.routeOptions.url ?? '';
      if (request.url.startsWith('/internal/') || route.startsWith('/internal/')) {
        const token = request.headers[headers.internalToken];
        const given = typeof token === 'string' ? token : undefined;
        if (!internalTokens.some((expected) => tokensEqual(given, expected))) {
          throw unauthorized('Internal route: a valid internal token is required');
        }
      }
    });
  },
  { name: 'identity' },
);

/** Route onRequest guard: a logged-in user (401 otherwise). */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.identity) throw unauthorized();
}

/** Route onRequest guard: an admin (401 anonymous, 403 for other users). */
export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.identity) throw unauthorized();
  if (!request.identity.isAdmin) throw forbidden('Administrator access required');
}

/** The identity of a request that passed requireUser / requireAdmin. */
export function identityOf(request: FastifyRequest): Identity {
  if (!request.identity) throw unauthorized();
  return request.identity;
}
