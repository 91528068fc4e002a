import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AdminOrderSchema, OrderStatusViewSchema, QuoteSchema } from '@jesus-walks/contracts/orders';
import { type FulfilBody, FulfilmentSchema, ReleaseResultSchema } from '@jesus-walks/contracts/payable';
import { jobsOf, queuedMailFor, waitForJobs } from '@jesus-walks/test-kit/jobs';
import { internalHeader, startTestService } from '@jesus-walks/test-kit/test-service';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { seed } from '../../db/seed';
import { service } from '../../service';
import {
  as,
  type CatalogWithIdentity,
  generousHoldLimits,
  insertProduct,
  startCatalogWithIdentity,
  stockOf,
  testHolder,
} from '../../testing/catalog-test-service.testing';
import { ORDER_CONFIRMATION_QUEUE, STOCK_GONE_REASON } from './order-fulfilment.service';

let stack: CatalogWithIdentity;
let groundId: number;

beforeAll(async () => {
  stack = await startCatalogWithIdentity();
  await seed(stack.catalog.db);
  const ground = await stack.catalog.db
    .selectFrom('shippingMethods')
    .select('id')
    .where('serviceCode', '=', 'usps_ground')
    .executeTakeFirstOrThrow();
  groundId = ground.id;
});
afterAll(() => stack?.close());

const napa = { country: 'US', state: 'CA', postalCode: '94559' };
const address = {
  fullName: 'Gail Guest',
  street: '1 Vine St',
  city: 'Napa',
  state: 'CA',
  zipCode: '94559',
  country: 'US',
};

async function quoteFor(items: Array<{ productId: number; quantity: number }>) {
  const response = await stack.catalog.app.inject({
    method: 'POST',
    url: '/internal/quotes',
    headers: internalHeader,
    payload: { items, destination: napa, shippingMethodId: groundId, holder: testHolder },
  });
  expect(response.statusCode).toBe(201);
  return QuoteSchema.parse(response.json());
}

function fulfilBody(total: string, extra: Partial<FulfilBody> = {}): FulfilBody {
  return {
    paymentId: randomUUID(),
    amountPaid: total,
    paymentMethod: 'stripe',
    buyer: { userId: null, email: `guest-${randomUUID()}@example.com`, fullName: 'Gail Guest', phone: null },
    shippingAddress: address,
    testMode: false,
    ...extra,
  };
}

function fulfil(quoteId: string, body: unknown) {
  return stack.catalog.app.inject({
    method: 'POST',
    url: `/internal/quotes/${quoteId}/fulfil`,
    headers: internalHeader,
    payload: body as object,
  });
}

/** The confirmations queued for this address, once the confirmation jobs have run. */
async function confirmationsTo(email: string) {
  await waitForJobs(stack.catalog.db, { names: [ORDER_CONFIRMATION_QUEUE] });
  return queuedMailFor(stack.catalog.db, email);
}

function release(quoteId: string) {
  return stack.catalog.app.inject({
    method: 'POST',
    url: `/internal/quotes/${quoteId}/release`,
    headers: internalHeader,
  });
}

function statusPage(token: string) {
  return stack.catalog.app.inject({ url: `/api/orders/status?token=${encodeURIComponent(token)}` });
}

async function reservationsOf(quoteId: string) {
  return stack.catalog.db
    .selectFrom('stockReservations')
    .select(['productId', 'quantity', 'consumedAt'])
    .where('quoteId', '=', quoteId)
    .execute();
}

async function ordersOfPayment(paymentId: string) {
  return stack.catalog.db.selectFrom('orders').selectAll().where('paymentId', '=', paymentId).execute();
}

async function lapse(quoteId: string) {
  await stack.catalog.db
    .updateTable('stockReservations')
    .set({ expiresAt: sql<Date>`now() - interval '1 second'` })
    .where('quoteId', '=', quoteId)
    .execute();
}

