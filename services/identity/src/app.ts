import { schemaNameOf } from '@jesus-walks/contracts/services';
import { createService, type ServiceApp } from '@jesus-walks/service-kit/create-service';
import { verifyRouteTable } from '@jesus-walks/service-kit/routes';
import type { ServiceDeps } from '@jesus-walks/service-kit/service-definition';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from './db/database';
import { migrations } from './db/migrations/index';
import type { Env } from './env';
import { authRoutesModule } from './modules/auth/auth.routes';
import { sessionsPlugin } from './modules/sessions/sessions.plugin';
import { sessionsRoutes } from './modules/sessions/sessions.routes';
import { usersRoutes } from './modules/users/users.routes';

/** Builds the identity service; never listens (main.ts, the standalone runner and tests do). */
export async function buildApp(env: Env, deps: ServiceDeps<IdentityDatabase>): Promise<ServiceApp> {
  const app = createService({
    name: 'identity',
    logger: deps.logger,
    identitySigningKey: env.IDENTITY_SIGNING_KEY,
    internalToken: env.INTERNAL_TOKEN,
    database: { db: deps.db as Kysely<unknown>, schema: schemaNameOf('identity'), migrations },
  });
  await app.register(sessionsPlugin, {
    db: deps.db,
    secret: env.SESSION_SECRET,
    secureCookie: env.PUBLIC_ORIGIN.startsWith('https:'),
    idleHours: env.SESSION_IDLE_HOURS,
    maxDays: env.SESSION_MAX_DAYS,
  });
  sessionsRoutes(app, deps);
  authRoutesModule(app, deps);
  usersRoutes(app, deps);
  verifyRouteTable(app, 'identity');
  return app;
}
