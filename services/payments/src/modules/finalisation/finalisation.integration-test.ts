import { createServer } from 'node:http';
import { PaymentIntentResponseSchema } from '@jesus-walks/contracts/checkout';
import { waitForJobs } from '@jesus-walks/test-kit/jobs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutStack, napaAddress, startCheckoutStack } from '../../testing/checkout-stack.testing';
import { paymentIntentEvent } from '../providers/sandbox/sandbox-events';
import { signSandboxPayload } from '../providers/sandbox/sandbox-signature';
import { FINALISE_PAYMENT_QUEUE } from './finalisation.service';

let stack: CheckoutStack;

beforeAll(async () => {
  stack = await startCheckoutStack();
});
afterAll(() => stack?.close());

type Item = { productId: number; quantity: number; price?: number | string };

async function intentFor(items: Item[]) {
  const response = await stack.payments.app.inject({
    method: 'POST',
    url: '/api/checkout/create-payment-intent',
    payload: { items, shippingAddress: napaAddress, shippingMethodId: stack.groundId },
  });
  expect(response.statusCode, response.body).toBe(201);
  return PaymentIntentResponseSchema.parse(response.json());
}

async function pay(clientSecret: string, contact?: { fullName: string; email?: string }) {
  const response = await stack.payments.app.inject({
    method: 'POST',
    url: '/api/checkout/sandbox/confirm',
    payload: { clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', contact },
  });
  expect(response.statusCode, response.body).toBe(200);
}

function createOrder(paymentId: string, items: Item[], extra: Record<string, unknown> = {}, headers = {}) {
  return stack.payments.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers,
    payload: {
      items,
      shippingAddress: napaAddress,
      paymentMethod: 'stripe',
      paymentId,
      customerEmail: 'ada@example.com',
      ...extra,
    },
  });
}

const ordersOf = (paymentId: string) =>
  stack.catalog.db
    .selectFrom('orders')
    .select(['id', 'status', 'total'])
    .where('paymentId', '=', paymentId)
    .execute();

const paymentRow = (id: string) =>
  stack.payments.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const sandboxIntent = (id: string) =>
  stack.payments.db.selectFrom('sandboxIntents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A signed sandbox event about this payment, as the sandbox itself would post it. */
async function signedSucceededEvent(paymentId: string, timestamp?: number) {
  const payment = await paymentRow(paymentId);
  const intent = await sandboxIntent(payment.providerReference);
  const event = paymentIntentEvent('payment_intent.succeeded', { ...intent, failureMessage: null });
  const body = JSON.stringify(event);
  return {
    event,
    body,
    signature: signSandboxPayload(body, stack.payments.env.SANDBOX_WEBHOOK_SECRET, timestamp),
  };
}

function postWebhook(body: string, signature: string) {
  return stack.payments.app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/sandbox',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body,
  });
}

