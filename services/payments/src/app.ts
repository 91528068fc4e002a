import { schemaNameOf } from '@jesus-walks/contracts/services';
import { createService, type ServiceApp } from '@jesus-walks/service-kit/create-service';
import { verifyRouteTable } from '@jesus-walks/service-kit/routes';
import type { ServiceDeps } from '@jesus-walks/service-kit/service-definition';
import type { Kysely } from 'kysely';
import type { PaymentsDatabase } from './db/database';
import { migrations } from './db/migrations/index';
import type { Env } from './env';

/** Builds the payments service; never listens (main.ts, the standalone runner and tests do). */
export async function buildApp(env: Env, deps: ServiceDeps<PaymentsDatabase>): Promise<ServiceApp> {
  const app = createService({
    name: 'payments',
    logger: deps.logger,
    identitySigningKey: env.IDENTITY_SIGNING_KEY,
    internalToken: env.INTERNAL_TOKEN,
    database: { db: deps.db as Kysely<unknown>, schema: schemaNameOf('payments'), migrations },
  });
  verifyRouteTable(app, 'payments');
  return app;
}