describe('POST /internal/quotes/{quoteId}/fulfil', () => {
  it('creates one paid order at the quoted prices, takes the stock, consumes the reservation and queues the confirmation', async () => {
    const tee = await insertProduct(stack.catalog.db, { name: 'Trail Tee', price: '25.00', stock: 10 });
    const cap = await insertProduct(stack.catalog.db, { name: 'Trail Cap', price: '12.50', stock: 4 });
    const quote = await quoteFor([
      { productId: tee.id, quantity: 1 },
      { productId: cap.id, quantity: 2 },
      { productId: tee.id, quantity: 1 },
    ]);
    expect(quote).toMatchObject({ subtotal: '75.00', shipping: '9.99', total: '84.99' });
    // The catalog changes after quoting: the buyer still pays, and gets, the quoted prices.
    await stack.catalog.db.updateTable('products').set({ price: '99.00' }).where('id', '=', tee.id).execute();

    const body = fulfilBody('84.99', { paymentMethod: 'square' });
    const response = await fulfil(quote.quoteId, body);
    expect(response.statusCode).toBe(200);
    const fulfilment = FulfilmentSchema.parse(response.json());
    expect(fulfilment).toMatchObject({ outcome: 'fulfilled', status: 'paid', total: '84.99', reason: null });

    const [order, ...others] = await ordersOfPayment(body.paymentId);
    expect(others).toEqual([]);
    expect(order).toMatchObject({
      id: fulfilment.recordId,
      userId: null,
      status: 'paid',
      total: '84.99',
      shippingCost: '9.99',
      shippingMethodId: groundId,
      shippingMethodName: 'USPS Ground',
      paymentMethod: 'square',
      customerEmail: body.buyer.email,
      customerName: 'Gail Guest',
      quoteId: quote.quoteId,
      stockHeld: true,
      cancellationReason: null,
    });
    const days = ((order?.estimatedDeliveryDate?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.9);
    expect(days).toBeLessThanOrEqual(3);
    const items = await stack.catalog.db
      .selectFrom('orderItems')
      .select(['productId', 'quantity', 'price'])
      .where('orderId', '=', fulfilment.recordId)
      .orderBy('id')
      .execute();
    expect(items).toEqual([
      { productId: tee.id, quantity: 2, price: '25.00' },
      { productId: cap.id, quantity: 2, price: '12.50' },
    ]);
    expect(await stockOf(stack.catalog.db, tee.id)).toBe(8);
    expect(await stockOf(stack.catalog.db, cap.id)).toBe(2);
    const reservations = await reservationsOf(quote.quoteId);
    expect(reservations).toHaveLength(2);
    for (const reservation of reservations) expect(reservation.consumedAt).toBeInstanceOf(Date);

    const [mail, ...moreMail] = await confirmationsTo(body.buyer.email as string);
    expect(moreMail).toEqual([]);
    expect(mail?.subject).toBe(`Order #${fulfilment.recordId} confirmed`);
    for (const line of [
      'Hi Gail Guest,',
      '2 x Trail Tee at $25.00 = $50.00',
      '2 x Trail Cap at $12.50 = $25.00',
      'Subtotal: $75.00',
      'Shipping (USPS Ground): $9.99',
      'Total: $84.99',
      'Shipping to: Gail Guest, 1 Vine St, Napa, CA, 94559, US',
      'Estimated delivery: 3 days',
    ]) {
      expect(mail?.text).toContain(line);
    }
    const link = /(http:\/\/localhost:3000\/orders\/status\?token=\S+)/.exec(mail?.text ?? '')?.[1];
    expect(link).toBeDefined();
    const token = new URL(link as string).searchParams.get('token') as string;

    const page = await statusPage(token);
    expect(page.statusCode).toBe(200);
    expect(OrderStatusViewSchema.parse(page.json())).toMatchObject({
      id: fulfilment.recordId,
      status: 'paid',
      items: [
        { productId: tee.id, name: 'Trail Tee', quantity: 2, price: '25.00' },
        { productId: cap.id, name: 'Trail Cap', quantity: 2, price: '12.50' },
      ],
      subtotal: '75.00',
      shippingCost: '9.99',
      total: '84.99',
      shippingAddress: address,
      shippingMethod: 'USPS Ground',
      trackingNumber: null,
      cancelReason: null,
    });

    // Admins see the paid order in their list.
    const list = await stack.catalog.app.inject({
      url: '/api/orders',
      headers: await as(stack.admin, 'GET', '/api/orders'),
    });
    const listed = z
      .array(AdminOrderSchema)
      .parse(list.json())
      .find((row) => row.id === fulfilment.recordId);
    expect(listed).toMatchObject({ status: 'paid', total: '84.99', shippingCost: '9.99' });

    // The same payment again: the same order, nothing taken twice, no second e-mail.
    const again = await fulfil(quote.quoteId, body);
    expect(FulfilmentSchema.parse(again.json())).toEqual(fulfilment);
    expect(await stockOf(stack.catalog.db, tee.id)).toBe(8);
    expect(await confirmationsTo(body.buyer.email as string)).toHaveLength(1);
  });

  it('answers 422 when the amount paid is not the quote total, and creates nothing', async () => {
    const mug = await insertProduct(stack.catalog.db, { name: 'Camp Mug', price: '16.00', stock: 3 });
    const quote = await quoteFor([{ productId: mug.id, quantity: 1 }]);
    const body = fulfilBody('25.98');
    const response = await fulfil(quote.quoteId, body);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'business_rule' });
    expect(await ordersOfPayment(body.paymentId)).toEqual([]);
    expect(await stockOf(stack.catalog.db, mug.id)).toBe(3);
    expect((await reservationsOf(quote.quoteId))[0]?.consumedAt).toBeNull();
    expect(await confirmationsTo(body.buyer.email as string)).toEqual([]);
  });

  it('answers 404 for an unknown quote and 400 for a malformed body', async () => {
    expect((await fulfil(randomUUID(), fulfilBody('1.00'))).statusCode).toBe(404);
    expect((await fulfil('not-a-uuid', fulfilBody('1.00'))).statusCode).toBe(400);
    expect((await fulfil(randomUUID(), { ...fulfilBody('1.00'), amountPaid: '1' })).statusCode).toBe(400);
  });

  it('makes exactly one order of 10 concurrent fulfilments of one payment', async () => {
    const socks = await insertProduct(stack.catalog.db, { name: 'Trail Socks', price: '9.00', stock: 5 });
    const quote = await quoteFor([{ productId: socks.id, quantity: 2 }]);
    const body = fulfilBody(quote.total);
    const answers = await Promise.all(Array.from({ length: 10 }, () => fulfil(quote.quoteId, body)));
    const fulfilments = answers.map((answer) => FulfilmentSchema.parse(answer.json()));
    expect(new Set(fulfilments.map((fulfilment) => fulfilment.recordId)).size).toBe(1);
    for (const fulfilment of fulfilments)
      expect(fulfilment).toMatchObject({ outcome: 'fulfilled', status: 'paid' });
    expect(await ordersOfPayment(body.paymentId)).toHaveLength(1);
    expect(await stockOf(stack.catalog.db, socks.id)).toBe(3);
    expect(await confirmationsTo(body.buyer.email as string)).toHaveLength(1);
  });

  it('still takes the stock of a lapsed reservation when it is there', async () => {
    const hat = await insertProduct(stack.catalog.db, { name: 'Sun Hat', price: '30.00', stock: 2 });
    const quote = await quoteFor([{ productId: hat.id, quantity: 2 }]);
    await lapse(quote.quoteId);
    const response = await fulfil(quote.quoteId, fulfilBody(quote.total));
    expect(FulfilmentSchema.parse(response.json())).toMatchObject({ outcome: 'fulfilled', status: 'paid' });
    expect(await stockOf(stack.catalog.db, hat.id)).toBe(0);
  });

  it('records a lapsed quote whose stock is gone as cancelled and answers unfulfillable', async () => {
    const hoodie = await insertProduct(stack.catalog.db, { name: 'Hoodie', price: '45.00', stock: 1 });
    const late = await quoteFor([{ productId: hoodie.id, quantity: 1 }]);
    await lapse(late.quoteId);
    // Someone else quotes and pays for the last one meanwhile.
    const prompt = await quoteFor([{ productId: hoodie.id, quantity: 1 }]);
    expect(
      FulfilmentSchema.parse((await fulfil(prompt.quoteId, fulfilBody(prompt.total))).json()).outcome,
    ).toBe('fulfilled');

    const body = fulfilBody(late.total);
    const response = await fulfil(late.quoteId, body);
    expect(response.statusCode).toBe(200);
    const fulfilment = FulfilmentSchema.parse(response.json());
    expect(fulfilment).toMatchObject({
      outcome: 'unfulfillable',
      status: 'cancelled',
      total: '54.99',
      reason: STOCK_GONE_REASON,
    });
    expect(await stockOf(stack.catalog.db, hoodie.id)).toBe(0);
    expect(await ordersOfPayment(body.paymentId)).toMatchObject([
      { status: 'cancelled', stockHeld: false, cancellationReason: STOCK_GONE_REASON },
    ]);
    expect(await confirmationsTo(body.buyer.email as string)).toEqual([]);
    // Asked again, it is still the same recorded answer.
    expect(FulfilmentSchema.parse((await fulfil(late.quoteId, body)).json())).toEqual(fulfilment);
  });

  it("queues a guest's confirmation with the order, in its transaction, without a confirmation job", async () => {
    const mug = await insertProduct(stack.catalog.db, { name: 'Camp Mug', price: '14.00', stock: 3 });
    const quote = await quoteFor([{ productId: mug.id, quantity: 1 }]);
    const body = fulfilBody(quote.total);
    const fulfilment = FulfilmentSchema.parse((await fulfil(quote.quoteId, body)).json());
    // Read at once, no job waited for: the e-mail was queued as the order was written.
    const [order] = await ordersOfPayment(body.paymentId);
    expect(order?.confirmationQueuedAt).toBeInstanceOf(Date);
    const [mail, ...more] = await queuedMailFor(stack.catalog.db, body.buyer.email as string);
    expect(more).toEqual([]);
    expect(mail?.subject).toContain(`#${fulfilment.recordId}`);
    const confirmationJobs = (await jobsOf(stack.catalog.db, ORDER_CONFIRMATION_QUEUE)).filter(
      (job) => (job.data as { orderId: number }).orderId === fulfilment.recordId,
    );
    expect(confirmationJobs).toEqual([]);
  });

  it('takes a live reservation with the stock guard alone, and gives every line back when the stock was lowered under it', async () => {
    // The map first: its line is taken (lower id, locked first) before the poles' is refused.
    const map = await insertProduct(stack.catalog.db, { name: 'Valley Map', price: '6.00', stock: 5 });
    const poles = await insertProduct(stack.catalog.db, { name: 'Trekking Poles', price: '40.00', stock: 4 });
    const first = await quoteFor([{ productId: poles.id, quantity: 2 }]);
    const second = await quoteFor([
      { productId: map.id, quantity: 1 },
      { productId: poles.id, quantity: 2 },
    ]);
    // An admin lowers the poles' stock below what the two holds keep (4 held, 2 left).
    await stack.catalog.db.updateTable('products').set({ stock: 2 }).where('id', '=', poles.id).execute();

    // The first payer's hold is still live: the 2 there are theirs.
    expect(
      FulfilmentSchema.parse((await fulfil(first.quoteId, fulfilBody(first.total))).json()),
    ).toMatchObject({ outcome: 'fulfilled', status: 'paid' });
    expect(await stockOf(stack.catalog.db, poles.id)).toBe(0);

    // The second's map line was taken before the poles' guard refused: it is given back, and the
    // hold released, as for a lapsed reservation whose stock is gone.
    const body = fulfilBody(second.total);
    expect(FulfilmentSchema.parse((await fulfil(second.quoteId, body)).json())).toMatchObject({
      outcome: 'unfulfillable',
      status: 'cancelled',
      reason: STOCK_GONE_REASON,
    });
    expect(await stockOf(stack.catalog.db, map.id)).toBe(5);
    expect(await stockOf(stack.catalog.db, poles.id)).toBe(0);
    expect(await reservationsOf(second.quoteId)).toEqual([]);
    expect(await ordersOfPayment(body.paymentId)).toMatchObject([{ status: 'cancelled', stockHeld: false }]);
  });

  it('refuses a second payment of a quote already paid (refunded, never shipped twice)', async () => {
    const bottle = await insertProduct(stack.catalog.db, { name: 'Bottle', price: '8.00', stock: 10 });
    const quote = await quoteFor([{ productId: bottle.id, quantity: 1 }]);
    expect(
      FulfilmentSchema.parse((await fulfil(quote.quoteId, fulfilBody(quote.total))).json()).outcome,
    ).toBe('fulfilled');
    const second = FulfilmentSchema.parse((await fulfil(quote.quoteId, fulfilBody(quote.total))).json());
    expect(second).toMatchObject({ outcome: 'unfulfillable', status: 'cancelled' });
    expect(await stockOf(stack.catalog.db, bottle.id)).toBe(9);
  });

  it("confirms a member's order to their account e-mail, looked up from identity", async () => {
    const pack = await insertProduct(stack.catalog.db, { name: 'Day Pack', price: '60.00', stock: 2 });
    const quote = await quoteFor([{ productId: pack.id, quantity: 1 }]);
    const body = fulfilBody(quote.total, {
      buyer: { userId: stack.customer.id, email: null, fullName: 'Carol Reyes', phone: '(555) 123-4567' },
    });
    const fulfilment = FulfilmentSchema.parse((await fulfil(quote.quoteId, body)).json());
    const mail = await confirmationsTo('carol@example.com');
    expect(await ordersOfPayment(body.paymentId)).toMatchObject([
      {
        id: fulfilment.recordId,
        userId: stack.customer.id,
        customerEmail: 'carol@example.com',
        customerName: 'Carol Reyes',
        phoneNumber: '(555) 123-4567',
        status: 'paid',
      },
    ]);
    expect(mail.map((message) => message.subject)).toContain(`Order #${fulfilment.recordId} confirmed`);
    // The member sees it among their own orders.
    const mine = await stack.catalog.app.inject({
      url: '/api/orders',
      headers: await as(stack.customer, 'GET', '/api/orders'),
    });
    expect(
      z
        .array(AdminOrderSchema)
        .parse(mine.json())
        .map((order) => order.id),
    ).toContain(fulfilment.recordId);
  });
});

