import { MEMBER_ORDERS_LIMIT } from '@jesus-walks/contracts/assistant';
import { internalHeader, startTestService, type TestService } from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogAndOrdersDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { insertProduct } from '../../testing/catalog-test-service.testing';

let catalog: TestService<Env, CatalogAndOrdersDatabase>;

beforeAll(async () => {
  catalog = await startTestService(service);
});
afterAll(() => catalog?.close());

async function insertOrder(userId: number, productId: number, status: 'paid' | 'shipped' = 'paid') {
  const order = await catalog.db
    .insertInto('orders')
    .values({
      userId,
      status,
      total: '24.50',
      shippingAddress: { fullName: 'Private Person', street: '1 Secret Lane' },
      customerEmail: `user${userId}@example.com`,
      customerName: 'Private Person',
      trackingNumber: status === 'shipped' ? '9400100000000000000000' : null,
      shippingCarrier: status === 'shipped' ? 'USPS' : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await catalog.db
    .insertInto('orderItems')
    .values({ orderId: order.id, productId, quantity: 2, price: '12.25' })
    .execute();
  return order.id;
}

describe('GET /internal/users/:id/orders (for the assistant)', () => {
  it("answers a member's own orders, newest first, without address, e-mail or payment", async () => {
    const cap = await insertProduct(catalog.db, { name: 'Napa Trail Cap' });
    const mine = [];
    for (let i = 0; i < MEMBER_ORDERS_LIMIT + 2; i++)
      mine.push(await insertOrder(61, cap.id, i === 0 ? 'shipped' : 'paid'));
    const theirs = await insertOrder(62, cap.id);

    const response = await catalog.app.inject({ url: '/internal/users/61/orders', headers: internalHeader });
    expect(response.statusCode).toBe(200);
    const orders = response.json();
    expect(orders).toHaveLength(MEMBER_ORDERS_LIMIT);
    expect(orders.map((order: { id: number }) => order.id)).not.toContain(theirs);
    expect(new Set(orders.map((order: { id: number }) => order.id))).toEqual(
      new Set(mine.slice(-MEMBER_ORDERS_LIMIT)),
    );
    expect(Object.keys(orders[0]).sort()).toEqual([
      'carrier',
      'createdAt',
      'estimatedDeliveryDate',
      'id',
      'items',
      'status',
      'total',
      'trackingNumber',
    ]);
    expect(orders[0].items).toEqual([{ name: 'Napa Trail Cap', quantity: 2 }]);
    expect(response.body).not.toContain('Secret Lane');
    expect(response.body).not.toContain('@example.com');
  });

  it('answers nothing for a member without orders, and requires the internal token', async () => {
    const none = await catalog.app.inject({ url: '/internal/users/63/orders', headers: internalHeader });
    expect(none.json()).toEqual([]);
    expect((await catalog.app.inject({ url: '/internal/users/61/orders' })).statusCode).toBe(401);
  });
});
