import { createDatabase, migrateToLatest } from '@jesus-walks/service-kit/database';
import { ConfigError } from '@jesus-walks/service-kit/env';
import { createLogger } from '@jesus-walks/service-kit/logger';
import { closeOnSignals } from '@jesus-walks/service-kit/shutdown';
import { buildApp } from './app';
import { type GatewayDatabase, gatewaySchema } from './db/database';
import { migrations } from './db/migrations';
import { type Env, loadEnv } from './env';

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
const db = env.DATABASE_URL
  ? createDatabase<GatewayDatabase>({
      connectionString: env.DATABASE_URL,
      schema: gatewaySchema,
      poolMax: env.DATABASE_POOL_MAX,
      applicationName: 'gateway',
    })
  : undefined;
if (db && env.RUN_MIGRATIONS) {
  const applied = await migrateToLatest(db, gatewaySchema, migrations);
  if (applied.length > 0) logger.info({ applied }, 'migrations applied');
}
if (!db) logger.warn('DATABASE_URL is not set: the API rate limit counts this gateway process alone');
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
