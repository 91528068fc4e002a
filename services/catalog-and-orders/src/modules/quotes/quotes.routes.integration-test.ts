import { QuoteSchema } from '@jesus-walks/contracts/orders';
import {
  internalHeader,
  startTestService,
  type TestService,
  testAdmin,
} from '@jesus-walks/service-kit/testing/test-service';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogAndOrdersDatabase } from '../../db/database';
import { seed } from '../../db/seed';
import type { Env } from '../../env';
import { service } from '../../service';
import { as, insertProduct } from '../../testing/catalog-test-service.testing';

let catalog: TestService<Env, CatalogAndOrdersDatabase>;
let groundId: number;
let upsId: number;

beforeAll(async () => {
  catalog = await startTestService(service);
  await seed(catalog.db);
  const methods = await catalog.db.selectFrom('shippingMethods').select(['id', 'serviceCode']).execute();
  groundId = methods.find((method) => method.serviceCode === 'usps_ground')?.id ?? 0;
  upsId = methods.find((method) => method.serviceCode === 'ups_2nd_day_air')?.id ?? 0;
});
afterAll(() => catalog.close());

const napa = { country: 'US', state: 'CA', postalCode: '94559' };

function quote(payload: unknown, headers: Record<string, string> = internalHeader) {
  return catalog.app.inject({ method: 'POST', url: '/internal/quotes', headers, payload: payload as object });
}

