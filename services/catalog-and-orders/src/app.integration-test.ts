import { signIdentity } from '@jesus-walks/service-kit/identity';
import {
  identityHeaders,
  internalHeader,
  startTestService,
  type TestService,
  testSecrets,
  testUser,
} from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogAndOrdersDatabase } from './db/database';
import { seed } from './db/seed';
import type { Env } from './env';
import { service } from './service';

let catalog: TestService<Env, CatalogAndOrdersDatabase>;

beforeAll(async () => {
  catalog = await startTestService(service);
});
afterAll(() => catalog.close());

/** A header claiming admin rights under the signature of a user's header: what a forger would send. */
async function forgedAdminIdentity(): Promise<string> {
  const signed = await signIdentity(
    { user: testUser, clientAddress: '127.0.0.1', method: 'GET', url: '/health/live' },
    testSecrets.IDENTITY_SIGNING_KEY,
  );
  const [protectedHeader, payload = '', signature] = signed.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { user: object };
  const raised = Buffer.from(JSON.stringify({ ...claims, user: { ...claims.user, isAdmin: true } })).toString(
    'base64url',
  );
  return [protectedHeader, raised, signature].join('.');
}

async function insertProduct(stock: number) {
  return catalog.db
    .insertInto('products')
    .values({ name: 'Trail Cap', price: '24.50', stock })
    .returning(['id', 'price', 'stock', 'description'])
    .executeTakeFirstOrThrow();
}