describe('a paid order while identity cannot answer', () => {
  it("is made at once; its member's confirmation waits for identity and is retried, nothing sent meanwhile", async () => {
    // A catalog whose identity is down: nothing listens on its port.
    const down = createServer();
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    const { port } = down.address() as AddressInfo;
    await new Promise((resolve) => down.close(resolve));
    const alone = await startTestService(service, {
      ...generousHoldLimits,
      IDENTITY_URL: `http://127.0.0.1:${port}`,
    });
    try {
      await seed(alone.db);
      const ground = await alone.db
        .selectFrom('shippingMethods')
        .select('id')
        .where('serviceCode', '=', 'usps_ground')
        .executeTakeFirstOrThrow();
      const pack = await insertProduct(alone.db, { name: 'Offline Pack', price: '40.00', stock: 1 });
      const quoted = await alone.app.inject({
        method: 'POST',
        url: '/internal/quotes',
        headers: internalHeader,
        payload: {
          items: [{ productId: pack.id, quantity: 1 }],
          destination: napa,
          shippingMethodId: ground.id,
          holder: testHolder,
        },
      });
      const quote = QuoteSchema.parse(quoted.json());
      const body = fulfilBody(quote.total, {
        buyer: { userId: 4242, email: null, fullName: 'Mo Member', phone: null },
      });
      const answer = await alone.app.inject({
        method: 'POST',
        url: `/internal/quotes/${quote.quoteId}/fulfil`,
        headers: internalHeader,
        payload: body,
      });
      // The money's path never asked identity: the order is paid, its stock taken.
      expect(answer.statusCode, answer.body).toBe(200);
      expect(FulfilmentSchema.parse(answer.json())).toMatchObject({ outcome: 'fulfilled', status: 'paid' });
      expect(await stockOf(alone.db, pack.id)).toBe(0);
      // The confirmation's job could not learn the address: it waits for a retry, nothing is sent.
      await expect
        .poll(
          async () =>
            (
              await sql<{
                state: string;
              }>`select state from job where name = ${ORDER_CONFIRMATION_QUEUE}`.execute(alone.db)
            ).rows.map((row) => row.state),
          { timeout: 15_000 },
        )
        .toEqual(['retry']);
      const order = await alone.db
        .selectFrom('orders')
        .select(['customerEmail', 'confirmationQueuedAt'])
        .where('paymentId', '=', body.paymentId)
        .executeTakeFirstOrThrow();
      expect(order).toEqual({ customerEmail: null, confirmationQueuedAt: null });
    } finally {
      await alone.close();
    }
  });
});

