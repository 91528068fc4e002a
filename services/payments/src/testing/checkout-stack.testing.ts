// The real catalog-and-orders service (a devDependency), not a stand-in.
import { service as catalogService } from '@jesus-walks/catalog-and-orders/service';
import { generousHoldLimits, insertProduct, stockOf } from '@jesus-walks/catalog-and-orders/testing';
import { freePort } from '@jesus-walks/local-postgres/network';
import { startTestService, type TestService } from '@jesus-walks/test-kit/test-service';
import type { PaymentsDatabase } from '../db/database';
import type { Env } from '../env';
import { service } from '../service';

type CatalogService = Awaited<ReturnType<typeof startCatalog>>;

async function startCatalog(env: Record<string, string>) {
  return startTestService(catalogService, env);
}

export interface CheckoutStack {
  payments: TestService<Env, PaymentsDatabase>;
  catalog: CatalogService;
  /** payments' own origin (it listens, as in production). */
  paymentsUrl: string;
  /** The cheapest method to Napa, CA (USPS Ground, 9.99). */
  groundId: number;
  insertProduct(values?: Parameters<typeof insertProduct>[1]): ReturnType<typeof insertProduct>;
  stockOf(productId: number): Promise<number>;
  /** The contact recorded on a payment. */
  contactOf(
    paymentId: string,
  ): Promise<{ customerName: string | null; customerEmail: string | null; customerPhone: string | null }>;
  close(): Promise<void>;
}

async function listen(test: { app: TestService<unknown, unknown>['app'] }, port = 0): Promise<string> {
  await test.app.listen({ host: '127.0.0.1', port });
  const address = test.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on a port');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * Payments wired to a real catalog-and-orders over HTTP (each on its own fresh database), both
 * listening: payments quotes, fulfils and releases through catalog's internal routes, and the
 * sandbox delivers its signed webhooks to payments' webhook handler inside payments, as in
 * production (unless SANDBOX_WEBHOOK_URL is given in `extraEnv`). Every test request
 * comes from one address, so catalog lets it hold as much as it likes unless `catalogEnv` says
 * otherwise (the tests of what one client may hold).
 */
export async function startCheckoutStack(
  extraEnv: Record<string, string> = {},
  options: { catalogEnv?: Record<string, string> } = {},
): Promise<CheckoutStack> {
  const catalog = await startCatalog(options.catalogEnv ?? generousHoldLimits);
  await catalogService.seed(catalog.db, { env: catalog.env, notice: () => {} });
  const catalogUrl = await listen(catalog);
  const port = await freePort();
  const paymentsUrl = `http://127.0.0.1:${port}`;
  const payments = await startTestService(service, {
    CATALOG_AND_ORDERS_URL: catalogUrl,
    ...generousPaymentLimits,
    ...extraEnv,
  });
  await listen(payments, port);
  const methods = await catalog.db.selectFrom('shippingMethods').select(['id', 'serviceCode']).execute();
  const groundId = methods.find((method) => method.serviceCode === 'usps_ground')?.id;
  if (!groundId) throw new Error('the catalog seed has no USPS Ground method');
  return {
    payments,
    catalog,
    paymentsUrl,
    groundId,
    insertProduct: (values) => insertProduct(catalog.db, values),
    stockOf: (productId) => stockOf(catalog.db, productId),
    contactOf: (paymentId) =>
      payments.db
        .selectFrom('payments')
        .select(['customerName', 'customerEmail', 'customerPhone'])
        .where('id', '=', paymentId)
        .executeTakeFirstOrThrow(),
    async close() {
      await payments.close();
      await catalog.close();
    },
  };
}

/**
 * Payments' limits per client, out of the way: every test request comes from one address. The
 * tests of the limits themselves (payment-limits) set their own.
 */
export const generousPaymentLimits = {
  PAYMENT_DECLINES_PER_ADDRESS_PER_HOUR: '1000',
  PAYMENT_DECLINES_PER_MEMBER_PER_HOUR: '1000',
  PAYMENT_INTENTS_PER_ADDRESS_PER_HOUR: '1000',
} as const;

export const napaAddress = {
  fullName: 'Ada Walker',
  street: '1 Vineyard Lane',
  city: 'Napa',
  state: 'CA',
  zipCode: '94559',
  country: 'US',
};
