import { buildApp as buildGateway } from '@jesus-walks/gateway/app';
import { type GatewayDatabase, openGatewayDatabase } from '@jesus-walks/gateway/db';
import { loadEnv as loadGatewayEnv } from '@jesus-walks/gateway/env';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { printToStdout } from '@jesus-walks/service-kit/service-definition';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { type AnyService, services, startService } from './services';
import { type PlanOptions, planStack, siteUrl } from './stack-plan';

export interface StackOptions extends PlanOptions {
  seed: boolean;
  logger: Logger | false;
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

/**
 * The whole product in one process: every service's migrations and seed, every service on its
 * own loopback port, then the gateway in front. The services still talk over HTTP, exactly as
 * they do when deployed apart, so this mode exercises the real wiring. (`pnpm start` runs the services
 * in one process and the gateway in another instead, under a supervisor: supervisor.ts; tests
 * use this.)
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const plan = await planStack(options);
  const { ports, urls } = plan;

  const notice = options.notice ?? printToStdout;
  /** One service on its port: its migrations and seed the first time only. */
  const startOne = (definition: AnyService, firstTime: boolean) =>
    startService(
      definition,
      { ...plan.serviceEnvironment(ports[definition.name]), RUN_MIGRATIONS: String(firstTime) },
      { seed: options.seed, logger: options.logger, notice },
    );

  const started: Array<{ name: string; app: ServiceApp; url: string }> = [];
  let gatewayDb: Kysely<GatewayDatabase> | undefined;
  try {
    for (const definition of services) {
      const app = await startOne(definition, true);
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
        entry.app = await startOne(definition, false);
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
