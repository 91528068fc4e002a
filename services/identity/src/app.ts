import { schemaNameOf } from '@jesus-walks/contracts/services';
import { registerAuditLogRoute } from '@jesus-walks/service-kit/audit';
import { createService, type ServiceApp } from '@jesus-walks/service-kit/create-service';
import { acceptedSecrets } from '@jesus-walks/service-kit/env';
import { createMailer, mailSettingsOf } from '@jesus-walks/service-kit/mailer';
import { verifyRouteTable } from '@jesus-walks/service-kit/routes';
import type { ServiceDeps } from '@jesus-walks/service-kit/service-definition';
import { createLinkSigner, linkSigningKeys } from '@jesus-walks/service-kit/signed-links';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from './db/database';
import { migrations } from './db/migrations/index';
import type { IdentityDeps } from './deps';
import type { Env } from './env';
import { registerAccountRoutes } from './modules/account/account.routes';
import { registerAuditLogRoutes } from './modules/audit-log/audit-log.routes';
import { createAuditSources } from './modules/audit-log/audit-log.sources';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { scheduleHousekeeping } from './modules/housekeeping/housekeeping.jobs';
import { registerPrivacyJobs } from './modules/privacy/privacy.jobs';
import { createPrivacyPeers } from './modules/privacy/privacy.peers';
import { registerPrivacyRoutes } from './modules/privacy/privacy.routes';
import { createDeviceCookies, deviceCookieKeys } from './modules/sessions/device-cookie';
import { sessionsPlugin } from './modules/sessions/sessions.plugin';
import { registerUsersRoutes } from './modules/users/users.routes';
import { ensureConfiguredAdmin } from './modules/users/users.service';

/** Builds the identity service; never listens (main.ts, the standalone runner and tests do). */
export async function buildApp(env: Env, deps: ServiceDeps<IdentityDatabase>): Promise<ServiceApp> {
  const app = createService({
    name: 'identity',
    logger: deps.logger,
    identitySigningKey: acceptedSecrets(env.IDENTITY_SIGNING_KEY, env.IDENTITY_SIGNING_KEY_PREVIOUS),
    internalToken: acceptedSecrets(env.INTERNAL_TOKEN, env.INTERNAL_TOKEN_PREVIOUS),
    otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT,
    database: { db: deps.db as Kysely<unknown>, schema: schemaNameOf('identity'), migrations },
    jobs: deps.jobs,
  });
  const mailer = createMailer({
    ...mailSettingsOf(env),
    jobs: deps.jobs,
    print: deps.notice,
    logger: app.log,
  });

  const lifetimes = {
    idleMs: env.SESSION_IDLE_HOURS * 3_600_000,
    absoluteMs: env.SESSION_MAX_DAYS * 86_400_000,
  };
  const sessionSecrets = acceptedSecrets(env.SESSION_SECRET, env.SESSION_SECRET_PREVIOUS);
  const secureCookies = env.PUBLIC_ORIGIN.startsWith('https:');
  await app.register(sessionsPlugin, {
    db: deps.db,
    secrets: sessionSecrets,
    secureCookie: secureCookies,
    lifetimes,
  });
  const deviceCookies = createDeviceCookies({
    keys: deviceCookieKeys(sessionSecrets),
    secure: secureCookies,
    lifetimeDays: env.DEVICE_COOKIE_DAYS,
  });
  const peerUrls = {
    'catalog-and-orders': env.CATALOG_AND_ORDERS_URL,
    payments: env.PAYMENTS_URL,
    'content-and-events': env.CONTENT_AND_EVENTS_URL,
    'ai-assistant': env.AI_ASSISTANT_URL,
  };
  const privacy = createPrivacyPeers({ internalToken: env.INTERNAL_TOKEN, peerUrls });
  app.addHook('onClose', () => privacy.close());
  const identity: IdentityDeps = {
    db: deps.db,
    jobs: deps.jobs,
    mailer,
    links: createLinkSigner(linkSigningKeys(env)),
    publicOrigin: env.PUBLIC_ORIGIN,
    lockout: { failures: env.LOGIN_LOCKOUT_FAILURES, windowMinutes: env.LOGIN_LOCKOUT_WINDOW_MINUTES },
    lifetimes,
    deviceCookies,
    exposeResetToken: env.EXPOSE_RESET_TOKEN,
    privacy,
    logger: app.log,
  };
  registerAuthRoutes(app, identity);
  registerUsersRoutes(app, identity);
  registerAccountRoutes(app, identity);
  registerPrivacyRoutes(app, identity);
  registerPrivacyJobs(identity);
  registerAuditLogRoute(app, 'identity', deps.db);
  const auditSources = createAuditSources({
    db: deps.db,
    internalToken: env.INTERNAL_TOKEN,
    peerUrls,
  });
  app.addHook('onClose', () => auditSources.close());
  registerAuditLogRoutes(app, { sources: auditSources });
  verifyRouteTable(app, 'identity');

  const firstAdmin = await ensureConfiguredAdmin(identity, {
    username: env.ADMIN_USERNAME,
    email: env.ADMIN_EMAIL,
    password: env.ADMIN_PASSWORD,
  });
  if (firstAdmin === 'created') app.log.info({ username: env.ADMIN_USERNAME }, 'first administrator created');

  // Expired sessions, ended lockouts and old rate-limit records are deleted by scheduled jobs.
  scheduleHousekeeping(identity);
  return app;
}
