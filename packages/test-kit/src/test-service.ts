import type { Identity } from '@jesus-walks/contracts/common';
import { headers } from '@jesus-walks/contracts/common';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { signIdentity } from '@jesus-walks/service-kit/identity';
import type { JobQueue } from '@jesus-walks/service-kit/jobs';
import {
  type BaseServiceEnv,
  createServiceDeps,
  type ServiceDefinition,
  type ServiceDeps,
} from '@jesus-walks/service-kit/service-definition';
import type { Kysely } from 'kysely';
import { createTestDatabase } from './test-database';

/** Secrets used by every test; long enough for the env schemas, never used outside tests. */
export const testSecrets = {
  INTERNAL_TOKEN: 'test-internal-token-0123456789abcdef0123456789',
  IDENTITY_SIGNING_KEY: 'test-identity-signing-key-0123456789abcdef012345',
  SESSION_SECRET: 'test-session-secret-0123456789abcdef0123456789ab',
} as const;

export function testEnvSource(
  databaseUrl: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return { DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', ...testSecrets, ...extra };
}

/**
 * The x-identity header a gateway would send for this caller (null: anonymous) on this request:
 * it is bound to the method and path, so sign one for each route a test calls.
 */
export async function identityHeaders(
  identity: Identity | null,
  method: string,
  url: string,
  clientAddress = '127.0.0.1',
): Promise<Record<string, string>> {
  return {
    [headers.identity]: await signIdentity(
      { user: identity, clientAddress, method, url },
      testSecrets.IDENTITY_SIGNING_KEY,
    ),
  };
}

export const internalHeader = { [headers.internalToken]: testSecrets.INTERNAL_TOKEN } as const;

export const testUser: Identity = { id: 900001, username: 'test-user', isAdmin: false };
export const testAdmin: Identity = { id: 900002, username: 'test-admin', isAdmin: true };

export interface TestService<E, DB> {
  app: ServiceApp;
  db: Kysely<DB>;
  env: E;
  databaseUrl: string;
  /** The service's job queue (to run a scheduled job now: enqueue it). */
  jobs: JobQueue;
  /** What the service printed for the person running it (ServiceDeps.notice): e-mails without SMTP. */
  notices: string[];
  close(): Promise<void>;
}

/**
 * What a test gives buildApp: a silent logger, a job queue that polls often, and notices (e-mails
 * printed without SMTP) kept in `notices` instead of printed.
 */
export function testServiceDeps<DB>(db: Kysely<DB>, schema: string, notices: string[] = []): ServiceDeps<DB> {
  return createServiceDeps({
    db,
    schema,
    logger: false,
    notice: (message) => void notices.push(message),
    pollingIntervalSeconds: 0.5,
  });
}

/** A service built on its own fresh, migrated database, ready for `app.inject`. */
export async function startTestService<E extends BaseServiceEnv, DB>(
  service: ServiceDefinition<E, DB>,
  extraEnv: Record<string, string> = {},
): Promise<TestService<E, DB>> {
  const database = await createTestDatabase<DB>({ schema: service.schema, migrations: service.migrations });
  const env = service.loadEnv(testEnvSource(database.url, extraEnv));
  const notices: string[] = [];
  const deps = testServiceDeps(database.db, service.schema, notices);
  const app = await service.buildApp(env, deps);
  await app.ready();
  return {
    app,
    db: database.db,
    env,
    databaseUrl: database.url,
    jobs: deps.jobs,
    notices,
    async close() {
      await app.close(); // closes the pool too
      await database.destroy().catch(() => {});
    },
  };
}
