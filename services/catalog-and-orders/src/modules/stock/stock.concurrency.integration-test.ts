import { internalHeader, startTestService, type TestService } from '@jesus-walks/test-kit/test-service';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogAndOrdersDatabase } from '../../db/database';
import { seed } from '../../db/seed';
import type { Env } from '../../env';
import { service } from '../../service';
import {
  as,
  type CatalogWithIdentity,
  insertProduct,
  startCatalogWithIdentity,
  stockOf,
} from '../../testing/catalog-test-service.testing';

/**
 * Many buyers at once for the last units, against real Postgres: the row locks and the guarded
 * decrement must let exactly as many through as there are units, never more.
 */
describe('50 simultaneous manual orders for a product with stock 5', () => {
  let stack: CatalogWithIdentity;
  beforeAll(async () => {
    stack = await startCatalogWithIdentity();
  });
  afterAll(() => stack?.close());

  it('give exactly 5 orders and stock 0', async () => {
    const cap = await insertProduct(stack.catalog.db, { name: 'Limited Cap', stock: 5 });
    const responses = await Promise.all(
      Array.from({ length: 50 }, async () =>
        stack.catalog.app.inject({
          method: 'POST',
          url: '/api/admin/create-order',
          headers: await as(stack.admin, 'POST', '/api/admin/create-order'),
          payload: {
            userId: stack.customer.id,
            items: [{ productId: cap.id, quantity: 1 }],
            shippingAddress: {
              fullName: 'A B',
              street: '1 Vine St',
              city: 'Napa',
              state: 'CA',
              zipCode: '94559',
            },
          },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(45);
    expect(await stockOf(stack.catalog.db, cap.id)).toBe(0);
    const orders = await stack.catalog.db
      .selectFrom('orderItems')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('productId', '=', cap.id)
      .executeTakeFirstOrThrow();
    expect(orders.count).toBe(5);
  });
});

describe('50 simultaneous quotes for the last 3 units', () => {
  let catalog: TestService<Env, CatalogAndOrdersDatabase>;
  beforeAll(async () => {
    catalog = await startTestService(service);
    await seed(catalog.db);
  });
  afterAll(() => catalog?.close());

  it('reserve at most 3', async () => {
    const mug = await insertProduct(catalog.db, { name: 'Last Mugs', stock: 3 });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        catalog.app.inject({
          method: 'POST',
          url: '/internal/quotes',
          headers: internalHeader,
          payload: {
            items: [{ productId: mug.id, quantity: 1 }],
            destination: { country: 'US' },
            // Fifty buyers, each on an address of its own: only the stock limits them.
            holder: { address: `198.51.100.${i + 1}`, userId: null },
          },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(47);
    const reserved = await catalog.db
      .selectFrom('stockReservations')
      .select(sql<number>`coalesce(sum(quantity), 0)::int`.as('units'))
      .where('productId', '=', mug.id)
      .executeTakeFirstOrThrow();
    expect(reserved.units).toBe(3);
    expect(await stockOf(catalog.db, mug.id)).toBe(3);
  });
});

describe('40 simultaneous checkouts from one address for 35 units', () => {
  let catalog: TestService<Env, CatalogAndOrdersDatabase>;
  beforeAll(async () => {
    catalog = await startTestService(service, {
      STOCK_HOLD_UNITS_PER_PRODUCT_PER_CLIENT: '10',
      STOCK_HOLD_CHECKOUTS_PER_CLIENT: '3',
    });
    await seed(catalog.db);
  });
  afterAll(() => catalog?.close());

  const quote = (productId: number, quantity: number, holder: { address: string; userId: number | null }) =>
    catalog.app.inject({
      method: 'POST',
      url: '/internal/quotes',
      headers: internalHeader,
      payload: { items: [{ productId, quantity }], destination: { country: 'US' }, holder },
    });

  it('hold at most its share however they race, and the rest stays buyable by others', async () => {
    const fleece = await insertProduct(catalog.db, { name: 'Race Fleece', stock: 35 });
    const greedy = { address: '203.0.113.66', userId: null };
    // A mix of sizes, as a script trying every amount would send them, all at once.
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => quote(fleece.id, (i % 4) + 1, greedy)),
    );
    const held = await catalog.db
      .selectFrom('stockReservations')
      .select([
        sql<number>`coalesce(sum(quantity), 0)::int`.as('units'),
        sql<number>`count(distinct quote_id)::int`.as('checkouts'),
      ])
      .where('productId', '=', fleece.id)
      .executeTakeFirstOrThrow();
    expect(held.units).toBeLessThanOrEqual(10);
    expect(held.checkouts).toBeLessThanOrEqual(3);
    const accepted = responses.filter((response) => response.statusCode === 201).length;
    expect(accepted).toBe(held.checkouts);
    // Every refusal says why in words, never a 5xx.
    for (const response of responses.filter((r) => r.statusCode !== 201)) {
      expect([422, 429]).toContain(response.statusCode);
    }

    // Another buyer can hold everything that is left, up to their own share each.
    const left = 35 - held.units;
    let bought = 0;
    for (let i = 0; bought < left; i += 1) {
      const units = Math.min(10, left - bought);
      const other = await quote(fleece.id, units, { address: `198.51.100.${i + 1}`, userId: null });
      expect(other.statusCode, other.body).toBe(201);
      bought += units;
    }
    expect(await stockOf(catalog.db, fleece.id)).toBe(35);
  });
});
