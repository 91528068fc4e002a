import { headers } from '@jesus-walks/contracts/common';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import pino, { type Logger } from 'pino';
import { type Migrations, pendingMigrations } from './database';
import { registerErrorHandling, sendJsonNotFound } from './error-handling';
import { identityPlugin } from './guards';
import type { JobQueue } from './jobs';
import { metricsPlugin } from './metrics';
import { registerOpenApi } from './openapi';
import { registerRequestContext } from './request-context';
import { requestIdOf } from './request-id';
import { answer503WhileClosing } from './shutdown';
import { registerTextInputChecks } from './text-input';
import { createTracing, registerTracing } from './tracing';

export type ServiceApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface CreateServiceOptions {
  /** Service name, as in packages/contracts services.ts (or 'gateway'). */
  name: string;
  /** A pino logger (main.ts) or false for silence (tests that do not care). */
  logger: Logger | false;
  /** Secret of the gateway's signed x-identity header (two while it is rotated: acceptedSecrets). */
  identitySigningKey: string | readonly string[];
  /** Shared secret that /internal/* routes require (two while it is rotated). */
  internalToken: string | readonly string[];
  /** The service's database; it is closed when the app closes. */
  database?: { db: Kysely<unknown>; schema: string; migrations: Migrations };
  /**
   * The service's job queue (ServiceDeps.jobs): started when the app is ready, stopped (running
   * jobs finished) when it closes, before the database.
   */
  jobs?: JobQueue;
  /** Extra readiness checks (name -> throws when not ready). */
  readinessChecks?: Record<string, () => Promise<void>>;
  /** OTEL_EXPORTER_OTLP_ENDPOINT: traces go there; none are made without it. */
  otlpEndpoint?: string | undefined;
  /** Body size limit in bytes (default 1 MiB). */
  bodyLimit?: number;
}

/**
 * Fastify with everything every service shares: zod type provider, the error envelope, request
 * ids, identity verification and guards, /internal token check, health, metrics and closing the
 * database on shutdown. `buildApp` in each service calls this, then registers its modules.
 */
export function createService(options: CreateServiceOptions): ServiceApp {
  const fastifyOptions: FastifyServerOptions = {
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    genReqId: requestIdOf,
    // The client's address comes inside the gateway's signed x-identity (request.clientAddress):
    // a bare X-Forwarded-For is anyone's claim, so request.ip stays the socket's address.
    trustProxy: false,
    forceCloseConnections: 'idle',
    // answer503WhileClosing below answers in the API's envelope instead.
    return503OnClosing: false,
  };
  const logger: FastifyBaseLogger =
    options.logger === false ? pino({ level: 'silent' }) : options.logger.child({ service: options.name });
  const app = Fastify({ ...fastifyOptions, loggerInstance: logger }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // First, so that a request's span covers every hook that follows (and the SQL they run).
  const tracing = createTracing({ serviceName: options.name, endpoint: options.otlpEndpoint });
  if (tracing) registerTracing(app, tracing, { trustIncoming: true });

  app.addHook('onSend', async (request, reply) => {
    reply.header(headers.requestId, request.id);
  });

  registerErrorHandling(app);
  answer503WhileClosing(app, options.name);
  registerTextInputChecks(app);
  app.setNotFoundHandler(sendJsonNotFound);

  app.register(identityPlugin, {
    identitySigningKey: options.identitySigningKey,
    internalToken: options.internalToken,
  });
  registerRequestContext(app);
  app.register(metricsPlugin, {
    service: options.name,
    ...(options.database && { database: options.database.db }),
  });
  registerOpenApi(app, options.name);

  const database = options.database;
  let migrationsApplied = false;
  const readinessChecks: Record<string, () => Promise<void>> = { ...options.readinessChecks };
  if (database) {
    readinessChecks.database = async () => {
      await database.db.selectNoFrom((eb) => eb.lit(1).as('one')).execute();
    };
    readinessChecks.migrations = async () => {
      if (migrationsApplied) return;
      const pending = await pendingMigrations(database.db, database.schema, database.migrations);
      if (pending.length > 0) throw new Error(`${pending.length} pending`);
      migrationsApplied = true;
    };
  }
  const jobs = options.jobs;
  if (jobs) app.addHook('onReady', () => jobs.start());
  if (jobs || database) {
    app.addHook('onClose', async () => {
      await jobs?.stop();
      await database?.db.destroy();
    });
  }

  app.get('/health/live', { logLevel: 'warn' }, async () => ({
    status: 'ok' as const,
    service: options.name,
  }));
  app.get('/health/ready', { logLevel: 'warn' }, async (_request, reply) => {
    const checks: Record<string, string> = {};
    let ready = true;
    for (const [name, check] of Object.entries(readinessChecks)) {
      try {
        await check();
        checks[name] = 'ok';
      } catch (error) {
        ready = false;
        checks[name] = error instanceof Error && name === 'migrations' ? error.message : 'unavailable';
      }
    }
    return reply
      .code(ready ? 200 : 503)
      .send({ status: ready ? ('ready' as const) : ('not_ready' as const), service: options.name, checks });
  });

  return app;
}
