import { AdminOrderSchema } from '@jesus-walks/contracts/orders';
import { startTestService, testAdmin, testUser } from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { service } from '../../service';
import {
  as,
  type CatalogWithIdentity,
  insertProduct,
  startCatalogWithIdentity,
  stockOf,
} from '../../testing/catalog-test-service.testing';

let stack: CatalogWithIdentity;

beforeAll(async () => {
  stack = await startCatalogWithIdentity();
});
afterAll(() => stack?.close());

const address = { fullName: 'Carol Reyes', street: '1 Vine St', city: 'Napa', state: 'CA', zipCode: '94559' };

async function createOrder(payload: unknown, headers?: Record<string, string>) {
  return stack.catalog.app.inject({
    method: 'POST',
    url: '/api/admin/create-order',
    headers: headers ?? (await as(stack.admin, 'POST', '/api/admin/create-order')),
    payload: payload as object,
  });
}

function manualOrder(productId: number, quantity: number, extra: Record<string, unknown> = {}) {
  return {
    userId: stack.customer.id,
    items: [{ productId, quantity, price: '0.01' }],
    total: '0.01',
    shippingAddress: address,
    status: 'pending',
    ...extra,
  };
}

describe('POST /api/admin/create-order', () => {
  it('creates a pending order priced from the catalog, whatever the client sent, and takes the stock', async () => {
    const cap = await insertProduct(stack.catalog.db, { name: 'Trail Cap', price: '24.50', stock: 5 });
    const mug = await insertProduct(stack.catalog.db, { name: 'Camp Mug', price: '16.00', stock: 9 });
    const response = await createOrder({
      userId: stack.customer.id,
      items: [
        { productId: cap.id, quantity: 2, price: 0.01 },
        { productId: mug.id, quantity: 1, price: '0.01' },
        { productId: cap.id, quantity: 1 },
      ],
      total: '0.03',
      shippingAddress: address,
      status: 'pending',
    });
    expect(response.statusCode).toBe(201);
    const order = AdminOrderSchema.parse(response.json());
    expect(order).toMatchObject({
      userId: stack.customer.id,
      status: 'pending',
      total: '89.50',
      shippingCost: '0.00',
      shippingAddress: { ...address, country: 'US' },
      items: [
        { productId: cap.id, name: 'Trail Cap', quantity: 3, price: '24.50' },
        { productId: mug.id, name: 'Camp Mug', quantity: 1, price: '16.00' },
      ],
    });
    expect(await stockOf(stack.catalog.db, cap.id)).toBe(2);
    expect(await stockOf(stack.catalog.db, mug.id)).toBe(8);
  });

  it('answers 409 with a clear message when short, and changes nothing', async () => {
    const cap = await insertProduct(stack.catalog.db, { name: 'Last Cap', stock: 2 });
    const mug = await insertProduct(stack.catalog.db, { name: 'Plenty Mug', stock: 50 });
    const response = await createOrder({
      ...manualOrder(mug.id, 1),
      items: [
        { productId: mug.id, quantity: 1 },
        { productId: cap.id, quantity: 3 },
      ],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'Not enough stock for Last Cap: 2 available, 3 requested',
      code: 'out_of_stock',
    });
    expect(await stockOf(stack.catalog.db, mug.id)).toBe(50);
    expect(await stockOf(stack.catalog.db, cap.id)).toBe(2);
  });

  it('does not take units that a checkout quote holds', async () => {
    const cap = await insertProduct(stack.catalog.db, { stock: 2 });
    await stack.catalog.db
      .insertInto('stockReservations')
      .values({
        quoteId: 'q-checkout',
        productId: cap.id,
        quantity: 2,
        expiresAt: new Date(Date.now() + 60_000),
      })
      .execute();
    const response = await createOrder(manualOrder(cap.id, 1));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: expect.stringContaining('out of stock') });
  });

  it('answers 404 for a customer identity does not know and for an unknown product', async () => {
    const cap = await insertProduct(stack.catalog.db);
    const noCustomer = await createOrder(manualOrder(cap.id, 1, { userId: 987654 }));
    expect(noCustomer.statusCode).toBe(404);
    expect(noCustomer.json()).toEqual({ message: 'Customer not found', code: 'not_found' });
    const noProduct = await createOrder(manualOrder(999999, 1));
    expect(noProduct.statusCode).toBe(404);
    expect(noProduct.json()).toEqual({ message: 'Product 999999 not found', code: 'not_found' });
    expect(await stockOf(stack.catalog.db, cap.id)).toBe(10);
  });

  it('answers 400 for a bad payload, 401 anonymous, 403 for a user', async () => {
    const cap = await insertProduct(stack.catalog.db);
    const zero = await createOrder(manualOrder(cap.id, 0));
    expect(zero.statusCode).toBe(400);
    expect((zero.json() as { issues: Array<{ message: string }> }).issues[0]?.message).toBe(
      'Quantity must be at least 1',
    );
    expect((await createOrder({ ...manualOrder(cap.id, 1), shippingAddress: {} })).statusCode).toBe(400);
    expect((await createOrder({ ...manualOrder(cap.id, 1), status: 'paid' })).statusCode).toBe(400);
    expect((await createOrder(manualOrder(cap.id, 1), {})).statusCode).toBe(401);
    expect(
      (await createOrder(manualOrder(cap.id, 1), await as(stack.customer, 'POST', '/api/admin/create-order')))
        .statusCode,
    ).toBe(403);
  });

  it('answers 503 when identity cannot be reached, without taking stock', async () => {
    const unreachable = await startTestService(service, { IDENTITY_URL: 'http://127.0.0.1:1' });
    try {
      const cap = await insertProduct(unreachable.db, { stock: 4 });
      const response = await unreachable.app.inject({
        method: 'POST',
        url: '/api/admin/create-order',
        headers: await as(testAdmin, 'POST', '/api/admin/create-order'),
        payload: manualOrder(cap.id, 1),
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'upstream_unavailable' });
      expect(await stockOf(unreachable.db, cap.id)).toBe(4);
    } finally {
      await unreachable.close();
    }
  });
});

