import {
  internalHeader,
  startTestService,
  type TestService,
} from '@jesus-walks/service-kit/testing/test-service';
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
      Array.from({ length: 50 }, () =>
        stack.catalog.app.inject({
          method: 'POST',
          url: '/api/admin/create-order',
          headers: as(stack.admin, 'POST', '/api/admin/create-order'),
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
      Array.from({ length: 50 }, () =>
        catalog.app.inject({
          method: 'POST',
          url: '/internal/quotes',
          headers: internalHeader,
          payload: { items: [{ productId: mug.id, quantity: 1 }], destination: { country: 'US' } },
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