async function activeReservations(productId: number) {
  const row = await catalog.db
    .selectFrom('stockReservations')
    .select(sql<number>`coalesce(sum(quantity), 0)::int`.as('units'))
    .where('productId', '=', productId)
    .where('consumedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .executeTakeFirstOrThrow();
  return row.units;
}

describe('POST /internal/quotes', () => {
  it('prices from the catalog in cents, ignoring client prices, and adds the chosen shipping', async () => {
    const tee = await insertProduct(catalog.db, { name: 'Trail Tee', price: '0.10', stock: 10 });
    const cap = await insertProduct(catalog.db, { name: 'Trail Cap', price: '0.20', stock: 10 });
    const response = await quote({
      items: [
        { productId: tee.id, quantity: 1, price: 0.01 },
        { productId: cap.id, quantity: 1, price: '0.01' },
        { productId: tee.id, quantity: 2 },
      ],
      destination: napa,
      shippingMethodId: groundId,
    });
    expect(response.statusCode).toBe(201);
    const body = QuoteSchema.parse(response.json());
    expect(body).toMatchObject({
      currency: 'USD',
      items: [
        { productId: tee.id, name: 'Trail Tee', quantity: 3, unitPrice: '0.10', lineTotal: '0.30' },
        { productId: cap.id, name: 'Trail Cap', quantity: 1, unitPrice: '0.20', lineTotal: '0.20' },
      ],
      subtotal: '0.50',
      shipping: '9.99',
      total: '10.49',
      shippingMethod: { id: groundId, carrier: 'USPS', service: 'Ground', rate: 9.99, estimatedDays: 3 },
    });
    const minutes = (Date.parse(body.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    expect(await activeReservations(tee.id)).toBe(3);
    expect(await activeReservations(cap.id)).toBe(1);
  });

  it('takes the cheapest method serving the address when none is chosen', async () => {
    const tee = await insertProduct(catalog.db, { price: '10.00' });
    const body = QuoteSchema.parse(
      (await quote({ items: [{ productId: tee.id, quantity: 1 }], destination: napa })).json(),
    );
    expect(body).toMatchObject({ shipping: '9.99', total: '19.99', shippingMethod: { id: groundId } });
    const faster = QuoteSchema.parse(
      (
        await quote({
          items: [{ productId: tee.id, quantity: 1 }],
          destination: napa,
          shippingMethodId: upsId,
        })
      ).json(),
    );
    expect(faster.total).toBe('29.99');
  });

  it('answers 422 for a method that does not serve the address', async () => {
    const tee = await insertProduct(catalog.db);
    const response = await quote({
      items: [{ productId: tee.id, quantity: 1 }],
      destination: { country: 'DE' },
      shippingMethodId: groundId,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The chosen shipping method does not ship to this address',
      code: 'business_rule',
    });
    expect(await activeReservations(tee.id)).toBe(0);
  });

  it('counts active reservations against stock: available = stock - active reservations', async () => {
    const mug = await insertProduct(catalog.db, { name: 'Camp Mug', stock: 3 });
    expect((await quote({ items: [{ productId: mug.id, quantity: 2 }], destination: napa })).statusCode).toBe(
      201,
    );
    const short = await quote({ items: [{ productId: mug.id, quantity: 2 }], destination: napa });
    expect(short.statusCode).toBe(409);
    expect(short.json()).toEqual({
      message: 'Only 1 Camp Mug left',
      code: 'out_of_stock',
      issues: [{ path: ['items', 0], message: 'Only 1 Camp Mug left' }],
    });
    expect((await quote({ items: [{ productId: mug.id, quantity: 1 }], destination: napa })).statusCode).toBe(
      201,
    );
    expect(await activeReservations(mug.id)).toBe(3);
  });

  it('lets a reservation lapse after its 30 minutes', async () => {
    const hat = await insertProduct(catalog.db, { stock: 1 });
    expect((await quote({ items: [{ productId: hat.id, quantity: 1 }], destination: napa })).statusCode).toBe(
      201,
    );
    expect((await quote({ items: [{ productId: hat.id, quantity: 1 }], destination: napa })).statusCode).toBe(
      409,
    );
    await catalog.db
      .updateTable('stockReservations')
      .set({ expiresAt: sql<Date>`now() - interval '1 second'` })
      .where('productId', '=', hat.id)
      .execute();
    expect((await quote({ items: [{ productId: hat.id, quantity: 1 }], destination: napa })).statusCode).toBe(
      201,
    );
  });

  it('releases the quote it replaces', async () => {
    const bottle = await insertProduct(catalog.db, { stock: 2 });
    const first = QuoteSchema.parse(
      (await quote({ items: [{ productId: bottle.id, quantity: 2 }], destination: napa })).json(),
    );
    const second = await quote({
      items: [{ productId: bottle.id, quantity: 2 }],
      destination: napa,
      replacesQuoteId: first.quoteId,
    });
    expect(second.statusCode).toBe(201);
    expect(await activeReservations(bottle.id)).toBe(2);
  });

  it('answers 404 for an unknown or deleted product, naming it when it is known', async () => {
    const gone = await insertProduct(catalog.db, { name: 'Gone Cap' });
    await catalog.db
      .updateTable('products')
      .set({ deletedAt: new Date() })
      .where('id', '=', gone.id)
      .execute();
    const unknown = await quote({ items: [{ productId: 999999, quantity: 1 }], destination: napa });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      message: 'This product is no longer sold',
      code: 'not_found',
      issues: [{ path: ['items', 0], message: 'This product is no longer sold' }],
    });
    const both = await quote({
      items: [
        { productId: 999999, quantity: 1 },
        { productId: gone.id, quantity: 1 },
      ],
      destination: napa,
    });
    expect(both.statusCode).toBe(404);
    expect(both.json()).toEqual({
      message: '2 items in the cart cannot be sold as asked',
      code: 'not_found',
      issues: [
        { path: ['items', 0], message: 'This product is no longer sold' },
        { path: ['items', 1], message: 'Gone Cap is no longer sold' },
      ],
    });
  });

  it('checks every line and lists every problem at once, reserving nothing', async () => {
    const cap = await insertProduct(catalog.db, { name: 'Short Cap', stock: 2 });
    const lamp = await insertProduct(catalog.db, { name: 'Empty Lamp', stock: 0 });
    const tee = await insertProduct(catalog.db, { name: 'Plenty Tee', stock: 10 });
    const response = await quote({
      items: [
        { productId: tee.id, quantity: 1 },
        { productId: cap.id, quantity: 2 },
        { productId: 999999, quantity: 1 },
        { productId: lamp.id, quantity: 1 },
        // Summed with index 1: 3 caps asked for, 2 on the shelf.
        { productId: cap.id, quantity: 1 },
      ],
      destination: napa,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: '3 items in the cart cannot be sold as asked',
      code: 'out_of_stock',
      issues: [
        { path: ['items', 1], message: 'Only 2 Short Cap left' },
        { path: ['items', 2], message: 'This product is no longer sold' },
        { path: ['items', 3], message: 'Empty Lamp is sold out' },
      ],
    });
    for (const product of [cap, lamp, tee]) expect(await activeReservations(product.id)).toBe(0);
  });

  it('keeps the quote it was to replace when the new one is refused', async () => {
    const boot = await insertProduct(catalog.db, { name: 'Last Boot', stock: 1 });
    const first = QuoteSchema.parse(
      (await quote({ items: [{ productId: boot.id, quantity: 1 }], destination: napa })).json(),
    );
    const refused = await quote({
      items: [{ productId: boot.id, quantity: 2 }],
      destination: napa,
      replacesQuoteId: first.quoteId,
    });
    expect(refused.json()).toMatchObject({
      code: 'out_of_stock',
      issues: [{ path: ['items', 0], message: 'Only 1 Last Boot left' }],
    });
    expect(await activeReservations(boot.id)).toBe(1);
  });

  it('answers 400 for a malformed body', async () => {
    expect((await quote({ items: [], destination: napa })).statusCode).toBe(400);
    expect((await quote({ items: [{ productId: 1, quantity: 0 }], destination: napa })).statusCode).toBe(400);
    expect((await quote({ items: [{ productId: 1, quantity: 1 }] })).statusCode).toBe(400);
    expect(
      (await quote({ items: [{ productId: 99_999_999_999, quantity: 1 }], destination: napa })).statusCode,
    ).toBe(400);
  });

  it('is internal: refused without the internal token, even to an admin', async () => {
    const tee = await insertProduct(catalog.db);
    const response = await quote(
      { items: [{ productId: tee.id, quantity: 1 }], destination: napa },
      as(testAdmin, 'POST', '/internal/quotes'),
    );
    expect(response.statusCode).toBe(401);
  });
});
