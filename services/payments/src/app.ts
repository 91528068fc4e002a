import { schemaNameOf } from '@jesus-walks/contracts/services';
import { registerAuditLogRoute } from '@jesus-walks/service-kit/audit';
import { createService, type ServiceApp } from '@jesus-walks/service-kit/create-service';
import { acceptedSecrets } from '@jesus-walks/service-kit/env';
import { scheduleIdempotencyCleanUp } from '@jesus-walks/service-kit/idempotency';
import { createMailer, mailSettingsOf } from '@jesus-walks/service-kit/mailer';
import { verifyRouteTable } from '@jesus-walks/service-kit/routes';
import type { ServiceDeps } from '@jesus-walks/service-kit/service-definition';
import type { Kysely } from 'kysely';
import type { PaymentsDatabase } from './db/database';
import { migrations } from './db/migrations/index';
import type { PaymentsDeps } from './deps';
import type { Env } from './env';
import { registerCheckoutRoutes } from './modules/checkout/checkout.routes';
import { registerCryptoRoutes } from './modules/crypto/crypto.routes';
import { createCryptoRates } from './modules/crypto/crypto-rates';
import { scheduleExpiry } from './modules/expiry/expiry.jobs';
import { workFinalisation } from './modules/finalisation/finalisation.jobs';
import { registerOrderPaymentsRoutes } from './modules/order-payments/order-payments.routes';
import {
  paymentLimitsOf,
  schedulePaymentLimitsCleanUp,
} from './modules/payment-limits/payment-limits.service';
import { registerPrivacyRoutes } from './modules/privacy/privacy.routes';
import { createProviders } from './modules/providers/providers';
import { registerSafekeyRoutes } from './modules/providers/safekey/safekey.routes';
import { registerSandboxRoutes } from './modules/providers/sandbox/sandbox.routes';
import { workSandboxWebhooks } from './modules/providers/sandbox/sandbox.service';
import { registerSquareRoutes } from './modules/providers/square/square.routes';
import { workWalkRefunds } from './modules/registration-payments/registration-payments.jobs';
import { registerRegistrationPaymentsRoutes } from './modules/registration-payments/registration-payments.routes';
import { createCatalog } from './modules/sellers/catalog';
import { createPeerClient, createSellers } from './modules/sellers/sellers';
import type { MerchantConnect } from './modules/wallets/apple-pay-merchant';
import { registerWalletRoutes, walletSettingsOf } from './modules/wallets/wallets.routes';
import { registerWebhooksRoutes } from './modules/webhooks/webhooks.routes';

/** What only tests give buildApp: stand-ins for servers outside our reach. */
export interface PaymentsTestHooks {
  /** The connection to Apple's merchant validation server (apple-pay-merchant.ts). */
  applePayConnect?: MerchantConnect;
}

/** Builds the payments service; never listens (main.ts, the standalone runner and tests do). */
export async function buildApp(
  env: Env,
  deps: ServiceDeps<PaymentsDatabase>,
  testHooks: PaymentsTestHooks = {},
): Promise<ServiceApp> {
  const app = createService({
    name: 'payments',
    logger: deps.logger,
    identitySigningKey: acceptedSecrets(env.IDENTITY_SIGNING_KEY, env.IDENTITY_SIGNING_KEY_PREVIOUS),
    internalToken: acceptedSecrets(env.INTERNAL_TOKEN, env.INTERNAL_TOKEN_PREVIOUS),
    otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT,
    database: { db: deps.db as Kysely<unknown>, schema: schemaNameOf('payments'), migrations },
    jobs: deps.jobs,
  });

  const peers = {
    catalog: createPeerClient({
      baseUrl: env.CATALOG_AND_ORDERS_URL,
      internalToken: env.INTERNAL_TOKEN,
      missing: 'The shop is not reachable (CATALOG_AND_ORDERS_URL is not set)',
    }),
    events: createPeerClient({
      baseUrl: env.CONTENT_AND_EVENTS_URL,
      internalToken: env.INTERNAL_TOKEN,
      missing: 'Events are not reachable (CONTENT_AND_EVENTS_URL is not set)',
    }),
  };
  app.addHook('onClose', async () => {
    await peers.catalog.close();
    await peers.events.close();
  });
  const payments: PaymentsDeps = {
    db: deps.db,
    jobs: deps.jobs,
    providers: createProviders(env, { db: deps.db, jobs: deps.jobs }),
    sellers: createSellers(peers),
    catalog: createCatalog(peers.catalog),
    mailer: createMailer({ ...mailSettingsOf(env), jobs: deps.jobs, print: deps.notice, logger: app.log }),
    logger: app.log,
    limits: paymentLimitsOf(env),
  };

  if (payments.providers.sandbox) {
    // Said at every start, in any mode: a site left in test mode takes orders nobody paid for.
    app.log.warn(
      { PAYMENTS_SANDBOX: env.PAYMENTS_SANDBOX },
      'payments run in TEST MODE (PAYMENTS_SANDBOX=on): the built-in sandbox takes no real payments, and any visitor can pay with a test card. Set PAYMENTS_SANDBOX=off where real buyers pay.',
    );
    workSandboxWebhooks(payments, { url: env.SANDBOX_WEBHOOK_URL, secret: env.SANDBOX_WEBHOOK_SECRET });
  }
  workFinalisation(payments);
  workWalkRefunds(payments);
  scheduleExpiry(payments);
  scheduleIdempotencyCleanUp(deps.jobs, deps.db);
  schedulePaymentLimitsCleanUp(deps.jobs, deps.db);

  registerCheckoutRoutes(app, payments);
  registerSandboxRoutes(app, payments);
  registerWebhooksRoutes(app, payments);
  registerSquareRoutes(app, payments);
  registerCryptoRoutes(app, {
    ...payments,
    rates: createCryptoRates({
      url: env.CRYPTO_RATES_URL === 'off' ? null : env.CRYPTO_RATES_URL,
      onFailure: (error) =>
        app.log.warn({ err: error }, 'crypto rates unavailable: using the built-in table'),
    }),
    returnUrl: new URL('/checkout', env.PUBLIC_ORIGIN).toString(),
  });
  registerSafekeyRoutes(app, payments);
  registerWalletRoutes(app, payments, {
    ...walletSettingsOf(env),
    applePayConnect: testHooks.applePayConnect,
  });
  registerOrderPaymentsRoutes(app, payments);
  registerRegistrationPaymentsRoutes(app, payments);
  registerAuditLogRoute(app, 'payments', deps.db);
  registerPrivacyRoutes(app, payments);
  verifyRouteTable(app, 'payments');
  return app;
}