describe('a sandbox purchase, end to end', () => {
  it('intent -> 4242 -> POST /api/orders: one paid order at the quoted total, stock taken', async () => {
    const cap = await stack.insertProduct({ name: 'E2E Cap', price: '24.50', stock: 5 });
    const items = [{ productId: cap.id, quantity: 2 }];
    const intent = await intentFor(items);
    await pay(intent.clientSecret);
    const response = await createOrder(intent.paymentId, items);
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json();
    expect(order).toEqual({ id: expect.any(Number), status: 'paid', total: '58.99' });
    expect(await ordersOf(intent.paymentId)).toEqual([{ id: order.id, status: 'paid', total: '58.99' }]);
    expect(await stack.stockOf(cap.id)).toBe(3);
    expect(await paymentRow(intent.paymentId)).toMatchObject({ status: 'succeeded', orderId: order.id });

    // The same payment again (and the sandbox's own webhook meanwhile): the same order.
    await waitForJobs(stack.payments.db);
    const again = await createOrder(intent.paymentId, items);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(order.id);
    expect(await ordersOf(intent.paymentId)).toHaveLength(1);
    expect(await stack.stockOf(cap.id)).toBe(3);
  });

  it('ignores the client: prices and total of 0.01 never change what is charged or ordered', async () => {
    const cap = await stack.insertProduct({ name: 'Tamper Cap', price: '40.00', stock: 5 });
    const intent = await intentFor([{ productId: cap.id, quantity: 1 }]);
    expect(intent.total).toBe('49.99');
    expect((await sandboxIntent((await paymentRow(intent.paymentId)).providerReference)).amountCents).toBe(
      4999,
    );
    await pay(intent.clientSecret);
    const response = await createOrder(intent.paymentId, [{ productId: cap.id, quantity: 1, price: 0.01 }], {
      total: 0.01,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'paid', total: '49.99' });
  });

  it('refuses an order for a payment the processor has not completed', async () => {
    const cap = await stack.insertProduct({ price: '10.00' });
    const intent = await intentFor([{ productId: cap.id, quantity: 1 }]);
    const response = await createOrder(intent.paymentId, [{ productId: cap.id, quantity: 1 }]);
    expect(response.statusCode).toBe(402);
    expect(await ordersOf(intent.paymentId)).toEqual([]);
  });

  it('answers 409 for a payment that has no quote to fulfil, not a server error', async () => {
    const cap = await stack.insertProduct({ price: '10.00' });
    const items = [{ productId: cap.id, quantity: 1 }];
    const intent = await intentFor(items);
    await pay(intent.clientSecret);
    await stack.payments.db
      .updateTable('payments')
      .set({ quoteId: null })
      .where('id', '=', intent.paymentId)
      .execute();
    const response = await createOrder(intent.paymentId, items);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'This payment is not for an order or a registration: it has nothing to fulfil',
      code: 'conflict',
    });
    expect(await ordersOf(intent.paymentId)).toEqual([]);
  });

  it('honours Idempotency-Key on POST /api/orders: a retry answers the first answer', async () => {
    const cap = await stack.insertProduct({ price: '10.00' });
    const items = [{ productId: cap.id, quantity: 1 }];
    const intent = await intentFor(items);
    await pay(intent.clientSecret);
    const headers = { 'idempotency-key': 'order-key-00001' };
    const first = await createOrder(intent.paymentId, items, {}, headers);
    const again = await createOrder(intent.paymentId, items, {}, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });
});