describe('POST /internal/quotes/{quoteId}/release', () => {
  it("frees the quote's stock, and releasing again is not an error", async () => {
    const lamp = await insertProduct(stack.catalog.db, { name: 'Head Lamp', price: '20.00', stock: 1 });
    const quote = await quoteFor([{ productId: lamp.id, quantity: 1 }]);
    const blocked = await stack.catalog.app.inject({
      method: 'POST',
      url: '/internal/quotes',
      headers: internalHeader,
      payload: { items: [{ productId: lamp.id, quantity: 1 }], destination: napa, holder: testHolder },
    });
    expect(blocked.statusCode).toBe(409);

    expect(ReleaseResultSchema.parse((await release(quote.quoteId)).json())).toEqual({ released: true });
    expect(ReleaseResultSchema.parse((await release(quote.quoteId)).json())).toEqual({ released: false });
    expect(ReleaseResultSchema.parse((await release(randomUUID())).json())).toEqual({ released: false });
    await quoteFor([{ productId: lamp.id, quantity: 1 }]);
  });
});

describe('GET /api/orders/status', () => {
  it('answers 404 with a plain message for a forged, malformed or foreign token', async () => {
    const cup = await insertProduct(stack.catalog.db, { name: 'Cup', price: '5.00', stock: 5 });
    const quote = await quoteFor([{ productId: cup.id, quantity: 1 }]);
    const { recordId: orderId } = FulfilmentSchema.parse(
      (await fulfil(quote.quoteId, fulfilBody(quote.total))).json(),
    );
    const forged = `${orderId}.${Math.floor(Date.now() / 1000)}.${'A'.repeat(43)}`;
    for (const token of [forged, 'garbage', `${orderId}`]) {
      const response = await statusPage(token);
      expect(response.statusCode, token).toBe(404);
      expect(response.json()).toEqual({
        message: 'This order link is not valid. Please use the link from your confirmation e-mail.',
        code: 'not_found',
      });
    }
    expect((await stack.catalog.app.inject({ url: '/api/orders/status' })).statusCode).toBe(400);
  });
});

