import { schemaNameOf } from '@jesus-walks/contracts/services';
import { createService, type ServiceApp } from '@jesus-walks/service-kit/create-service';
import { acceptedSecrets } from '@jesus-walks/service-kit/env';
import { verifyRouteTable } from '@jesus-walks/service-kit/routes';
import type { ServiceDeps } from '@jesus-walks/service-kit/service-definition';
import type { Kysely } from 'kysely';
import type { SeoDatabase } from './db/database';
import { migrations } from './db/migrations/index';
import type { SeoDeps } from './deps';
import type { Env } from './env';
import { registerHeadCheckRoutes } from './modules/head-check/head-check.routes';
import { createSearchConsoleClient } from './modules/search-console/search-console.client';
import { scheduleAnalyticsRefresh } from './modules/search-console/search-console.jobs';
import { registerSearchConsoleRoutes } from './modules/search-console/search-console.routes';
import { registerSitemapRoutes } from './modules/sitemap/sitemap.routes';
import { createSitemapCache } from './modules/sitemap/sitemap.service';
import { createSitemapSources } from './modules/sitemap/sitemap-sources';

/** Builds the seo service; never listens (main.ts, the standalone runner and tests do). */
export async function buildApp(env: Env, deps: ServiceDeps<SeoDatabase>): Promise<ServiceApp> {
  const app = createService({
    name: 'seo',
    logger: deps.logger,
    identitySigningKey: acceptedSecrets(env.IDENTITY_SIGNING_KEY, env.IDENTITY_SIGNING_KEY_PREVIOUS),
    internalToken: acceptedSecrets(env.INTERNAL_TOKEN, env.INTERNAL_TOKEN_PREVIOUS),
    otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT,
    database: { db: deps.db as Kysely<unknown>, schema: schemaNameOf('seo'), migrations },
    jobs: deps.jobs,
  });

  const sources = createSitemapSources({
    catalogAndOrdersUrl: env.CATALOG_AND_ORDERS_URL,
    contentAndEventsUrl: env.CONTENT_AND_EVENTS_URL,
    internalToken: env.INTERNAL_TOKEN,
  });
  app.addHook('onClose', () => sources.close());

  const seo: SeoDeps = {
    db: deps.db,
    searchConsole: createSearchConsoleClient(env),
    jobs: deps.jobs,
    sitemap: createSitemapCache({
      sources,
      publicOrigin: env.PUBLIC_ORIGIN,
      ttlSeconds: env.SITEMAP_CACHE_SECONDS,
      logger: app.log,
    }),
    publicOrigin: env.PUBLIC_ORIGIN,
    headCheckOrigin: env.HEAD_CHECK_ORIGIN ?? env.PUBLIC_ORIGIN,
    logger: app.log,
  };
  scheduleAnalyticsRefresh(seo);
  registerSitemapRoutes(app, seo);
  registerSearchConsoleRoutes(app, seo);
  registerHeadCheckRoutes(app, seo);
  verifyRouteTable(app, 'seo');
  return app;
}
