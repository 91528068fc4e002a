import { type ServiceName, schemaNameOf } from '@jesus-walks/contracts/services';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { ServiceApp } from './create-service';
import type { Migrations } from './database';
import type { EnvSource } from './env';
import { createJobQueue, type JobQueue } from './jobs';

/** What every service's env carries (service-kit's serviceEnvSchema plus its port). */
export interface BaseServiceEnv {
  HOST: string;
  PORT: number;
  LOG_LEVEL: string;
  DATABASE_URL: string;
  DATABASE_POOL_MAX: number;
  RUN_MIGRATIONS: boolean;
}

/** What a seed may use besides its database. */
export interface SeedContext<E> {
  env: E;
  /** Tells the person running the site something they must see (printed even at quiet log levels). */
  notice(message: string): void;
}

export interface ServiceDeps<DB> {
  db: Kysely<DB>;
  logger: Logger | false;
  /** The service's job queue (pg-boss in its schema, over `db`); the app starts and stops it. */
  jobs: JobQueue;
  /**
   * Tells the person running the site something they must see, printed however quiet the logs
   * are: e-mails when SMTP_URL is unset, with their links.
   */
  notice(message: string): void;
}

/** Plain text on standard output: a person reads it in the terminal, not a log parser. */
export function printToStdout(message: string): void {
  process.stdout.write(`\n${message}\n\n`);
}

/** The deps runners give buildApp: the database, the logger, a job queue over that database. */
export function createServiceDeps<DB>(options: {
  db: Kysely<DB>;
  schema: string;
  logger: Logger | false;
  notice?: (message: string) => void;
  /** How often idle workers look for jobs (tests use a short one). */
  pollingIntervalSeconds?: number;
}): ServiceDeps<DB> {
  return {
    db: options.db,
    logger: options.logger,
    jobs: createJobQueue({
      db: options.db as Kysely<unknown>,
      schema: options.schema,
      logger: options.logger ? options.logger.child({ component: 'jobs' }) : false,
      ...(options.pollingIntervalSeconds ? { pollingIntervalSeconds: options.pollingIntervalSeconds } : {}),
    }),
    notice: options.notice ?? printToStdout,
  };
}

/**
 * Everything a runner needs to know about a service: main.ts (one service per process), the
 * standalone runner (all in one process) and tests all start services from this.
 */
export interface ServiceDefinition<E extends BaseServiceEnv, DB> {
  name: ServiceName;
  schema: string;
  migrations: Migrations;
  loadEnv(source?: EnvSource): E;
  buildApp(env: E, deps: ServiceDeps<DB>): Promise<ServiceApp>;
  /** Idempotent demo data for the standalone mode. */
  seed(db: Kysely<DB>, context: SeedContext<E>): Promise<void>;
}

export function defineService<E extends BaseServiceEnv, DB>(
  definition: Omit<ServiceDefinition<E, DB>, 'schema'>,
): ServiceDefinition<E, DB> {
  return { ...definition, schema: schemaNameOf(definition.name) };
}
