import { ConfigError } from '@jesus-walks/service-kit/env';
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
let stoppingSince = 0;

/** Closes the site, then its database, and exits with `code`; bounded so a hang cannot keep it. */
async function stop(code: number): Promise<never> {
  stopping = true;
  stoppingSince = Date.now();
  setTimeout(() => {
    logger.error('not stopped after 15 s, exiting anyway');
    process.exit(1);
  }, 15_000).unref();
  // A start in progress settles first, so nothing it opens is left behind.
  await starting.catch(() => {});
  let exitCode = code;
  for (const close of [() => stack?.close(), () => database?.stop()]) {
    try {
      await close();
    } catch (err) {
      logger.error({ err }, 'error while stopping');
      exitCode = 1;
    }
  }
  logger.info('Jesus Walks stopped');
  process.exit(exitCode);
}

function onSignal(signal: NodeJS.Signals): void {
  if (stopping) {
    // One Ctrl-C reaches every process of the terminal's group and pnpm forwards it once more,
    // so the same keypress arrives twice; only a later one means "stop now, do not wait".
    if (Date.now() - stoppingSince < 1_000) return;
    logger.warn(`${signal} again: exiting without waiting`);
    process.exit(130);
  }
  void stop(0);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal);

function onFatal(err: unknown): void {
  if (stopping) {
    logger.error({ err }, 'error while stopping');
    process.exit(1);
  }
  logger.error({ err }, 'stopping after an error');
  void stop(1);
}
process.on('uncaughtException', onFatal);
process.on('unhandledRejection', onFatal);

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