async function placeOrder(productId: number, quantity: number, customer = stack.customer) {
  const response = await createOrder({ ...manualOrder(productId, quantity), userId: customer.id });
  expect(response.statusCode).toBe(201);
  return AdminOrderSchema.parse(response.json());
}

describe('GET /api/orders', () => {
  it('answers 401 anonymous', async () => {
    expect((await stack.catalog.app.inject({ url: '/api/orders' })).statusCode).toBe(401);
  });

  it('gives an admin every order, newest first, and a user only their own', async () => {
    const cap = await insertProduct(stack.catalog.db, { stock: 100 });
    const bossIdentity = { ...stack.admin };
    const mine = await placeOrder(cap.id, 1);
    const theirs = await placeOrder(cap.id, 2, bossIdentity);
    const newest = await placeOrder(cap.id, 3);

    const forAdmin = await stack.catalog.app.inject({
      url: '/api/orders',
      headers: await as(stack.admin, 'GET', '/api/orders'),
    });
    expect(forAdmin.statusCode).toBe(200);
    const all = z.array(AdminOrderSchema).parse(forAdmin.json());
    const ids = all.map((order) => order.id);
    expect(ids.indexOf(newest.id)).toBeLessThan(ids.indexOf(theirs.id));
    expect(ids.indexOf(theirs.id)).toBeLessThan(ids.indexOf(mine.id));
    for (let i = 1; i < all.length; i++) {
      expect(Date.parse(all[i - 1]?.createdAt ?? '')).toBeGreaterThanOrEqual(
        Date.parse(all[i]?.createdAt ?? ''),
      );
    }

    const forCustomer = await stack.catalog.app.inject({
      url: '/api/orders',
      headers: await as(stack.customer, 'GET', '/api/orders'),
    });
    const own = z.array(AdminOrderSchema).parse(forCustomer.json());
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((order) => order.userId === stack.customer.id)).toBe(true);
    expect(own.map((order) => order.id)).not.toContain(theirs.id);

    const forStranger = await stack.catalog.app.inject({
      url: '/api/orders',
      headers: await as(testUser, 'GET', '/api/orders'),
    });
    expect(forStranger.json()).toEqual([]);
  });
});

