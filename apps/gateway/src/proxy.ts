import type { Socket } from 'node:net';
import replyFrom from '@fastify/reply-from';
import type { Identity } from '@jesus-walks/contracts/common';
import { headers } from '@jesus-walks/contracts/common';
import { pathOf, type RouteContract } from '@jesus-walks/contracts/route-contract';
import { publicRouteTable } from '@jesus-walks/contracts/route-table';
import type { ServiceName } from '@jesus-walks/contracts/services';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '@jesus-walks/service-kit/error-handling';
import { signIdentity } from '@jesus-walks/service-kit/identity';
import type { InternalClient } from '@jesus-walks/service-kit/internal-client';
import { hasCacheDirective } from '@jesus-walks/service-kit/public-read-cache';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Pool } from 'undici';
import { type KeptAnswer, type KeptAnswers, sendKept } from './kept-answers';
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
  /** Where the shared reads' answers are kept (with the rendered pages). */
  keptAnswers: KeptAnswers;
}

/** The largest request body the gateway forwards; the services allow the same. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Connect quickly or report the service down: a stopped service answers 503 within 2 s. */
const CONNECT_TIMEOUT_MS = 1_500;

/**
 * Request headers never forwarded. `expect`: Node has already answered 100-continue to the client
 * and the gateway holds the whole body. `transfer-encoding`: the body goes on with a
 * Content-Length. The other hop-by-hop headers describe the client's connection, not ours (undici
 * refuses expect, keep-alive and upgrade outright). `x-forwarded-for`: the client's claim; the
 * address the gateway saw travels inside the signed x-identity. `traceparent`, `tracestate`: a
 * client does not choose the trace; the gateway's own is added when tracing is on (undici's
 * instrumentation, service-kit tracing.ts). `cache-control`, `pragma`: a browser's reload does not
 * make a service rebuild its read caches; only the gateway asks for that (see fillSharedRead).
 */
const DROPPED_HEADERS = [
  headers.identity,
  headers.internalToken,
  'expect',
  'transfer-encoding',
  'keep-alive',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
  'x-forwarded-for',
  'traceparent',
  'tracestate',
  'cache-control',
  'pragma',
];

/** The public routes of the route table grouped by the service that owns them: one upstream pool each. */
export function routesByService(
  routes: readonly RouteContract[] = publicRouteTable(),
): Map<ServiceName, RouteContract[]> {
  const groups = new Map<ServiceName, RouteContract[]>();
  for (const route of routes) groups.set(route.service, [...(groups.get(route.service) ?? []), route]);
  return groups;
}

/**
 * The path the service receives: the contract's path with the parameters the gateway matched,
 * re-encoded, then the query as sent. The service thus routes exactly what the gateway routed (no
 * second reading of a differently encoded path), and the signed identity is bound to it.
 */
export function upstreamPath(route: RouteContract, request: FastifyRequest): string {
  const path = pathOf(route.path, request.params as Record<string, string>);
  const queryAt = request.url.indexOf('?');
  return queryAt === -1 ? path : `${path}${request.url.slice(queryAt)}`;
}

/** Error codes (of the error reply-from reports, or of its cause) that mean the service is unreachable. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_CLOSED',
  'UND_ERR_DESTROYED',
  'FST_REPLY_FROM_SERVICE_UNAVAILABLE',
]);
/** Codes of a request undici would not send as it stands: the client's request, not an outage. */
const NOT_FORWARDABLE = new Set(['UND_ERR_INVALID_ARG', 'UND_ERR_NOT_SUPPORTED']);
const TIMED_OUT = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'FST_REPLY_FROM_GATEWAY_TIMEOUT',
  'FST_REPLY_FROM_TIMEOUT',
]);

function clientWentAway(request: FastifyRequest, reply: FastifyReply): boolean {
  const socket = request.raw.socket as Socket | null;
  return reply.raw.destroyed || !socket || socket.destroyed;
}

function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    current = (current as { cause?: unknown }).cause;
  }
  return codes;
}

/**
 * What a proxying failure means for the client. Only the service being unreachable (503) or slow
 * (504) is reported as an outage; a client that went away gets nothing (nobody is listening), a
 * request that cannot be forwarded is the client's (400), anything else is the service's (502).
 */
