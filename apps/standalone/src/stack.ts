import { service as aiAssistant } from '@jesus-walks/ai-assistant/service';
import { service as catalogAndOrders } from '@jesus-walks/catalog-and-orders/service';
import { service as contentAndEvents } from '@jesus-walks/content-and-events/service';
import { type ServiceName, serviceNames, urlVariableOf } from '@jesus-walks/contracts/services';
import { buildApp as buildGateway } from '@jesus-walks/gateway/app';
import { type GatewayDatabase, openGatewayDatabase } from '@jesus-walks/gateway/db';
import { loadEnv as loadGatewayEnv } from '@jesus-walks/gateway/env';
import { service as identity } from '@jesus-walks/identity/service';
import { freePort } from '@jesus-walks/local-postgres/network';
import { service as payments } from '@jesus-walks/payments/service';
import { service as seo } from '@jesus-walks/seo/service';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { createDatabase, migrateToLatest } from '@jesus-walks/service-kit/database';
import type { EnvSource } from '@jesus-walks/service-kit/env';
import {
  type BaseServiceEnv,
  createServiceDeps,
  printToStdout,
  type ServiceDefinition,
} from '@jesus-walks/service-kit/service-definition';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';

/** Every service, in start order (identity first: the gateway resolves sessions through it). */
// biome-ignore lint/suspicious/noExplicitAny: each service has its own table types; the runner needs none of them
export type AnyService = ServiceDefinition<BaseServiceEnv, any>;
export const services: readonly AnyService[] = [
  identity,
  catalogAndOrders,
  payments,
  contentAndEvents,
  seo,
  aiAssistant,
] as readonly AnyService[];

export interface StackSecrets {
  INTERNAL_TOKEN: string;
  IDENTITY_SIGNING_KEY: string;
  SESSION_SECRET: string;
}

export interface StackOptions {
  databaseUrl: string;
  host: string;
  port: number;
  publicOrigin: string;
  secrets: StackSecrets;
  seed: boolean;
  logger: Logger | false;
  logLevel: string;
  /** Extra environment for the services and gateway (provider keys, WEB_DIST_DIR, ...). */
  environment?: EnvSource;
  /**
   * Where notices go, printed however quiet the logs are: seeds' (the demo admin's credentials) and
   * services' (e-mails with their links when SMTP_URL is unset).
   */
  notice?: (message: string) => void;
}

export interface Stack {
  /** The gateway's address, e.g. http://localhost:3000. */
  url: string;
  gateway: FastifyInstance;
  services: Record<string, { app: ServiceApp; url: string }>;
  /**
   * Starts a service again on its port after its app was closed (what a supervisor or the
   * orchestrator does after a crash); resilience tests use it. Migrations are not run again.
   */
  restartService(name: string): Promise<ServiceApp>;
  close(): Promise<void>;
}

/** The address to show for the gateway: localhost when it listens on every interface. */
export function siteUrl(host: string, port: number): string {
  const displayHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${displayHost.includes(':') ? `[${displayHost}]` : displayHost}:${port}`;
}

/** Where each deployable of the stack listens and what environment it gets. */
export interface StackPlan {
  /** Each service's loopback port. */
  ports: Record<ServiceName, number>;
  /** Each service's base URL, e.g. http://127.0.0.1:41234. */
  urls: Record<ServiceName, string>;
  /** A service's own environment: the shared one, its database, its loopback port, a small pool. */
  serviceEnvironment(port: number): EnvSource;
  /** The gateway's environment: the shared one, the public host and port, its database. */
  gatewayEnvironment(): EnvSource;
}

/** Free loopback ports for the services and every deployable's environment. */
export async function planStack(
  options: Pick<
    StackOptions,
    'databaseUrl' | 'host' | 'port' | 'publicOrigin' | 'secrets' | 'logLevel' | 'environment'
  >,
): Promise<StackPlan> {
  const free = await Promise.all(serviceNames.map(() => freePort()));
  const ports = Object.fromEntries(serviceNames.map((name, i) => [name, free[i] ?? 0])) as Record<
    ServiceName,
    number
  >;
  const urls = Object.fromEntries(
    serviceNames.map((name) => [name, `http://127.0.0.1:${ports[name]}`]),
  ) as Record<ServiceName, string>;
  const shared: EnvSource = {
    ...options.environment,
    ...options.secrets,
    LOG_LEVEL: options.logLevel,
    PUBLIC_ORIGIN: options.publicOrigin,
    ...Object.fromEntries(serviceNames.map((name) => [urlVariableOf(name), urls[name]])),
  };
  return {
    ports,
    urls,
    serviceEnvironment: (port) => ({
      ...shared,
      DATABASE_URL: options.databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_POOL_MAX: '5',
    }),
    gatewayEnvironment: () => ({
      ...shared,
      HOST: options.host,
      PORT: String(options.port),
      DATABASE_URL: options.databaseUrl,
    }),
  };
}

