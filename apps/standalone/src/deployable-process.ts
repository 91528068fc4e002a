/**
 * One deployable of the standalone site in a process of its own, as the supervisor (supervisor.ts)
 * starts it: `deployable-process <services|gateway>`, configured by its environment like a
 * deployable's own main.ts. `services` runs the six services, each on the port of its own URL
 * variable (IDENTITY_URL...), after their migrations and, with SEED_DEMO_DATA=true, their demo
 * data; `gateway` runs the gateway after its migrations. Over the IPC channel it says `ready` (with
 * the port it listens on; 0 for the services, which listen on several) or why it could not start;
 * it stops on SIGTERM, SIGINT or when the supervisor goes away.
 *
 * Two processes for two cores: the gateway (which renders pages, resolves sessions and proxies
 * every call) takes about one core under load and the six services together about the other.
 * A process per service cost 150-230 MB each for code they mostly share (decision 033).
 */
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { ConfigError } from '@jesus-walks/service-kit/env';
import { requestIdMixin } from '@jesus-walks/service-kit/request-context';
import { printToStdout } from '@jesus-walks/service-kit/service-definition';
import { closeOnSignals } from '@jesus-walks/service-kit/shutdown';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pino from 'pino';
import { servicePortOf } from './stack-plan';

export const deployableNames = ['services', 'gateway'] as const;
export type DeployableName = (typeof deployableNames)[number];

/** What a deployable process tells its supervisor. */
export type DeployableMessage =
  | { type: 'ready'; port: number }
  | { type: 'failed'; message: string; code?: string | undefined };

const name = process.argv[2] as DeployableName;
if (!deployableNames.includes(name)) {
  console.error(`deployable-process: expected one of ${deployableNames.join(', ')}, got ${name}`);
  process.exit(2);
}

/**
 * Like the in-process stack: per-request logs for operators (LOG_LEVEL=debug), at info only
 * warnings and errors; pretty in a terminal, the supervisor's stdout being this one's. The
 * supervisor always sets LOG_LEVEL; each deployable's env checks it again below.
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

/** What is open so far, for a stop during the start: closed in reverse order. */
const running: Array<ServiceApp | FastifyInstance | Kysely<unknown>> = [];

/** The six services, one after the other (identity first), each on its own URL's port. */
async function startServices(): Promise<number> {
  const { services, startService } = await import('./services');
  const seed = process.env.SEED_DEMO_DATA === 'true';
  for (const definition of services) {
    if (stopping) break;
    const source = { ...process.env, PORT: String(servicePortOf(process.env, definition.name)) };
    running.push(await startService(definition, source, { seed, logger, notice: printToStdout }));
  }
  return 0;
}

async function startGateway(): Promise<number> {
  const [{ buildApp }, { openGatewayDatabase }, { loadEnv }] = await Promise.all([
    import('@jesus-walks/gateway/app'),
    import('@jesus-walks/gateway/db'),
    import('@jesus-walks/gateway/env'),
  ]);
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
  if (db) running.push(db as Kysely<unknown>);
  if (stopping) return 0;
  const app = await buildApp(env, { logger, ...(db && { db }) });
  running.push(app);
  await app.listen({ host: env.HOST, port: env.PORT });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

let stopping = false;
const stop = closeOnSignals({
  logger,
  close: async () => {
    stopping = true;
    await starting.catch(() => {});
    for (const open of running.reverse()) {
      await ('destroy' in open ? open.destroy() : open.close()).catch((error: unknown) =>
        logger.error({ err: error }, 'error while closing'),
      );
    }
  },
});

// The supervisor gone (killed, say): nobody would stop this process, so it stops itself.
process.on('disconnect', () => {
  if (!stopping) void stop(0);
});

const starting = (name === 'gateway' ? startGateway() : startServices()).then(
  async (port) => {
    if (stopping) return;
    await report({ type: 'ready', port });
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
