import { createDatabase, migrateToLatest } from './database';
import { ConfigError } from './env';
import { createLogger } from './logger';
import { migrateOnly, migrateOnlyRequested } from './migrate-only';
import { type BaseServiceEnv, createServiceDeps, type ServiceDefinition } from './service-definition';
import { closeOnSignals } from './shutdown';

/**
 * A service's main.ts: env -> logger -> database (and migrations) -> buildApp -> listen, and a
 * graceful close on SIGINT/SIGTERM (stop accepting, finish in-flight requests and running jobs,
 * close the pool). With --migrate-only: the migrations alone, then exit (migrate-only.ts).
 */
export async function runService<E extends BaseServiceEnv, DB>(
  service: ServiceDefinition<E, DB>,
): Promise<void> {
  if (migrateOnlyRequested()) await migrateOnly(service);
  let env: E;
  try {
    env = service.loadEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`${service.name}: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger({ level: env.LOG_LEVEL, name: service.name });
  const db = createDatabase<DB>({
    connectionString: env.DATABASE_URL,
    schema: service.schema,
    poolMax: env.DATABASE_POOL_MAX,
    applicationName: service.name,
  });
  if (env.RUN_MIGRATIONS) {
    const applied = await migrateToLatest(db as never, service.schema, service.migrations);
    if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  }
  // Without SMTP_URL, e-mails are printed to standard output (deps.notice), readable with their links.
  const app = await service.buildApp(env, createServiceDeps({ db, schema: service.schema, logger }));
  closeOnSignals({ logger, close: () => app.close(), stoppedMessage: 'stopped' });
  await app.listen({ host: env.HOST, port: env.PORT });
}
