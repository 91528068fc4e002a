import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { headers } from '@jesus-walks/contracts/common';
import { serviceNames } from '@jesus-walks/contracts/services';
import { registerErrorHandling } from '@jesus-walks/service-kit/error-handling';
import { createInternalClient } from '@jesus-walks/service-kit/internal-client';
import { metricsPlugin } from '@jesus-walks/service-kit/metrics';
import { registerRequestContext } from '@jesus-walks/service-kit/request-context';
import { requestIdOf } from '@jesus-walks/service-kit/request-id';
import { answer503WhileClosing } from '@jesus-walks/service-kit/shutdown';
import { createTracing, registerTracing } from '@jesus-walks/service-kit/tracing';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Kysely } from 'kysely';
import pino, { type Logger } from 'pino';
import { request as undiciRequest } from 'undici';
import { registerApiDocs } from './api-docs';
import type { GatewayDatabase } from './db/database';
import type { Env } from './env';
import { createKeptAnswers } from './kept-answers';
import { createOriginCheck } from './origin-check';
import { registerProxies } from './proxy';
import { createSharedRateLimitCounts } from './rate-limit-counts';
import { answerKind, contentSecurityPolicy, resourceHeaders } from './security-headers';
import { registerWebApp } from './web-app';

export interface GatewayDeps {
  logger: Logger | false;
  /**
   * The gateway's own schema, where the API rate limit is counted across replicas. Without it the
   * count is this process's alone: fine for one gateway (tests), not for several.
   */
  db?: Kysely<GatewayDatabase>;
}

/** Builds the public entry point; never listens (main.ts, standalone and tests do). */
export async function buildApp(env: Env, deps: GatewayDeps): Promise<FastifyInstance> {
  const logger: FastifyBaseLogger =
    deps.logger === false ? pino({ level: 'silent' }) : deps.logger.child({ service: 'gateway' });
  const app = Fastify({
    loggerInstance: logger,
    genReqId: requestIdOf,
    trustProxy: env.TRUST_PROXY,
    forceCloseConnections: 'idle',
    // answer503WhileClosing below answers in the API's envelope instead.
    return503OnClosing: false,
    bodyLimit: 1024 * 1024,
  });
  // First, so that a request's span covers every hook that follows (the origin check, the rate limit).
  const tracing = createTracing({ serviceName: 'gateway', endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT });
  if (tracing) registerTracing(app, tracing, { trustIncoming: false });
  registerErrorHandling(app);
  answer503WhileClosing(app, 'gateway');
  registerRequestContext(app);

  const identityClient = createInternalClient({
    baseUrl: env.upstreams.identity,
    internalToken: env.INTERNAL_TOKEN,
    timeoutMs: 2_000,
  });
  app.addHook('onClose', () => identityClient.close());

  app.addHook('onRequest', async (request, reply) => {
    // Only the gateway speaks for the caller: whatever identity or token a client sent is dropped.
    delete request.headers[headers.identity];
    delete request.headers[headers.internalToken];
    reply.header(headers.requestId, request.id);
  });
  app.addHook('onRequest', createOriginCheck(env.PUBLIC_ORIGIN));

  // Security headers from helmet for pages, its middleware built once. @fastify/helmet builds a new one (CSP
  // string included) on every request: measured here, 24k against 36k pages per second.
  const securityHeaders = helmet({
    contentSecurityPolicy: contentSecurityPolicy(env.PUBLIC_ORIGIN),
    hsts: env.PUBLIC_ORIGIN.startsWith('https:'),
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  const apiAndAssetHeaders = resourceHeaders(env.PUBLIC_ORIGIN);
  const { 'content-security-policy': _, ...apiAndAssetHeadersButPolicy } = apiAndAssetHeaders;
  app.addHook('onSend', (request, reply, payload, done) => {
    const kind = answerKind(reply.statusCode, reply.getHeader('content-type'));
    if (kind === 'resource') {
      // A file that says its own policy keeps it (the service worker's, web-app.ts).
      reply.headers(
        reply.hasHeader('content-security-policy') ? apiAndAssetHeadersButPolicy : apiAndAssetHeaders,
      );
    }
    if (kind !== 'document') return done(null, payload);
    securityHeaders(request.raw, reply.raw, (error?: unknown) =>
      error instanceof Error ? done(error) : done(null, payload),
    );
  });
  const sharedCounts = deps.db ? createSharedRateLimitCounts({ db: deps.db, logger }) : undefined;
  if (sharedCounts) app.addHook('onClose', () => sharedCounts.close());
  await app.register(rateLimit, {
    max: env.RATE_LIMIT_MAX,
    ...(sharedCounts && { store: sharedCounts.store }),
    timeWindow: '1 minute',
    // Pages and assets are cheap and cached; the API is what needs protecting.
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
      code: 'rate_limited',
    }),
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(metricsPlugin, {
    service: 'gateway',
    bearerToken: env.METRICS_TOKEN ?? null,
    ...(deps.db && { database: deps.db }),
  });

  app.get('/health/live', { logLevel: 'warn' }, async () => ({ status: 'ok', service: 'gateway' }));
  // The gateway is ready when it can serve: one service being down must not take every gateway
  // replica out of rotation (its routes answer 503 on their own). /health/upstreams tells the rest.
  app.get('/health/ready', { logLevel: 'warn' }, async () => ({ status: 'ready', service: 'gateway' }));
  app.get('/health/upstreams', { logLevel: 'warn' }, async (_request, reply) => {
    const results = await Promise.all(
      serviceNames.map(async (name) => {
        try {
          const response = await undiciRequest(`${env.upstreams[name]}/health/ready`, {
            headersTimeout: 1_500,
            bodyTimeout: 1_500,
          });
          await response.body.dump();
          return [name, response.statusCode === 200 ? 'ok' : 'not_ready'] as const;
        } catch {
          return [name, 'unavailable'] as const;
        }
      }),
    );
    const ready = results.every(([, state]) => state === 'ok');
    return reply.code(ready ? 200 : 503).send({
      status: ready ? 'ready' : 'not_ready',
      service: 'gateway',
      checks: Object.fromEntries(results),
    });
  });

  await registerApiDocs(app, { upstreams: env.upstreams, publicOrigin: env.PUBLIC_ORIGIN });
  // The shared reads and the rendered pages, kept until a change (kept-answers.ts).
  const keptAnswers = createKeptAnswers(app, { connectionString: env.DATABASE_URL });
  await registerProxies(app, {
    keptAnswers,
    upstreams: env.upstreams,
    identitySigningKey: env.IDENTITY_SIGNING_KEY,
    identityClient,
    upstreamTimeoutMs: env.UPSTREAM_TIMEOUT_MS,
  });
  await registerWebApp(app, {
    distDir: env.WEB_DIST_DIR,
    serverEntry: env.WEB_SERVER_ENTRY,
    publicOrigin: env.PUBLIC_ORIGIN,
    keptAnswers,
  });
  return app;
}
