/**
 * One deployable of the standalone site in a process of its own, as the supervisor (supervisor.ts)
 * starts it: `node --import tsx deployable-process.ts <identity|...|gateway>`, configured by its
 * environment like the deployable's own main.ts. Migrations are the supervisor's job (it sets
 * RUN_MIGRATIONS=false). Over the IPC channel it says `ready` (with the port it listens on) or
 * why it could not start; it stops on SIGTERM, SIGINT or when the supervisor goes away.
 */
import type { ServiceName } from '@jesus-walks/contracts/services';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { createDatabase, migrateToLatest } from '@jesus-walks/service-kit/database';
import { ConfigError } from '@jesus-walks/service-kit/env';
import { requestIdMixin } from '@jesus-walks/service-kit/request-context';
import { createServiceDeps } from '@jesus-walks/service-kit/service-definition';
import { closeOnSignals } from '@jesus-walks/service-kit/shutdown';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pino from 'pino';
import type { AnyService } from './stack';

export type DeployableName = ServiceName | 'gateway';

/** What a deployable process tells its supervisor. */
export type DeployableMessage =
  | { type: 'ready'; port: number }
  | { type: 'failed'; message: string; code?: string | undefined };

/** Loaded on demand: a process imports its own deployable's code only. */
const serviceLoaders: Record<ServiceName, () => Promise<{ service: unknown }>> = {
  identity: () => import('@jesus-walks/identity/service'),
  'catalog-and-orders': () => import('@jesus-walks/catalog-and-orders/service'),
  payments: () => import('@jesus-walks/payments/service'),
  'content-and-events': () => import('@jesus-walks/content-and-events/service'),
  seo: () => import('@jesus-walks/seo/service'),
  'ai-assistant': () => import('@jesus-walks/ai-assistant/service'),
};

const deployableNames: readonly DeployableName[] = [
  ...(Object.keys(serviceLoaders) as ServiceName[]),
  'gateway',
];

const name = process.argv[2] as DeployableName;
if (!deployableNames.includes(name)) {
  console.error(`deployable-process: expected one of ${deployableNames.join(', ')}, got ${name}`);
  process.exit(2);
}

/**
 * Like the in-process stack: per-request logs for operators (LOG_LEVEL=debug), at info only
 * warnings and errors; pretty in a terminal, the supervisor's stdout being this one's. The
 * supervisor always sets LOG_LEVEL; the deployable's env checks it again below.
 */
const level = process.env.LOG_LEVEL || 'info';
const logger = pino({
  name,
  level: level === 'info' ? 'warn' : level,
  mixin: requestIdMixin,
  ...(process.stdout.isTTY
    ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname', translateTime: 'HH:MM:ss' } } }
    : {}),
});

function report(message: DeployableMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send || !process.connected) return resolve();
    process.send(message, undefined, {}, () => resolve());
  });
}

/** What is open so far, for a stop during the start. */
const running: { app?: ServiceApp | FastifyInstance; db?: Kysely<unknown> } = {};

type Starter = () => Promise<ServiceApp | FastifyInstance>;

/** Loads a service's code; the starter then opens its database and its port. */
async function loadService(serviceName: ServiceName): Promise<Starter> {
  const definition = (await serviceLoaders[serviceName]()).service as AnyService;
  return async () => {
    const env = definition.loadEnv(process.env);
    running.db = createDatabase<unknown>({
      connectionString: env.DATABASE_URL,
      schema: definition.schema,
      poolMax: env.DATABASE_POOL_MAX,
      applicationName: definition.name,
    });
    if (env.RUN_MIGRATIONS) await migrateToLatest(running.db, definition.schema, definition.migrations);
    const app = await definition.buildApp(
      env,
      createServiceDeps({ db: running.db, schema: definition.schema, logger }),
    );
    running.app = app;
    await app.listen({ host: env.HOST, port: env.PORT });
    return app;
  };
}

async function loadGateway(): Promise<Starter> {
  const [{ buildApp }, { openGatewayDatabase }, { loadEnv }] = await Promise.all([
    import('@jesus-walks/gateway/app'),
    import('@jesus-walks/gateway/db'),
    import('@jesus-walks/gateway/env'),
  ]);
  return async () => {
    const env = loadEnv(process.env);
    const db = env.DATABASE_URL
      ? (
          await openGatewayDatabase({
            connectionString: env.DATABASE_URL,
            poolMax: env.DATABASE_POOL_MAX,
            runMigrations: env.RUN_MIGRATIONS,
          })
        ).db
      : undefined;
    running.db = db as Kysely<unknown> | undefined;
    const app = await buildApp(env, { logger, ...(db && { db }) });
    running.app = app;
    await app.listen({ host: env.HOST, port: env.PORT });
    return app;
  };
}

let stopping = false;
const stop = closeOnSignals({
  logger,
  close: async () => {
    stopping = true;
    await starting.catch(() => {});
    try {
      await running.app?.close();
    } finally {
      await running.db?.destroy();
    }
  },
});

// The supervisor gone (killed, say): nobody would stop this process, so it stops itself.
process.on('disconnect', () => {
  if (!stopping) void stop(0);
});

const starting = (async () => {
  const start = name === 'gateway' ? await loadGateway() : await loadService(name);
  return stopping ? undefined : start();
})().then(
  async (app) => {
    if (!app) return;
    const address = app.server.address();
    await report({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
  },
  async (error: unknown) => {
    if (stopping) return;
    const code = (error as { code?: unknown }).code;
    // A configuration problem is said in its own words; anything else with where it came from.
    const message =
      error instanceof ConfigError
        ? error.message
        : error instanceof Error
          ? (error.stack ?? error.message)
          : String(error);
    await report({ type: 'failed', message, code: typeof code === 'string' ? code : undefined });
    process.exit(1);
  },
);
