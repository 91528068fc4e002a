import { ConfigError } from '@jesus-walks/service-kit/env';
import { closeOnSignals } from '@jesus-walks/service-kit/shutdown';
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
let database: StandaloneDatabase | undefined;
let stack: Awaited<ReturnType<typeof startStack>> | undefined;
let stopping = false;

// Closes the site, then its database. A start in progress settles first, so nothing it opens is
// left behind.
closeOnSignals({
  logger,
  stoppedMessage: 'Jesus Walks stopped',
  close: async () => {
    stopping = true;
    await starting.catch(() => {});
    try {
      await stack?.close();
    } finally {
      await database?.stop();
    }
  },
});

async function start(): Promise<void> {
  try {
    database = await openStandaloneDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      port: env.EMBEDDED_POSTGRES_PORT,
      onLog: (message) => logger.debug({ postgres: message.trim() }),
    });
  } catch (error) {
    if (stopping) return;
    // The message says what to do (a port in use, a folder the postgres user cannot enter...).
    logger.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  if (stopping) return;
  logger.info(
    database.embedded ? `embedded Postgres ready (data in ${env.DATA_DIR}/postgres)` : 'using DATABASE_URL',
  );
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
  } catch (error) {
    if (stopping) return;
    const inUse = (error as { code?: string }).code === 'EADDRINUSE';
    logger.error(
      inUse ? `port ${env.PORT} is already in use: stop the other program or set PORT` : { err: error },
    );
    await database.stop();
    process.exit(1);
  }
  if (stopping) return;
  logger.info(
    `Jesus Walks is running at ${stack.url} (ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s)`,
  );
}
const starting = start();
