import { ConfigError } from '@jesus-walks/service-kit/env';
import { createLogger } from '@jesus-walks/service-kit/logger';
import { migrateOnly, migrateOnlyRequested } from '@jesus-walks/service-kit/migrate-only';
import { closeOnSignals } from '@jesus-walks/service-kit/shutdown';
import type { Kysely } from 'kysely';
import { buildApp } from './app';
import { type GatewayDatabase, gatewaySchema, migrations, openGatewayDatabase } from './db';
import { type Env, loadEnv } from './env';

if (migrateOnlyRequested()) await migrateOnly({ name: 'gateway', schema: gatewaySchema, migrations });

let env: Env;
try {
  env = loadEnv();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`gateway: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
const logger = createLogger({ level: env.LOG_LEVEL, name: 'gateway' });
let db: Kysely<GatewayDatabase> | undefined;
if (env.DATABASE_URL) {
  const opened = await openGatewayDatabase({
    connectionString: env.DATABASE_URL,
    poolMax: env.DATABASE_POOL_MAX,
    runMigrations: env.RUN_MIGRATIONS,
  });
  if (opened.applied.length > 0) logger.info({ applied: opened.applied }, 'migrations applied');
  db = opened.db;
} else {
  logger.warn('DATABASE_URL is not set: the API rate limit counts this gateway process alone');
}
const app = await buildApp(env, { logger, ...(db && { db }) });
closeOnSignals({
  logger,
  close: async () => {
    await app.close();
    await db?.destroy();
  },
  stoppedMessage: 'stopped',
});
await app.listen({ host: env.HOST, port: env.PORT });
