import { ConfigError } from '@jesus-walks/service-kit/env';
import { describeMailDelivery } from '@jesus-walks/service-kit/mailer';
import { closeOnSignals } from '@jesus-walks/service-kit/shutdown';
import pino from 'pino';
import { openStandaloneDatabase, type StandaloneDatabase } from './database';
import { type Env, loadEnv } from './env';
import { loadOrCreateSecrets } from './secrets';
import { planStack, siteUrl } from './stack-plan';
import { createSupervisor, DeployableStartError } from './supervisor';

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
let stopping = false;
const supervisor = createSupervisor({ logger });

// Stops the deployables (a start waiting for one of them then gives up), whatever the start still
// opens once it settled, then the database.
closeOnSignals({
  logger,
  stoppedMessage: 'Jesus Walks stopped',
  close: async () => {
    stopping = true;
    try {
      await supervisor.stop();
      await starting.catch(() => {});
      await supervisor.stop();
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
  let port: number;
  try {
    const secrets = await loadOrCreateSecrets(env.DATA_DIR, env);
    const plan = await planStack({
      databaseUrl: database.url,
      host: env.HOST,
      port: env.PORT,
      publicOrigin: env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`,
      secrets,
      logLevel: env.LOG_LEVEL,
      environment: env.passthrough,
    });
    if (stopping) return;
    // Both at once: the gateway answers 503 for the services' routes until they are up, and the
    // site is announced once both are. Each migrates its own schemas as it starts.
    const [gatewayPort] = await Promise.all([
      supervisor.start('gateway', plan.gatewayEnvironment()),
      supervisor.start('services', {
        ...plan.serviceEnvironment(),
        SEED_DEMO_DATA: String(env.SEED_DEMO_DATA),
      }),
    ]);
    port = gatewayPort;
  } catch (error) {
    if (stopping) return;
    const inUse =
      error instanceof DeployableStartError && error.deployable === 'gateway' && error.code === 'EADDRINUSE';
    logger.error(
      inUse
        ? `port ${env.PORT} is already in use: stop the other program or set PORT`
        : error instanceof DeployableStartError
          ? `${error.deployable} could not start: ${error.message}`
          : { err: error },
    );
    await supervisor.stop();
    await database.stop();
    process.exit(1);
  }
  if (stopping) return;
  logger.info(
    `Jesus Walks is running at ${siteUrl(env.HOST, port)} (ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s)`,
  );
  logger.info(describeMailDelivery(env.mail));
}
const starting = start();
