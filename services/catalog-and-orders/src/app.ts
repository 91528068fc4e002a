import cookie from '@fastify/cookie';
import { publicReadChannelOf, schemaNameOf } from '@jesus-walks/contracts/services';
import { registerAuditLogRoute } from '@jesus-walks/service-kit/audit';
import { createService, type ServiceApp } from '@jesus-walks/service-kit/create-service';
import { acceptedSecrets } from '@jesus-walks/service-kit/env';
import { createInternalClient } from '@jesus-walks/service-kit/internal-client';
import { createMailer, mailSettingsOf } from '@jesus-walks/service-kit/mailer';
import { createPublicReadCache } from '@jesus-walks/service-kit/public-read-cache';
import { verifyRouteTable } from '@jesus-walks/service-kit/routes';
import type { ServiceDeps } from '@jesus-walks/service-kit/service-definition';
import { createLinkSigner, linkSigningKeys } from '@jesus-walks/service-kit/signed-links';
import type { Kysely } from 'kysely';
import type { CatalogAndOrdersDatabase } from './db/database';
import { migrations } from './db/migrations/index';
import type { CatalogDeps } from './deps';
import type { Env } from './env';
import { registerCartRoutes } from './modules/cart/cart.routes';
import { registerMemberOrdersRoutes } from './modules/orders/member-orders.routes';
import { scheduleClaimLinkLimitsCleanUp } from './modules/orders/order-claims.jobs';
import { workOrderConfirmations } from './modules/orders/order-confirmation.jobs';
import { registerOrdersRoutes } from './modules/orders/orders.routes';
import { registerPrivacyRoutes } from './modules/privacy/privacy.routes';
import { registerProductsRoutes } from './modules/products/products.routes';
import { registerQuotesRoutes } from './modules/quotes/quotes.routes';
import { holdLimitsOf } from './modules/quotes/quotes.service';
import { registerShippingRoutes } from './modules/shipping/shipping.routes';
import { registerSitemapSourceRoutes } from './modules/sitemap-source/sitemap-source.routes';
import { scheduleReservationsCleanUp } from './modules/stock/stock.jobs';

/** Builds the catalog-and-orders service; never listens (main.ts, the standalone runner and tests do). */
export async function buildApp(env: Env, deps: ServiceDeps<CatalogAndOrdersDatabase>): Promise<ServiceApp> {
  const app = createService({
    name: 'catalog-and-orders',
    logger: deps.logger,
    identitySigningKey: acceptedSecrets(env.IDENTITY_SIGNING_KEY, env.IDENTITY_SIGNING_KEY_PREVIOUS),
    internalToken: acceptedSecrets(env.INTERNAL_TOKEN, env.INTERNAL_TOKEN_PREVIOUS),
    otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT,
    database: { db: deps.db as Kysely<unknown>, schema: schemaNameOf('catalog-and-orders'), migrations },
    jobs: deps.jobs,
  });
  await app.register(cookie);

  const identity = env.IDENTITY_URL
    ? createInternalClient({ baseUrl: env.IDENTITY_URL, internalToken: env.INTERNAL_TOKEN })
    : null;
  if (identity) app.addHook('onClose', () => identity.close());

  const publicReads = createPublicReadCache(app, {
    connectionString: env.DATABASE_URL,
    channel: publicReadChannelOf('catalog-and-orders'),
    logger: app.log,
  });
  const mailer = createMailer({
    ...mailSettingsOf(env),
    jobs: deps.jobs,
    print: deps.notice,
    logger: app.log,
  });
  const catalog: CatalogDeps = {
    db: deps.db,
    jobs: deps.jobs,
    identity,
    mailer,
    links: createLinkSigner(linkSigningKeys(env)),
    holds: holdLimitsOf(env),
    claimLinksPerMemberPerHour: env.ORDER_CLAIM_LINKS_PER_MEMBER_PER_HOUR,
    publicOrigin: env.PUBLIC_ORIGIN,
    logger: app.log,
  };
  registerProductsRoutes(app, catalog, publicReads);
  registerCartRoutes(app, catalog, { secureCookie: env.PUBLIC_ORIGIN.startsWith('https:') });
  registerShippingRoutes(app, catalog);
  registerOrdersRoutes(app, catalog);
  workOrderConfirmations(catalog);
  registerMemberOrdersRoutes(app, catalog);
  registerQuotesRoutes(app, catalog);
  registerSitemapSourceRoutes(app, catalog);
  registerAuditLogRoute(app, 'catalog-and-orders', deps.db);
  registerPrivacyRoutes(app, catalog);
  verifyRouteTable(app, 'catalog-and-orders');
  scheduleReservationsCleanUp(catalog);
  scheduleClaimLinkLimitsCleanUp(catalog);
  return app;
}