function answerProxyError(request: FastifyRequest, reply: FastifyReply, service: ServiceName, error: Error) {
  if (reply.sent) return;
  // The client's socket, not its request stream: a request whose body was read is a destroyed
  // stream (Node's autoDestroy) while its client still waits for the answer.
  if (clientWentAway(request, reply)) {
    request.log.info({ err: error, service }, 'client went away before the service answered');
    return;
  }
  const codes = codesOf(error);
  if (codes.some((code) => TIMED_OUT.has(code))) {
    request.log.warn({ err: error, service }, 'upstream timed out');
    return reply.code(504).send({
      message: `The ${service} service took too long to answer. Please try again.`,
      code: 'upstream_timeout',
    });
  }
  if (codes.some((code) => NOT_FORWARDABLE.has(code))) {
    request.log.info({ err: error, service }, 'request cannot be forwarded');
    return reply.code(400).send({ message: 'The request is not valid', code: 'bad_request' });
  }
  if (codes.some((code) => UNREACHABLE.has(code))) {
    request.log.warn({ err: error, service }, 'upstream unavailable');
    return reply
      .code(503)
      .header('retry-after', UNAVAILABLE_RETRY_AFTER_SECONDS)
      .send({
        message: `The ${service} service is unavailable right now. Please try again shortly.`,
        code: 'upstream_unavailable',
      });
  }
  request.log.error({ err: error, service }, 'upstream failed');
  return reply.code(502).send({
    message: `The ${service} service could not answer this request. Please try again.`,
    code: 'upstream_error',
  });
}

/**
 * One upstream per service: a keep-alive undici pool shared by all of that service's routes. Each
 * public route of the route table (packages/contracts) is registered here by method and path, so
 * two services may share a prefix (GET /api/orders is catalog's, POST /api/orders payments') and
 * anything else is a 404 at the gateway. Bodies are read in full and checked against the limit
 * before anything is sent on, then forwarded byte for byte (webhook signatures need the raw
 * body). The caller's own x-identity and x-internal-token are dropped; the gateway's signed
 * identity, bound to this request, and the request id are added. Internal routes are not
 * registered, so they are never reachable.
 */
export async function registerProxies(app: FastifyInstance, options: ProxyOptions): Promise<void> {
  app.decorateRequest('caller', null);
  const sharedReads = createSharedReadFiller(options);
  for (const [service, routes] of routesByService()) {
    const pool = new Pool(options.upstreams[service], {
      connections: 64,
      pipelining: 1,
      keepAliveTimeout: 30_000,
      connectTimeout: CONNECT_TIMEOUT_MS,
      headersTimeout: options.upstreamTimeoutMs,
      bodyTimeout: options.upstreamTimeoutMs,
    });
    app.addHook('onClose', async () => {
      await pool.close();
    });
    await app.register(async (scope) => {
      // The whole body as bytes, whatever its type, counted against the limit as it arrives
      // (Content-Length up front): an oversized body is refused here, never half-sent.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        '*',
        { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES },
        (_request, body, done) => done(null, body),
      );
      const appErrorHandler = app.errorHandler;
      scope.setErrorHandler(function proxyErrors(error: FastifyError, request, reply) {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
          return reply.code(413).send({
            message: `The request body is too large: the limit is ${BODY_LIMIT_BYTES / 1024 / 1024} MiB.`,
            code: 'payload_too_large',
          });
        }
        // The rest as everywhere (rethrowing would lose errors that are not Error objects).
        return appErrorHandler.call(this, error, request, reply);
      });
      await scope.register(replyFrom, { base: options.upstreams[service], undici: pool as never });
      for (const route of routes) {
        scope.route({
          method: route.method,
          url: route.path,
          preHandler: async (request) => {
            request.caller = await resolveIdentity(request, options.identityClient, {
              required: route.access !== 'public',
            });
          },
          handler: async (request, reply) => {
            const path = upstreamPath(route, request);
            // The same answer for every anonymous caller: from memory, else fetched once for all.
            // A member's request goes on to the service, which may answer them differently.
            if (route.sharedRead && request.caller === null && options.keptAnswers.listening) {
              const kept = options.keptAnswers.get(path) ?? (await sharedReads.fill(pool, path, request));
              if (kept) return sendKept(request, reply, kept);
            }
            // Every proxied request carries one, anonymous ones too: it is how services learn the
            // client's address (TRUST_PROXY decides what request.ip is here). Signed here because
            // rewriteRequestHeaders cannot wait for it.
            const identity = await signIdentity(
              { user: request.caller, clientAddress: request.ip, method: request.method, url: path },
              options.identitySigningKey,
            );
            return reply.from(path, {
              // Never sent twice, whatever the method: a request that failed may have reached the
              // service (killed mid-answer), and only the client knows whether to try again (with
              // the same Idempotency-Key for a payment). It gets a 503 with Retry-After at once.
              retryDelay: () => null,
              // reply-from's types call the upstream answer a server response; it is its own
              // { statusCode, headers, stream } (see its README).
              onResponse: (_request, proxied, response) =>
                sendAnswer(proxied as unknown as FastifyReply, response as unknown as UpstreamAnswer),
              onError: (errorReply, { error }) =>
                answerProxyError(request, errorReply as unknown as FastifyReply, service, error),
              ...bodyOf(request),
              rewriteRequestHeaders: (_request, outgoing) => {
                const rewritten = { ...outgoing };
                for (const name of DROPPED_HEADERS) delete rewritten[name];
                rewritten[headers.requestId] = request.id;
                rewritten[headers.identity] = identity;
                return rewritten;
              },
            });
          },
        });
      }
    });
  }
}

