import { type ServiceName, schemaNameOf } from '@jesus-walks/contracts/services';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { ServiceApp } from './create-service';
import type { Migrations } from './database';
import type { EnvSource } from './env';

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