describe('PUT /api/orders/{id}', () => {
  async function put(id: number, payload: unknown, headers?: Record<string, string>) {
    return stack.catalog.app.inject({
      method: 'PUT',
      url: `/api/orders/${id}`,
      headers: headers ?? (await as(stack.admin, 'PUT', `/api/orders/${id}`)),
      payload: payload as object,
    });
  }

  it('sets any status of the list', async () => {
    const cap = await insertProduct(stack.catalog.db, { stock: 10 });
    const order = await placeOrder(cap.id, 1);
    for (const status of ['processing', 'paid', 'shipped', 'delivered', 'pending']) {
      const response = await put(order.id, { status });
      expect(response.statusCode, status).toBe(200);
      expect(response.json()).toMatchObject({ id: order.id, status });
    }
    expect(await stockOf(stack.catalog.db, cap.id)).toBe(9);
  });

  it('returns unshipped stock on cancel and takes it again when the order is revived', async () => {
    const cap = await insertProduct(stack.catalog.db, { stock: 5 });
    const order = await placeOrder(cap.id, 3);
    expect(await stockOf(stack.catalog.db, cap.id)).toBe(2);
    expect((await put(order.id, { status: 'cancelled' })).statusCode).toBe(200);
    expect(await stockOf(stack.catalog.db, cap.id)).toBe(5);
    expect((await put(order.id, { status: 'cancelled' })).statusCode).toBe(200);
    expect(await stockOf(stack.catalog.db, cap.id)).toBe(5);

    await placeOrder(cap.id, 4);
    const short = await put(order.id, { status: 'pending' });
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({ code: 'out_of_stock' });
    expect(await stockOf(stack.catalog.db, cap.id)).toBe(1);

    await stack.catalog.db.updateTable('products').set({ stock: 10 }).where('id', '=', cap.id).execute();
    expect((await put(order.id, { status: 'processing' })).statusCode).toBe(200);
    expect(await stockOf(stack.catalog.db, cap.id)).toBe(7);
  });

  it('keeps shipped goods out of stock when a shipped order is cancelled', async () => {
    const cap = await insertProduct(stack.catalog.db, { stock: 5 });
    const order = await placeOrder(cap.id, 2);
    await put(order.id, { status: 'shipped' });
    await put(order.id, { status: 'cancelled' });
    await put(order.id, { status: 'delivered' });
    expect(await stockOf(stack.catalog.db, cap.id)).toBe(3);
  });

  it('answers 404, 400, 401 and 403', async () => {
    const cap = await insertProduct(stack.catalog.db);
    const order = await placeOrder(cap.id, 1);
    expect((await put(999999, { status: 'paid' })).statusCode).toBe(404);
    expect((await put(99_999_999_999, { status: 'paid' })).statusCode).toBe(400);
    expect((await put(order.id, { status: 'refunded' })).statusCode).toBe(400);
    expect((await put(order.id, {})).statusCode).toBe(400);
    expect((await put(order.id, { status: 'paid' }, {})).statusCode).toBe(401);
    expect(
      (await put(order.id, { status: 'paid' }, await as(stack.customer, 'PUT', `/api/orders/${order.id}`)))
        .statusCode,
    ).toBe(403);
  });
});

describe('DELETE /api/orders/{id}', () => {
  async function del(id: number, headers?: Record<string, string>) {
    return stack.catalog.app.inject({
      method: 'DELETE',
      url: `/api/orders/${id}`,
      headers: headers ?? (await as(stack.admin, 'DELETE', `/api/orders/${id}`)),
    });
  }

  it('deletes the order and its lines, returning stock it held and never shipped', async () => {
    const cap = await insertProduct(stack.catalog.db, { stock: 6 });
    const pending = await placeOrder(cap.id, 2);
    const shipped = await placeOrder(cap.id, 1);
    await stack.catalog.app.inject({
      method: 'PUT',
      url: `/api/orders/${shipped.id}`,
      headers: await as(stack.admin, 'PUT', `/api/orders/${shipped.id}`),
      payload: { status: 'shipped' },
    });
    expect(await stockOf(stack.catalog.db, cap.id)).toBe(3);

    expect((await del(pending.id, {})).statusCode).toBe(401);
    expect(
      (await del(pending.id, await as(stack.customer, 'DELETE', `/api/orders/${pending.id}`))).statusCode,
    ).toBe(403);
    const deleted = await del(pending.id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id: pending.id, message: 'Order deleted' });
    expect(await stockOf(stack.catalog.db, cap.id)).toBe(5);
    expect((await del(shipped.id)).statusCode).toBe(200);
    expect(await stockOf(stack.catalog.db, cap.id)).toBe(5);

    const lines = await stack.catalog.db
      .selectFrom('orderItems')
      .select('id')
      .where('orderId', 'in', [pending.id, shipped.id])
      .execute();
    expect(lines).toEqual([]);
    expect((await del(pending.id)).statusCode).toBe(404);
  });
});