describe('catalog-and-orders service foundation', () => {
  it('is live', async () => {
    const response = await catalog.app.inject({ url: '/health/live' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', service: 'catalog-and-orders' });
  });

  it('is ready once its migrations are applied', async () => {
    const response = await catalog.app.inject({ url: '/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ready', checks: { database: 'ok', migrations: 'ok' } });
  });

  it('answers JSON 404 for unknown routes', async () => {
    const response = await catalog.app.inject({ url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No route for GET /api/nope', code: 'not_found' });
  });

  it('accepts a correctly signed identity header', async () => {
    const response = await catalog.app.inject({
      url: '/health/live',
      headers: await identityHeaders(testUser, 'GET', '/health/live'),
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a forged identity header', async () => {
    const response = await catalog.app.inject({
      url: '/health/live',
      headers: { 'x-identity': await forgedAdminIdentity() },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'invalid_identity' });
  });

  it('refuses a correctly signed but stale identity header', async () => {
    const stale = await signIdentity(
      { user: testUser, clientAddress: '127.0.0.1', method: 'GET', url: '/health/live' },
      testSecrets.IDENTITY_SIGNING_KEY,
      Date.now() - 120_000,
    );
    const response = await catalog.app.inject({ url: '/health/live', headers: { 'x-identity': stale } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'invalid_identity' });
  });

  it('refuses /internal/* without the internal token', async () => {
    const refused = await catalog.app.inject({ url: '/internal/anything' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'unauthorized' });
    const allowed = await catalog.app.inject({ url: '/internal/anything', headers: internalHeader });
    expect(allowed.statusCode).toBe(404);
  });

  it('serves Prometheus metrics', async () => {
    await catalog.app.inject({ url: '/health/live' });
    const response = await catalog.app.inject({ url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(response.body).toContain('service="catalog-and-orders"');
    // The statements its database has run so far (the migrations and seed at the least).
    const statements = Number(/^db_statements_total\{[^}]*\} (\d+)$/m.exec(response.body)?.[1]);
    expect(statements).toBeGreaterThan(0);
    await catalog.app.inject({ url: '/api/products' });
    const after = await catalog.app.inject({ url: '/metrics' });
    expect(Number(/^db_statements_total\{[^}]*\} (\d+)$/m.exec(after.body)?.[1])).toBeGreaterThanOrEqual(
      statements,
    );
  });
});

describe('catalog-and-orders schema', () => {
  it('applies the spec defaults and keeps money exact', async () => {
    const product = await insertProduct(3);
    expect(product).toMatchObject({ price: '24.50', stock: 3, description: '' });
    const order = await catalog.db
      .insertInto('orders')
      .values({ total: '10.10' })
      .returning(['status', 'total', 'shippingCost', 'paymentId'])
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'pending', total: '10.10', shippingCost: '0.00', paymentId: null });
  });

  it('never lets stock go below zero', async () => {
    const product = await insertProduct(1);
    await expect(
      catalog.db.updateTable('products').set({ stock: -1 }).where('id', '=', product.id).execute(),
    ).rejects.toMatchObject({ code: '23514', constraint: 'products_stock_check' });
  });

  it('refuses an order status outside the list', async () => {
    await expect(
      catalog.db
        .insertInto('orders')
        // @ts-expect-error the type refuses it too; the database must refuse it on its own
        .values({ total: '1.00', status: 'refunded' })
        .execute(),
    ).rejects.toMatchObject({ code: '23514', constraint: 'orders_status_check' });
  });

  it('keeps one order per payment, while orders without a payment are many', async () => {
    await catalog.db.insertInto('orders').values({ total: '5.00', paymentId: 'pay_123' }).execute();
    await expect(
      catalog.db.insertInto('orders').values({ total: '5.00', paymentId: 'pay_123' }).execute(),
    ).rejects.toMatchObject({ code: '23505', constraint: 'orders_payment_id_key' });
    await catalog.db
      .insertInto('orders')
      .values([{ total: '1.00' }, { total: '2.00' }])
      .execute();
  });

  it('keeps a product that is on an order', async () => {
    const product = await insertProduct(2);
    const order = await catalog.db
      .insertInto('orders')
      .values({ total: '24.50', status: 'paid' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await catalog.db
      .insertInto('orderItems')
      .values({ orderId: order.id, productId: product.id, quantity: 1, price: '24.50' })
      .execute();
    const refused = await catalog.db
      .deleteFrom('products')
      .where('id', '=', product.id)
      .execute()
      .then(
        () => null,
        (error: { code?: string }) => error,
      );
    // ON DELETE RESTRICT: restrict_violation from Postgres 16 on, foreign_key_violation before.
    expect(['23001', '23503']).toContain(refused?.code);
  });
});

describe('catalog-and-orders seed', () => {
  async function shippingRows() {
    const methods = await catalog.db.selectFrom('shippingMethods').selectAll().orderBy('id').execute();
    const zones = await catalog.db.selectFrom('shippingZones').selectAll().orderBy('id').execute();
    const rates = await catalog.db.selectFrom('shippingRates').selectAll().orderBy('id').execute();
    return { methods, zones, rates };
  }

  it('seeds the shipping the checkout needs, and a second run changes nothing', async () => {
    await seed(catalog.db);
    const first = await shippingRows();
    await seed(catalog.db);
    expect(await shippingRows()).toEqual(first);

    const rates = await catalog.db
      .selectFrom('shippingRates')
      .innerJoin('shippingMethods', 'shippingMethods.id', 'shippingRates.methodId')
      .innerJoin('shippingZones', 'shippingZones.id', 'shippingRates.zoneId')
      .select([
        'shippingMethods.name as method',
        'shippingMethods.serviceCode',
        'shippingMethods.estimatedDays',
        'shippingMethods.isActive',
        'shippingZones.name as zone',
        'shippingZones.countries',
        'shippingRates.baseRate',
      ])
      .orderBy('shippingRates.baseRate')
      .execute();
    expect(rates).toEqual([
      {
        method: 'USPS Ground',
        serviceCode: 'usps_ground',
        estimatedDays: 3,
        isActive: true,
        zone: 'United States',
        countries: ['US'],
        baseRate: '9.99',
      },
      {
        method: 'UPS 2nd Day Air',
        serviceCode: 'ups_2nd_day_air',
        estimatedDays: 2,
        isActive: true,
        zone: 'United States',
        countries: ['US'],
        baseRate: '19.99',
      },
      {
        method: 'USPS Priority Mail International',
        serviceCode: 'usps_priority_mail_international',
        estimatedDays: 10,
        isActive: true,
        zone: 'Rest of World',
        countries: ['*'],
        baseRate: '34.99',
      },
    ]);
  });
});