/** A service's migrations, then its demo data when asked: once per start, before it serves. */
async function migrateAndSeed(
  definition: AnyService,
  db: Kysely<unknown>,
  env: BaseServiceEnv,
  options: Pick<StackOptions, 'seed' | 'notice'>,
): Promise<void> {
  await migrateToLatest(db, definition.schema, definition.migrations);
  if (options.seed) await definition.seed(db, { env, notice: options.notice ?? (() => {}) });
}

/**
 * Every service's migrations and seed, then the gateway's migrations, over short-lived small
 * pools: what a supervisor does once before starting the deployables as processes of their own.
 */
export async function prepareStackDatabase(
  options: Pick<StackOptions, 'databaseUrl' | 'seed' | 'notice'>,
  plan: StackPlan,
): Promise<void> {
  for (const definition of services) {
    const env = definition.loadEnv(plan.serviceEnvironment(plan.ports[definition.name]));
    const db = createDatabase<unknown>({
      connectionString: options.databaseUrl,
      schema: definition.schema,
      poolMax: 2,
      applicationName: definition.name,
    });
    try {
      await migrateAndSeed(definition, db, env, options);
    } finally {
      await db.destroy();
    }
  }
  const gateway = await openGatewayDatabase({
    connectionString: options.databaseUrl,
    poolMax: 1,
    runMigrations: true,
  });
  await gateway.db.destroy();
}

/**
 * The whole product in one process: every service's migrations and seed, every service on its
 * own loopback port, then the gateway in front. The services still talk over HTTP, exactly as
 * they do when deployed apart, so this mode exercises the real wiring. (`pnpm start` runs each
 * deployable as a process of its own instead: supervisor.ts; tests use this.)
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const plan = await planStack(options);
  const { ports, urls } = plan;

  /** One service on its port: its migrations and seed the first time only. */
  async function startService(definition: AnyService, port: number, firstTime: boolean): Promise<ServiceApp> {
    const env = definition.loadEnv(plan.serviceEnvironment(port));
    const db = createDatabase<unknown>({
      connectionString: env.DATABASE_URL,
      schema: definition.schema,
      poolMax: env.DATABASE_POOL_MAX,
      applicationName: definition.name,
    });
    if (firstTime) await migrateAndSeed(definition, db, env, options);
    const deps = createServiceDeps({
      db,
      schema: definition.schema,
      logger: options.logger,
      notice: options.notice ?? printToStdout,
    });
    const app = await definition.buildApp(env, deps);
    await app.listen({ host: env.HOST, port: env.PORT });
    return app;
  }

  const started: Array<{ name: string; app: ServiceApp; url: string }> = [];
  let gatewayDb: Kysely<GatewayDatabase> | undefined;
  try {
    for (const definition of services) {
      const app = await startService(definition, ports[definition.name], true);
      started.push({ name: definition.name, app, url: urls[definition.name] });
    }

    const gatewayEnv = loadGatewayEnv(plan.gatewayEnvironment());
    ({ db: gatewayDb } = await openGatewayDatabase({
      connectionString: options.databaseUrl,
      poolMax: gatewayEnv.DATABASE_POOL_MAX,
      runMigrations: true,
    }));
    const gateway = await buildGateway(gatewayEnv, { logger: options.logger, db: gatewayDb });
    await gateway.listen({ host: gatewayEnv.HOST, port: gatewayEnv.PORT });
    const address = gateway.server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;

    const stack: Stack = {
      url: siteUrl(options.host, port),
      gateway,
      services: Object.fromEntries(started.map(({ name, app, url }) => [name, { app, url }])),
      async restartService(name) {
        const definition = services.find((service) => service.name === name);
        const entry = started.find((service) => service.name === name);
        if (!definition || !entry) throw new Error(`no service ${name}`);
        entry.app = await startService(definition, ports[definition.name], false);
        stack.services[name] = { app: entry.app, url: entry.url };
        return entry.app;
      },
      async close() {
        await gateway.close();
        await gatewayDb?.destroy();
        await Promise.all(started.map(({ app }) => app.close()));
      },
    };
    return stack;
  } catch (error) {
    await gatewayDb?.destroy().catch(() => {});
    await Promise.all(started.map(({ app }) => app.close().catch(() => {})));
    throw error;
  }
}