describe('a payment made in test mode', () => {
  it('records its order as test mode; a payment that does not say so (an older payments) is a real one', async () => {
    const cap = await insertProduct(stack.catalog.db, { name: 'Sandbox Cap', price: '10.00', stock: 5 });
    const sandbox = fulfilBody('19.99', { testMode: true });
    const sandboxQuote = await quoteFor([{ productId: cap.id, quantity: 1 }]);
    expect((await fulfil(sandboxQuote.quoteId, sandbox)).statusCode).toBe(200);
    const { testMode: _omitted, ...unsaid } = fulfilBody('19.99');
    const realQuote = await quoteFor([{ productId: cap.id, quantity: 1 }]);
    expect((await fulfil(realQuote.quoteId, unsaid)).statusCode).toBe(200);

    expect((await ordersOfPayment(sandbox.paymentId)).map((order) => order.testMode)).toEqual([true]);
    expect((await ordersOfPayment(unsaid.paymentId)).map((order) => order.testMode)).toEqual([false]);
    // Fulfilled again, the same order: still test mode.
    expect((await fulfil(sandboxQuote.quoteId, sandbox)).statusCode).toBe(200);
    expect((await ordersOfPayment(sandbox.paymentId)).map((order) => order.testMode)).toEqual([true]);
  });
});
