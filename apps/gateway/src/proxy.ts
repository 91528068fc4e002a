import proxy from '@fastify/http-proxy';
import type { Identity } from '@jesus-walks/contracts/common';
import { headers } from '@jesus-walks/contracts/common';
import { proxyPrefixes } from '@jesus-walks/contracts/route-table';
import type { ServiceName } from '@jesus-walks/contracts/services';
import { signIdentity } from '@jesus-walks/service-kit/identity';
import type { InternalClient } from '@jesus-walks/service-kit/internal-client';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { resolveIdentity } from './session-resolution';

declare module 'fastify' {
  interface FastifyRequest {
    /** Resolved from the session cookie before proxying; null when anonymous. */
    caller: Identity | null;
  }
}

export interface ProxyOptions {
  upstreams: Record<ServiceName, string>;
  identitySigningKey: string;
  identityClient: InternalClient;
  upstreamTimeoutMs: number;
}

/** Connect quickly or report the service down: a stopped service answers 503 within 2 s. */
const CONNECT_TIMEOUT_MS = 1_500;

function unavailable(reply: FastifyReply, service: ServiceName, timedOut: boolean) {
  if (reply.sent) return;
  reply.code(timedOut ? 504 : 503).send({
    message: timedOut
      ? `The ${service} service took too long to answer. Please try again.`
      : `The ${service} service is unavailable right now. Please try again shortly.`,
    code: timedOut ? 'upstream_timeout' : 'upstream_unavailable',
  });
}

/**
 * One @fastify/http-proxy per route-table prefix (packages/contracts), over keep-alive undici pools.
 * The caller's own x-identity and x-internal-token are dropped; the gateway's signed identity and
 * request id are added. Internal routes are not in the map, so they are never reachable.
 */
export async function registerProxies(app: FastifyInstance, options: ProxyOptions): Promise<void> {
  app.decorateRequest('caller', null);
  for (const { prefix, service } of proxyPrefixes()) {
    await app.register(proxy, {
      upstream: options.upstreams[service],
      prefix,
      rewritePrefix: prefix,
      undici: {
        connections: 64,
        pipelining: 1,
        keepAliveTimeout: 30_000,
        connectTimeout: CONNECT_TIMEOUT_MS,
        headersTimeout: options.upstreamTimeoutMs,
        bodyTimeout: options.upstreamTimeoutMs,
      },
      preHandler: async (request) => {
        request.caller = await resolveIdentity(request, options.identityClient);
      },
      replyOptions: {
        retryDelay: () => null,
        rewriteRequestHeaders: (request, outgoing) => {
          const rewritten: Record<string, string | string[] | undefined> = { ...outgoing };
          delete rewritten[headers.identity];
          delete rewritten[headers.internalToken];
          rewritten[headers.requestId] = request.id;
          // The client's address as the gateway sees it (TRUST_PROXY decides), replacing whatever
          // the client claimed: services rate-limit by it.
          rewritten['x-forwarded-for'] = request.ip;
          if (request.caller)
            rewritten[headers.identity] = signIdentity(request.caller, options.identitySigningKey);
          return rewritten;
        },
        onError: (reply, { error }) => {
          const code = (error as { code?: string }).code ?? '';
          const timedOut = code === 'FST_REPLY_FROM_GATEWAY_TIMEOUT' || code === 'FST_REPLY_FROM_TIMEOUT';
          reply.log.warn({ err: error, service }, 'upstream failed');
          unavailable(reply as FastifyReply, service, timedOut);
        },
      },
    });
  }
}
