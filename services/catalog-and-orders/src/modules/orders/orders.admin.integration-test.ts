import type { AuditEntry } from '@jesus-walks/contracts/audit';
import type { Identity } from '@jesus-walks/contracts/common';
import {
  AdminOrderSchema,
  AdminOrdersPageSchema,
  OrderStatsSchema,
  type OrderStatus,
  OrderStatusViewSchema,
  ShipmentResultSchema,
} from '@jesus-walks/contracts/orders';
import { queuedMailFor } from '@jesus-walks/test-kit/jobs';
import { internalHeader } from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  caller: Identity | null = stack.admin,
) {
  return stack.catalog.app.inject({
    method,
    url,
    headers: caller ? await as(caller, method, url) : {},
    ...(payload ? { payload } : {}),
  });
}

/** The activity record of this service about one target, newest first (its internal route). */
async function auditOf(targetType: string, targetId: number): Promise<AuditEntry[]> {
  const response = await stack.catalog.app.inject({
    url: `/internal/audit-log/catalog-and-orders?targetType=${targetType}&targetId=${targetId}`,
    headers: internalHeader,
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { entries: AuditEntry[] }).entries;
}

async function auditCount(): Promise<number> {
  const row = await stack.catalog.db
    .selectFrom('auditLog')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function manualOrder(productId: number, quantity: number) {
  const response = await call('POST', '/api/admin/create-order', {
    userId: stack.customer.id,
    items: [{ productId, quantity }],
    shippingAddress: address,
    status: 'pending',
  });
  expect(response.statusCode).toBe(201);
  return AdminOrderSchema.parse(response.json());
}

/** A paid order as checkout leaves it (straight into the table: what matters here is after it). */
async function paidOrder(
  productId: number,
  values: {
    quantity?: number;
    customerEmail?: string | null;
    status?: OrderStatus;
    userId?: number;
    testMode?: boolean;
  } = {},
) {
  const quantity = values.quantity ?? 1;
  await stack.catalog.db
    .updateTable('products')
    .set((eb) => ({ stock: eb('stock', '-', quantity) }))
    .where('id', '=', productId)
    .execute();
  const order = await stack.catalog.db
    .insertInto('orders')
    .values({
      userId: values.userId ?? null,
      status: values.status ?? 'paid',
      total: '24.50',
      shippingCost: '0.00',
      shippingAddress: address,
      customerEmail: values.customerEmail === undefined ? 'gail@example.com' : values.customerEmail,
      customerName: 'Gail Guest',
      paymentMethod: 'stripe',
      stockHeld: true,
      testMode: values.testMode ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await stack.catalog.db
    .insertInto('orderItems')
    .values({ orderId: order.id, productId, quantity, price: '24.50' })
    .execute();
  return order.id;
}

describe('activity record of order mutations', () => {
  it('records a manual order with its customer, items and total, by the admin who made it', async () => {
    const cap = await insertProduct(stack.catalog.db, { name: 'Record Cap', price: '24.50', stock: 5 });
    const order = await manualOrder(cap.id, 2);
    expect(order).toMatchObject({ customerName: 'Carol Reyes', customerEmail: 'carol@example.com' });
    const [entry, ...more] = await auditOf('order', order.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      service: 'catalog-and-orders',
      actor: { id: stack.admin.id, username: stack.admin.username },
      action: 'order.created_manually',
      target: { type: 'order', id: String(order.id), label: `Order #${order.id}` },
      summary: `Created manual order #${order.id} for carol: 2 x Record Cap ($49.00)`,
      changes: {
        customer: { from: null, to: { id: stack.customer.id, username: 'carol' } },
        items: { from: null, to: [{ productId: cap.id, name: 'Record Cap', quantity: 2, price: '24.50' }] },
        total: { from: null, to: '49.00' },
      },
    });
  });

  it('records nothing for a manual order that fails', async () => {
    const cap = await insertProduct(stack.catalog.db, { stock: 1 });
    const before = await auditCount();
    const short = await call('POST', '/api/admin/create-order', {
      userId: stack.customer.id,
      items: [{ productId: cap.id, quantity: 2 }],
      shippingAddress: address,
    });
    expect(short.statusCode).toBe(409);
    expect(await auditCount()).toBe(before);
  });

  it('records a status change from and to, nothing for the same status or a refused change', async () => {
    const cap = await insertProduct(stack.catalog.db, { stock: 3 });
    const order = await manualOrder(cap.id, 2);
    expect((await call('PUT', `/api/orders/${order.id}`, { status: 'processing' })).statusCode).toBe(200);
    expect((await call('PUT', `/api/orders/${order.id}`, { status: 'processing' })).statusCode).toBe(200);
    expect((await call('PUT', `/api/orders/${order.id}`, { status: 'cancelled' })).statusCode).toBe(200);
    // Someone else takes the stock; reviving the order is refused and leaves no record.
    await manualOrder(cap.id, 2);
    const refused = await call('PUT', `/api/orders/${order.id}`, { status: 'pending' });
    expect(refused.statusCode).toBe(409);

    const entries = await auditOf('order', order.id);
    expect(entries.map((entry) => [entry.action, entry.changes?.status])).toEqual([
      ['order.status_changed', { from: 'processing', to: 'cancelled' }],
      ['order.status_changed', { from: 'pending', to: 'processing' }],
      ['order.created_manually', { from: null, to: 'pending' }],
    ]);
    expect(entries[0]?.summary).toBe(`Changed order #${order.id} from processing to cancelled`);
    expect(entries[0]?.actor).toEqual({ id: stack.admin.id, username: stack.admin.username });
  });

  it('records a deleted order; an unknown one records nothing', async () => {
    const cap = await insertProduct(stack.catalog.db, { stock: 3 });
    const order = await manualOrder(cap.id, 1);
    expect((await call('DELETE', `/api/orders/${order.id}`)).statusCode).toBe(200);
    const [entry] = await auditOf('order', order.id);
    expect(entry).toMatchObject({
      action: 'order.deleted',
      summary: `Deleted order #${order.id} (pending, $24.50)`,
      changes: { status: { from: 'pending', to: null }, total: { from: '24.50', to: null } },
    });
    const before = await auditCount();
    expect((await call('DELETE', `/api/orders/${order.id}`)).statusCode).toBe(404);
    expect(await auditCount()).toBe(before);
  });
});

describe('PUT /api/admin/orders/{id}/shipment', () => {
  it('ships the order with its tracking, e-mails the customer in the same step and fills the status page', async () => {
    const cap = await insertProduct(stack.catalog.db, { name: 'Ship Cap', stock: 5 });
    const id = await paidOrder(cap.id, { customerEmail: 'ship-guest@example.com' });
    const response = await call('PUT', `/api/admin/orders/${id}/shipment`, {
      trackingNumber: ' 1Z999AA10123456784 ',
      carrier: 'UPS',
      estimatedDeliveryDate: '2030-07-04',
    });
    expect(response.statusCode).toBe(200);
    const result = ShipmentResultSchema.parse(response.json());
    expect(result).toMatchObject({
      customerNotified: true,
      order: {
        id,
        status: 'shipped',
        trackingNumber: '1Z999AA10123456784',
        carrier: 'UPS',
        estimatedDeliveryDate: '2030-07-04T19:00:00.000Z',
      },
    });
    expect(await stockOf(stack.catalog.db, cap.id)).toBe(4);

    const [mail, ...moreMail] = await queuedMailFor(stack.catalog.db, 'ship-guest@example.com');
    expect(moreMail).toEqual([]);
    expect(mail?.subject).toBe(`Order #${id} has shipped`);
    expect(mail?.text).toContain('Hi Gail Guest,');
    expect(mail?.text).toContain('1 x Ship Cap');
    expect(mail?.text).toContain('Tracking number (UPS): 1Z999AA10123456784');
    expect(mail?.text).toContain('Estimated delivery: Thursday, July 4, 2030');
    const token = /\/orders\/status\?token=(\S+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();
    const page = await stack.catalog.app.inject({ url: `/api/orders/status?token=${token}` });
    expect(OrderStatusViewSchema.parse(page.json())).toMatchObject({
      status: 'shipped',
      trackingNumber: '1Z999AA10123456784',
      carrier: 'UPS',
      estimatedDeliveryDate: '2030-07-04T19:00:00.000Z',
    });

    const [entry] = await auditOf('order', id);
    expect(entry).toMatchObject({
      action: 'order.shipment_set',
      actor: { id: stack.admin.id },
      summary: `Shipped order #${id} with tracking number 1Z999AA10123456784 (UPS)`,
      changes: {
        status: { from: 'paid', to: 'shipped' },
        trackingNumber: { from: null, to: '1Z999AA10123456784' },
        carrier: { from: null, to: 'UPS' },
        estimatedDeliveryDate: { from: null, to: '2030-07-04' },
      },
    });

    // The same details again: nothing changes, nobody is e-mailed twice, nothing more is recorded.
    const again = await call('PUT', `/api/admin/orders/${id}/shipment`, {
      trackingNumber: '1Z999AA10123456784',
      carrier: 'UPS',
      estimatedDeliveryDate: '2030-07-04',
    });
    expect(again.json()).toMatchObject({ customerNotified: false, order: { status: 'shipped' } });
    expect(await queuedMailFor(stack.catalog.db, 'ship-guest@example.com')).toHaveLength(1);
    expect(await auditOf('order', id)).toHaveLength(1);

    // A corrected number is news: recorded and sent.
    const corrected = await call('PUT', `/api/admin/orders/${id}/shipment`, { trackingNumber: '9400111' });
    expect(corrected.json()).toMatchObject({
      customerNotified: true,
      order: { trackingNumber: '9400111', carrier: null, estimatedDeliveryDate: null },
    });
    expect(await queuedMailFor(stack.catalog.db, 'ship-guest@example.com')).toHaveLength(2);
  });

  it("e-mails a member's manual order at the member's address", async () => {
    const cap = await insertProduct(stack.catalog.db, { stock: 5 });
    const order = await manualOrder(cap.id, 1);
    const before = (await queuedMailFor(stack.catalog.db, 'carol@example.com')).length;
    const response = await call('PUT', `/api/admin/orders/${order.id}/shipment`, { trackingNumber: 'TRK-1' });
    expect(response.json()).toMatchObject({ customerNotified: true, order: { status: 'shipped' } });
    const mail = await queuedMailFor(stack.catalog.db, 'carol@example.com');
    expect(mail).toHaveLength(before + 1);
    expect(mail.map((message) => message.subject)).toContain(`Order #${order.id} has shipped`);
  });

  it("asks identity for a member's e-mail when the order carries none", async () => {
    const cap = await insertProduct(stack.catalog.db, { stock: 5 });
    const id = await paidOrder(cap.id, { customerEmail: null, userId: stack.customer.id });
    const before = (await queuedMailFor(stack.catalog.db, 'carol@example.com')).length;
    const response = await call('PUT', `/api/admin/orders/${id}/shipment`, { trackingNumber: 'TRK-2' });
    expect(response.json()).toMatchObject({ customerNotified: true });
    expect(await queuedMailFor(stack.catalog.db, 'carol@example.com')).toHaveLength(before + 1);
  });

  it('refuses a cancelled or delivered order (409), an unknown one (404) and bad input (400), recording nothing', async () => {
    const cap = await insertProduct(stack.catalog.db, { stock: 5 });
    const cancelled = await paidOrder(cap.id, { status: 'cancelled' });
    const delivered = await paidOrder(cap.id, { status: 'delivered' });
    const paid = await paidOrder(cap.id);
    const before = await auditCount();
    const toCancelled = await call('PUT', `/api/admin/orders/${cancelled}/shipment`, {
      trackingNumber: 'X1',
    });
    expect(toCancelled.statusCode).toBe(409);
    expect(toCancelled.json()).toEqual({ message: 'A cancelled order cannot be shipped', code: 'conflict' });
    const toDelivered = await call('PUT', `/api/admin/orders/${delivered}/shipment`, {
      trackingNumber: 'X1',
    });
    expect(toDelivered.statusCode).toBe(409);
    expect(
      (await call('PUT', '/api/admin/orders/999999/shipment', { trackingNumber: 'X1' })).statusCode,
    ).toBe(404);
    const blank = await call('PUT', `/api/admin/orders/${paid}/shipment`, { trackingNumber: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({
      issues: [{ path: ['body', 'trackingNumber'], message: 'Tracking number is required' }],
    });
    const badDay = await call('PUT', `/api/admin/orders/${paid}/shipment`, {
      trackingNumber: 'X1',
      estimatedDeliveryDate: '2030-02-30',
    });
    expect(badDay.statusCode).toBe(400);
    expect(
      (await call('PUT', `/api/admin/orders/${paid}/shipment`, { trackingNumber: 'X1' }, stack.customer))
        .statusCode,
    ).toBe(403);
    expect(await auditCount()).toBe(before);
  });
});

describe('POST /internal/orders/{id}/cancel', () => {
  const actor = () => ({ id: stack.admin.id, username: stack.admin.username });
  function cancel(id: number, payload: object = { reason: 'Customer asked', actor: actor() }) {
    return stack.catalog.app.inject({
      method: 'POST',
      url: `/internal/orders/${id}/cancel`,
      headers: internalHeader,
      payload,
    });
  }

  it('cancels a paid order with its reason, returns its stock and records the admin payments names', async () => {
    const cap = await insertProduct(stack.catalog.db, { stock: 5 });
    const id = await paidOrder(cap.id, { quantity: 2 });
    expect(await stockOf(stack.catalog.db, cap.id)).toBe(3);
    const response = await cancel(id);
    expect(response.statusCode).toBe(200);
    expect(AdminOrderSchema.parse(response.json())).toMatchObject({
      id,
      status: 'cancelled',
      cancellationReason: 'Customer asked',
    });
    expect(await stockOf(stack.catalog.db, cap.id)).toBe(5);
    const [entry, ...more] = await auditOf('order', id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actor: actor(),
      action: 'order.cancelled_for_refund',
      summary: `Cancelled order #${id} for a refund: Customer asked`,
      changes: { status: { from: 'paid', to: 'cancelled' } },
    });

    // Asked again (payments retries): the same answer, the stock not returned twice, no new record.
    const again = await cancel(id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id, status: 'cancelled' });
    expect(await stockOf(stack.catalog.db, cap.id)).toBe(5);
    expect(await auditOf('order', id)).toHaveLength(1);
  });

  it('cancels a processing order too', async () => {
    const cap = await insertProduct(stack.catalog.db, { stock: 5 });
    const id = await paidOrder(cap.id, { status: 'processing' });
    expect((await cancel(id)).json()).toMatchObject({ status: 'cancelled' });
    expect(await stockOf(stack.catalog.db, cap.id)).toBe(5);
  });

  it('answers 409 once shipped or delivered, 404 unknown, 400 without a reason or the internal token', async () => {
    const cap = await insertProduct(stack.catalog.db, { stock: 5 });
    const shipped = await paidOrder(cap.id, { status: 'shipped' });
    const delivered = await paidOrder(cap.id, { status: 'delivered' });
    const before = await auditCount();
    const refused = await cancel(shipped);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'This order has already shipped: it cannot be cancelled',
      code: 'conflict',
    });
    expect((await cancel(delivered)).statusCode).toBe(409);
    expect(await stockOf(stack.catalog.db, cap.id)).toBe(3);
    expect((await cancel(999999)).statusCode).toBe(404);
    expect((await cancel(shipped, { reason: '', actor: actor() })).statusCode).toBe(400);
    const outsider = await stack.catalog.app.inject({
      method: 'POST',
      url: `/internal/orders/${shipped}/cancel`,
      payload: { reason: 'x', actor: actor() },
    });
    expect(outsider.statusCode).toBe(401);
    expect(await auditCount()).toBe(before);
  });
});

describe('GET /api/admin/orders', () => {
  it("lists newest first with items and the customer's username, filtered and paged", async () => {
    const cap = await insertProduct(stack.catalog.db, { name: 'List Cap', stock: 50 });
    const first = await manualOrder(cap.id, 1);
    const second = await manualOrder(cap.id, 2);
    const guest = await paidOrder(cap.id, { customerEmail: 'Findable.Guest@Example.com' });

    const response = await call('GET', `/api/admin/orders?pageSize=2&userId=${stack.customer.id}`);
    expect(response.statusCode).toBe(200);
    const page = AdminOrdersPageSchema.parse(response.json());
    expect(page.page).toBe(1);
    expect(page.pageSize).toBe(2);
    expect(page.items.map((order) => order.id)).toEqual([second.id, first.id]);
    expect(page.items[0]).toMatchObject({
      customerUsername: 'carol',
      items: [{ productId: cap.id, name: 'List Cap', quantity: 2 }],
    });

    const byEmail = AdminOrdersPageSchema.parse(
      (await call('GET', '/api/admin/orders?q=findable.guest')).json(),
    );
    expect(byEmail.items.map((order) => order.id)).toEqual([guest]);
    expect(byEmail.items[0]?.customerUsername).toBeNull();
    const byId = AdminOrdersPageSchema.parse(
      (await call('GET', `/api/admin/orders?q=%23${first.id}`)).json(),
    );
    expect(byId.items.map((order) => order.id)).toEqual([first.id]);
    const wildcard = AdminOrdersPageSchema.parse((await call('GET', '/api/admin/orders?q=%25')).json());
    expect(wildcard.total).toBe(0);
  });

  it('answers 400 for bad filters, 401 anonymous and 403 for a member', async () => {
    for (const query of [
      'status=refunded',
      'from=2030-13-01',
      'from=2030-05-02&to=2030-05-01',
      'page=0',
      'pageSize=101',
      'userId=abc',
    ]) {
      const response = await call('GET', `/api/admin/orders?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    expect((await call('GET', '/api/admin/orders', undefined, null)).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/orders', undefined, stack.customer)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/orders.csv', undefined, stack.customer)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/orders/stats', undefined, stack.customer)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/orders/stats?days=0')).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/orders/stats?days=366')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/orders.csv', () => {
  it('exports the matching orders with items summarised and formulas defused', async () => {
    const cap = await insertProduct(stack.catalog.db, { name: '=Danger Cap', stock: 50 });
    const id = await paidOrder(cap.id, { quantity: 3, customerEmail: '+csv@example.com' });
    const response = await call('GET', '/api/admin/orders.csv?q=%2Bcsv%40example.com');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="orders.csv"');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Order ID,Created (Pacific Time),Status,User ID,Customer,Email,Items,Item Count,Shipping,Total,Payment Method,Test Mode,Tracking Number,Carrier,Estimated Delivery,Shipping Address',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      new RegExp(
        `^${id},\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2},paid,,Gail Guest,'\\+csv@example.com,3 x =Danger Cap,3,0.00,24.50,stripe,no,,,,`,
      ),
    );
    expect(lines[1]).toContain('"Carol Reyes, 1 Vine St, Napa, CA, 94559, N/A"');
  });
});

describe('GET /api/admin/orders/stats', () => {
  it('counts orders and products and adds up the revenue of paid-like orders, per valley day with zeros', async () => {
    const before = OrderStatsSchema.parse((await call('GET', '/api/admin/orders/stats?days=7')).json());
    expect(before.days).toBe(7);
    expect(before.perDay).toHaveLength(7);
    const cap = await insertProduct(stack.catalog.db, { stock: 50 });
    await paidOrder(cap.id);
    await paidOrder(cap.id, { status: 'pending' });
    await paidOrder(cap.id, { status: 'cancelled' });
    const after = OrderStatsSchema.parse((await call('GET', '/api/admin/orders/stats?days=7')).json());
    expect(after.totalOrders).toBe(before.totalOrders + 3);
    expect(after.totalProducts).toBe(before.totalProducts + 1);
    const cents = (text: string) => Math.round(Number(text) * 100);
    expect(cents(after.revenue) - cents(before.revenue)).toBe(2450);
    const today = after.perDay.at(-1);
    const todayBefore = before.perDay.at(-1);
    expect(today?.orders).toBe((todayBefore?.orders ?? 0) + 3);
    expect(cents(today?.revenue ?? '0') - cents(todayBefore?.revenue ?? '0')).toBe(2450);
    expect(after.perDay.slice(0, 6).every((day) => day.orders === 0 && day.revenue === '0.00')).toBe(true);
  });
});

describe('orders paid in test mode (the sandbox)', () => {
  const cents = (text: string) => Math.round(Number(text) * 100);

  it('leaves them out of the orders, the revenue and the chart, counting them apart', async () => {
    const before = OrderStatsSchema.parse((await call('GET', '/api/admin/orders/stats?days=7')).json());
    const cap = await insertProduct(stack.catalog.db, { stock: 50 });
    await paidOrder(cap.id);
    await paidOrder(cap.id, { testMode: true });
    await paidOrder(cap.id, { testMode: true, status: 'shipped' });
    await paidOrder(cap.id, { testMode: true, status: 'cancelled' });
    const after = OrderStatsSchema.parse((await call('GET', '/api/admin/orders/stats?days=7')).json());
    expect(after.totalOrders).toBe(before.totalOrders + 1);
    expect(cents(after.revenue) - cents(before.revenue)).toBe(2450);
    expect(after.perDay.at(-1)?.orders).toBe((before.perDay.at(-1)?.orders ?? 0) + 1);
    expect(cents(after.perDay.at(-1)?.revenue ?? '0') - cents(before.perDay.at(-1)?.revenue ?? '0')).toBe(
      2450,
    );
    expect(after.testMode.count).toBe(before.testMode.count + 3);
    expect(cents(after.testMode.revenue) - cents(before.testMode.revenue)).toBe(2 * 2450);
  });

  it('marks them in the list, the CSV and the activity record; a manual order never is one', async () => {
    const cap = await insertProduct(stack.catalog.db, { stock: 50 });
    const email = 'sandbox-buyer@example.com';
    const testId = await paidOrder(cap.id, { testMode: true, customerEmail: email });
    const realId = await paidOrder(cap.id, { customerEmail: email });
    const manual = await manualOrder(cap.id, 1);
    expect(manual.testMode).toBe(false);

    const list = AdminOrdersPageSchema.parse(
      (await call('GET', `/api/admin/orders?q=${encodeURIComponent(email)}`)).json(),
    );
    expect(list.items.map((order) => [order.id, order.testMode])).toEqual([
      [realId, false],
      [testId, true],
    ]);

    const csv = (await call('GET', `/api/admin/orders.csv?q=${encodeURIComponent(email)}`)).body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const header = csv[0]?.split(',') ?? [];
    const column = header.indexOf('Test Mode');
    expect(column).toBeGreaterThan(0);
    const testModeOf = (id: number) => csv.find((line) => line.startsWith(`${id},`))?.split(',')[column];
    expect(testModeOf(testId)).toBe('yes');
    expect(testModeOf(realId)).toBe('no');

    expect((await call('PUT', `/api/orders/${testId}`, { status: 'processing' })).statusCode).toBe(200);
    expect((await call('PUT', `/api/orders/${realId}`, { status: 'processing' })).statusCode).toBe(200);
    expect((await auditOf('order', testId))[0]?.target.label).toBe(`Order #${testId} (test mode)`);
    expect((await auditOf('order', realId))[0]?.target.label).toBe(`Order #${realId}`);
  });
});