/** Answers up to this size are read whole before they are sent on (see sendAnswer). */
const BUFFERED_ANSWER_MAX_BYTES = 64 * 1024;

/**
 * Sends a service's answer on. A small answer of known length (nearly every JSON answer) is read
 * whole first: compression then takes its synchronous path, or none under 1 KB, instead of a
 * streaming compressor set up for each answer (a tenth of the gateway's CPU in a checkout). Large
 * or open-ended answers (CSV exports, the assistant's event stream) are streamed as they come.
 */
interface UpstreamAnswer {
  headers: Record<string, unknown>;
  stream: NodeJS.ReadableStream;
}

function sendAnswer(reply: FastifyReply, response: UpstreamAnswer): void {
  const length = Number(response.headers['content-length']);
  if (!(length <= BUFFERED_ANSWER_MAX_BYTES)) {
    reply.send(response.stream);
    return;
  }
  const chunks: Buffer[] = [];
  response.stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.stream.once('error', (error) => reply.send(error));
  response.stream.once('end', () => reply.send(Buffer.concat(chunks)));
}

/** The buffered body, sent as it came (reply-from would re-encode a parsed one). */
function bodyOf(request: FastifyRequest): { body?: Buffer | null; contentType?: string } {
  if (!Buffer.isBuffer(request.body)) return {};
  // A body on GET or HEAD is not forwarded (reply-from refuses one).
  if (request.method === 'GET' || request.method === 'HEAD') return { body: null };
  return { body: request.body, contentType: request.headers['content-type'] ?? 'application/octet-stream' };
}

/**
 * Fetches a shared read for the gateway's store, once for every anonymous caller who asks while
 * it is on its way (per generation: whoever asks after a change waits for an answer from after it).
 * The service is asked to build it from the database now (`Cache-Control: no-cache`): it may not
 * have heard of the change that emptied the gateway's store yet. Answers with what was kept, or
 * undefined when the answer may not be kept (not a 200, not `public`, no ETag, or no answer): the
 * caller's request then goes on to the service as any other.
 */
function createSharedReadFiller(options: ProxyOptions) {
  async function fetchSharedRead(pool: Pool, path: string, request: FastifyRequest, startedAt: number) {
    const identity = await signIdentity(
      { user: null, clientAddress: request.ip, method: 'GET', url: path },
      options.identitySigningKey,
    );
    try {
      const answer = await pool.request({
        method: 'GET',
        path,
        headers: {
          accept: 'application/json',
          'cache-control': 'no-cache',
          [headers.requestId]: request.id,
          [headers.identity]: identity,
        },
      });
      const body = await answer.body.text();
      const cacheControl = String(answer.headers['cache-control'] ?? '');
      const etag = answer.headers.etag;
      if (answer.statusCode !== 200 || !hasCacheDirective(cacheControl, 'public') || typeof etag !== 'string')
        return undefined;
      const expires = typeof answer.headers.expires === 'string' ? answer.headers.expires : undefined;
      const expiresAt = Date.parse(expires ?? '');
      return options.keptAnswers.keep(path, startedAt, {
        body,
        etag,
        cacheControl,
        expires,
        contentType: String(answer.headers['content-type'] ?? 'application/json; charset=utf-8'),
        validUntil: Number.isFinite(expiresAt) ? expiresAt : Number.POSITIVE_INFINITY,
      });
    } catch (error) {
      // The caller's own request reports it (503, 504) as any proxied request would.
      request.log.warn({ err: error, path }, 'could not fetch a shared read for the gateway to keep');
      return undefined;
    }
  }

  return {
    fill(pool: Pool, path: string, request: FastifyRequest): Promise<KeptAnswer | undefined> {
      return options.keptAnswers.buildOnce(path, (startedAt) =>
        fetchSharedRead(pool, path, request, startedAt),
      );
    },
  };
}