describe('webhooks reach the same finalisation', () => {
  it('a payment with no browser call gets its order from the webhook alone', async () => {
    const cap = await stack.insertProduct({ name: 'Closed Tab Cap', price: '20.00', stock: 4 });
    const intent = await intentFor([{ productId: cap.id, quantity: 1 }]);
    await pay(intent.clientSecret, { fullName: 'Ada Walker', email: 'ada@example.com' });
    // The sandbox delivers payment_intent.succeeded to the webhook's handler; the job finalises.
    await waitForJobs(stack.payments.db, { timeoutMs: 20_000 });
    const orders = await ordersOf(intent.paymentId);
    expect(orders).toEqual([{ id: expect.any(Number), status: 'paid', total: '29.99' }]);
    expect(await paymentRow(intent.paymentId)).toMatchObject({ status: 'succeeded', orderId: orders[0]?.id });
    // The contact given with the card reached the order, with no call of its own.
    const ordered = await stack.catalog.db
      .selectFrom('orders')
      .select('customerEmail')
      .where('paymentId', '=', intent.paymentId)
      .executeTakeFirstOrThrow();
    expect(ordered.customerEmail).toBe('ada@example.com');
    expect(await stack.stockOf(cap.id)).toBe(3);
    const events = await stack.payments.db
      .selectFrom('webhookEvents')
      .select(['type', 'processedAt'])
      .where('provider', '=', 'sandbox')
      .where(sql<boolean>`payload->'data'->'object'->'metadata'->>'paymentId' = ${intent.paymentId}`)
      .execute();
    expect(events).toEqual([{ type: 'payment_intent.succeeded', processedAt: expect.any(Date) }]);
  });

  it('a webhook about a payment its order call finalised already is done at once, with no job', async () => {
    const cap = await stack.insertProduct({ name: 'Prompt Cap', price: '12.00', stock: 5 });
    const items = [{ productId: cap.id, quantity: 1 }];
    const intent = await intentFor(items);
    await pay(intent.clientSecret);
    expect((await createOrder(intent.paymentId, items)).statusCode).toBe(201);
    const { event, body, signature } = await signedSucceededEvent(intent.paymentId);
    expect((await postWebhook(body, signature)).statusCode).toBe(200);
    const recorded = await stack.payments.db
      .selectFrom('webhookEvents')
      .select('processedAt')
      .where('eventId', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(recorded.processedAt).toBeInstanceOf(Date);
    const jobs = await sql<{ count: number }>`
      select count(*)::int as count from payments.job
       where name = ${FINALISE_PAYMENT_QUEUE} and data->>'eventId' = ${event.id}`.execute(stack.payments.db);
    expect(jobs.rows[0]?.count).toBe(0);
    expect(await ordersOf(intent.paymentId)).toHaveLength(1);
    expect(await stack.stockOf(cap.id)).toBe(4);
  });

  it('10 concurrent deliveries of one event and the browser call make one order', async () => {
    const cap = await stack.insertProduct({ name: 'Rush Cap', price: '15.00', stock: 10 });
    const items = [{ productId: cap.id, quantity: 2 }];
    const intent = await intentFor(items);
    await pay(intent.clientSecret);
    const { event, body, signature } = await signedSucceededEvent(intent.paymentId);
    const [browser, ...deliveries] = await Promise.all([
      createOrder(intent.paymentId, items),
      ...Array.from({ length: 10 }, () => postWebhook(body, signature)),
    ]);
    expect(browser?.statusCode, browser?.body).toBe(201);
    for (const delivery of deliveries) {
      expect(delivery.statusCode).toBe(200);
      expect(delivery.json()).toEqual({ received: true });
    }
    await waitForJobs(stack.payments.db, { timeoutMs: 20_000 });
    expect(await ordersOf(intent.paymentId)).toHaveLength(1);
    expect(await stack.stockOf(cap.id)).toBe(8);
    const recorded = await stack.payments.db
      .selectFrom('webhookEvents')
      .select('eventId')
      .where('eventId', '=', event.id)
      .execute();
    expect(recorded).toHaveLength(1);
  });

  it('refuses forged, too old and unsigned events; a replayed event is acknowledged and does nothing', async () => {
    const cap = await stack.insertProduct({ price: '10.00' });
    const intent = await intentFor([{ productId: cap.id, quantity: 1 }]);
    const { body, signature } = await signedSucceededEvent(intent.paymentId);
    const forged = signSandboxPayload(body, 'not-the-secret-0123456789abcdef0123456789');
    expect((await postWebhook(body, forged)).statusCode).toBe(400);
    const tampered = body.replace('"amount":', '"amount":1');
    expect((await postWebhook(tampered, signature)).statusCode).toBe(400);
    const old = await signedSucceededEvent(intent.paymentId, Math.floor(Date.now() / 1000) - 301);
    const tooOld = await postWebhook(old.body, old.signature);
    expect(tooOld.statusCode).toBe(400);
    expect(tooOld.json().message).toMatch(/too old/);
    expect((await postWebhook(body, '')).statusCode).toBe(400);

    // Signed but unpaid (the event lies about the intent): finalisation asks the processor, no order.
    expect((await postWebhook(body, signature)).statusCode).toBe(200);
    expect((await postWebhook(body, signature)).statusCode).toBe(200);
    await waitForJobs(stack.payments.db, { timeoutMs: 20_000 });
    expect(await ordersOf(intent.paymentId)).toEqual([]);
    expect((await paymentRow(intent.paymentId)).status).toBe('pending');
  });
});

describe('a late payment', () => {
  it('paid after its reservation lapsed and the stock went to someone else: refunded, its order cancelled', async () => {
    const lamp = await stack.insertProduct({ name: 'Last Lamp', price: '50.00', stock: 1 });
    const items = [{ productId: lamp.id, quantity: 1 }];
    const late = await intentFor(items);
    // Thirty minutes pass: the reservation lapses (the catalog's clock, moved for the test).
    await stack.catalog.db
      .updateTable('stockReservations')
      .set({ expiresAt: sql<Date>`now() - interval '1 minute'` })
      .where('productId', '=', lamp.id)
      .execute();
    const early = await intentFor(items);
    await pay(early.clientSecret);
    expect((await createOrder(early.paymentId, items)).statusCode).toBe(201);
    expect(await stack.stockOf(lamp.id)).toBe(0);

    await pay(late.clientSecret);
    const response = await createOrder(late.paymentId, items);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/Your payment of \$59\.99 has been refunded\./);
    await waitForJobs(stack.payments.db, { timeoutMs: 20_000 });
    const payment = await paymentRow(late.paymentId);
    expect(payment).toMatchObject({ status: 'refunded', refundStatus: 'refunded' });
    expect((await sandboxIntent(payment.providerReference)).refundId).toMatch(/^re_sandbox_/);
    expect(await ordersOf(late.paymentId)).toEqual([
      { id: payment.orderId, status: 'cancelled', total: '59.99' },
    ]);
    expect(await stack.stockOf(lamp.id)).toBe(0);
    // Asked again: the same answer, no second refund.
    expect((await createOrder(late.paymentId, items)).statusCode).toBe(409);
  });
});

