import { publicReadChannelOf, schemaNameOf } from '@jesus-walks/contracts/services';
import { registerAuditLogRoute } from '@jesus-walks/service-kit/audit';
import { createService, type ServiceApp } from '@jesus-walks/service-kit/create-service';
import { acceptedSecrets } from '@jesus-walks/service-kit/env';
import { scheduleIdempotencyCleanUp } from '@jesus-walks/service-kit/idempotency';
import { createMailer, mailSettingsOf } from '@jesus-walks/service-kit/mailer';
import { createPublicReadCache } from '@jesus-walks/service-kit/public-read-cache';
import { verifyRouteTable } from '@jesus-walks/service-kit/routes';
import type { ServiceDeps } from '@jesus-walks/service-kit/service-definition';
import { createLinkSigner, linkSigningKeys } from '@jesus-walks/service-kit/signed-links';
import type { Kysely } from 'kysely';
import type { ContentAndEventsDatabase } from './db/database';
import { migrations } from './db/migrations/index';
import type { ContentDeps } from './deps';
import type { Env } from './env';
import { registerCalendarRoutes } from './modules/calendar/calendar.routes';
import { registerCheckInRoutes } from './modules/check-in/check-in.routes';
import { registerContactRoutes } from './modules/contact/contact.routes';
import { scheduleLapsedHoldsRelease } from './modules/event-quotes/event-quotes.jobs';
import { registerEventQuotesRoutes } from './modules/event-quotes/event-quotes.routes';
import { seatHoldLimitsOf } from './modules/event-quotes/event-quotes.service';
import { registerEventsRoutes } from './modules/events/events.routes';
import { createMemberDirectory } from './modules/members/member-directory';
import { registerNewsletterRoutes } from './modules/newsletter/newsletter.routes';
import { registerPrivacyRoutes } from './modules/privacy/privacy.routes';
import { clientLimitsOf, scheduleClientLimitsCleanUp } from './modules/rate-limits/rate-limits.service';
import { workRegistrationNotices } from './modules/registrations/registration-notices';
import { registerRegistrationsRoutes } from './modules/registrations/registrations.routes';
import { scheduleWalkReminders } from './modules/reminders/reminders.jobs';
import { registerSeriesRoutes } from './modules/series/series.routes';
import { registerSitemapSourceRoutes } from './modules/sitemap-source/sitemap-source.routes';
import { registerTicketsRoutes } from './modules/tickets/tickets.routes';
import { scheduleEmergencyDetailsRetention } from './modules/waivers/waivers.jobs';
import { registerWaiverRoutes } from './modules/waivers/waivers.routes';
import { registerWalkLeadersRoutes } from './modules/walk-leaders/walk-leaders.routes';

/** Builds the content-and-events service; never listens (main.ts, the standalone runner and tests do). */
export async function buildApp(env: Env, deps: ServiceDeps<ContentAndEventsDatabase>): Promise<ServiceApp> {
  const app = createService({
    name: 'content-and-events',
    logger: deps.logger,
    identitySigningKey: acceptedSecrets(env.IDENTITY_SIGNING_KEY, env.IDENTITY_SIGNING_KEY_PREVIOUS),
    internalToken: acceptedSecrets(env.INTERNAL_TOKEN, env.INTERNAL_TOKEN_PREVIOUS),
    otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT,
    database: { db: deps.db as Kysely<unknown>, schema: schemaNameOf('content-and-events'), migrations },
    jobs: deps.jobs,
  });

  const notifier = createMailer({
    ...mailSettingsOf(env),
    jobs: deps.jobs,
    print: deps.notice,
    logger: app.log,
  });
  const members = createMemberDirectory({
    identityUrl: env.IDENTITY_URL,
    internalToken: env.INTERNAL_TOKEN,
    logger: app.log,
  });
  app.addHook('onClose', async () => {
    await members.close();
  });
  scheduleIdempotencyCleanUp(deps.jobs, deps.db);

  const content: ContentDeps = {
    db: deps.db,
    notifier,
    jobs: deps.jobs,
    members,
    links: createLinkSigner(linkSigningKeys(env)),
    limits: clientLimitsOf(env),
    seatHolds: seatHoldLimitsOf(env),
    publicOrigin: env.PUBLIC_ORIGIN,
    logger: app.log,
  };
  scheduleClientLimitsCleanUp(content);
  // E-mails about registrations: recipients resolved by this worker, never under the event's lock.
  workRegistrationNotices(deps.jobs, content);
  scheduleLapsedHoldsRelease(deps.jobs, content);
  scheduleWalkReminders(deps.jobs, content);
  // Emergency contacts are for the day: deleted a month after the walk (decision 038).
  scheduleEmergencyDetailsRetention(deps.jobs, content);
  const publicReads = createPublicReadCache(app, {
    connectionString: env.DATABASE_URL,
    channel: publicReadChannelOf('content-and-events'),
    logger: app.log,
  });
  registerEventsRoutes(app, content, publicReads);
  registerSeriesRoutes(app, content);
  registerCalendarRoutes(app, content, publicReads);
  registerRegistrationsRoutes(app, content);
  // Tickets, walk leaders and check-in at the trailhead (decision 040).
  registerTicketsRoutes(app, content);
  registerWalkLeadersRoutes(app, content);
  registerCheckInRoutes(app, content);
  registerWaiverRoutes(app, content);
  registerEventQuotesRoutes(app, content);
  registerNewsletterRoutes(app, content);
  registerContactRoutes(app, content, env);
  registerSitemapSourceRoutes(app, content);
  registerAuditLogRoute(app, 'content-and-events', deps.db);
  registerPrivacyRoutes(app, content);
  verifyRouteTable(app, 'content-and-events');
  return app;
}
