import { ConfigError } from '@jesus-walks/service-kit/env';
import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { openStandaloneDatabase, type StandaloneDatabase } from './database';
import { type Env, loadEnv } from './env';
import { loadOrCreateSecrets } from './secrets';
import { startStack } from './stack';

let env: Env;
try {
  env = loadEnv();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`standalone: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

const logger = pino({
  level: env.LOG_LEVEL,
  ...(process.stdout.isTTY
    ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname', translateTime: 'HH:MM:ss' } } }
    : {}),
});

const startedAt = Date.now();
let database: StandaloneDatabase;
try {
  database = await openStandaloneDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    port: env.EMBEDDED_POSTGRES_PORT,
    onLog: (message) => logger.debug({ postgres: message.trim() }),
  });
} catch (error) {
  logger.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
logger.info(
  database.embedded ? `embedded Postgres ready (data in ${env.DATA_DIR}/postgres)` : 'using DATABASE_URL',
);

let stack: Awaited<ReturnType<typeof startStack>> | undefined;
closeWithGrace({ delay: 15_000 }, async ({ signal, err }) => {
  if (err) logger.error({ err }, 'stopping after an error');
  else logger.info({ signal }, 'stopping');
  await stack?.close();
  await database.stop();
  logger.info('stopped');
});

try {
  const secrets = await loadOrCreateSecrets(env.DATA_DIR, env);
  stack = await startStack({
    databaseUrl: database.url,
    host: env.HOST,
    port: env.PORT,
    publicOrigin: env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`,
    secrets,
    seed: env.SEED_DEMO_DATA,
    // Per-request logs are for operators (LOG_LEVEL=debug shows them); at info a newcomer sees
    // start-up, warnings and errors.
    logger: logger.child({}, { level: env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL }),
    logLevel: env.LOG_LEVEL,
    environment: env.passthrough,
    notice: (message) => process.stdout.write(`\n${message}\n\n`),
  });
  logger.info(
    `Jesus Walks is running at ${stack.url} (ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s)`,
  );
} catch (error) {
  const inUse = (error as { code?: string }).code === 'EADDRINUSE';
  logger.error(
    inUse ? `port ${env.PORT} is already in use: stop the other program or set PORT` : { err: error },
  );
  await database.stop();
  process.exit(1);
}