describe('the sandbox posting its events over HTTP (SANDBOX_WEBHOOK_URL)', () => {
  // A processor's view of a webhook endpoint: what arrives, as it arrives.
  const received: Array<{ body: string; signature: string | undefined; type: string | undefined }> = [];
  const endpoint = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      const signature = request.headers['stripe-signature'];
      received.push({
        body,
        signature: Array.isArray(signature) ? signature[0] : signature,
        type: request.headers['content-type'],
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  let overHttp: CheckoutStack;
  beforeAll(async () => {
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    const address = endpoint.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    overHttp = await startCheckoutStack({ SANDBOX_WEBHOOK_URL: `http://127.0.0.1:${port}/hooks` });
  });
  afterAll(async () => {
    await overHttp?.close();
    await new Promise((resolve) => endpoint.close(resolve));
  });

  it("posts each event to the URL, signed: the site's webhook route takes it and finalises", async () => {
    const hat = await overHttp.insertProduct({ name: 'Posted Hat', price: '20.00', stock: 2 });
    const intent = await overHttp.payments.app.inject({
      method: 'POST',
      url: '/api/checkout/create-payment-intent',
      payload: {
        items: [{ productId: hat.id, quantity: 1 }],
        shippingAddress: napaAddress,
        shippingMethodId: overHttp.groundId,
      },
    });
    const { clientSecret, paymentId } = PaymentIntentResponseSchema.parse(intent.json());
    const paid = await overHttp.payments.app.inject({
      method: 'POST',
      url: '/api/checkout/sandbox/confirm',
      payload: { clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await waitForJobs(overHttp.payments.db, { timeoutMs: 20_000 });
    const posted = received.find((request) => request.body.includes(paymentId));
    expect(posted?.type).toBe('application/json');
    expect(JSON.parse(posted?.body ?? '{}').type).toBe('payment_intent.succeeded');
    // Nothing was finalised inside payments: the event went out, and only the POST finalises.
    expect(await overHttp.payments.db.selectFrom('webhookEvents').select('id').execute()).toEqual([]);
    const delivered = await overHttp.payments.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      headers: { 'content-type': 'application/json', 'stripe-signature': posted?.signature ?? '' },
      payload: posted?.body ?? '',
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    await waitForJobs(overHttp.payments.db, { timeoutMs: 20_000 });
    const payment = await overHttp.payments.db
      .selectFrom('payments')
      .select(['status', 'orderId'])
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({ status: 'succeeded', orderId: expect.any(Number) });
  });
});
