import { PaymentIntentResponseSchema } from '@jesus-walks/contracts/checkout';
import { waitForJobs } from '@jesus-walks/test-kit/jobs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutStack, napaAddress, startCheckoutStack } from '../../../testing/checkout-stack.testing';
import {
  type FakeSquareServer,
  SQUARE_TEST_NONCES,
  signSquareWebhook,
  startFakeSquareServer,
} from './fake-square-server.testing';

const SIGNATURE_KEY = 'square-webhook-signature-key-0123';
const WEBHOOK_URL = 'https://shop.example/api/payments/webhooks/square';
let fake: FakeSquareServer;
let stack: CheckoutStack;

beforeAll(async () => {
  fake = await startFakeSquareServer();
  stack = await startCheckoutStack({
    SQUARE_ACCESS_TOKEN: fake.accessToken,
    SQUARE_APPLICATION_ID: fake.applicationId,
    SQUARE_LOCATION_ID: fake.locationId,
    SQUARE_ENVIRONMENT: 'sandbox',
    SQUARE_WEBHOOK_SIGNATURE_KEY: SIGNATURE_KEY,
    SQUARE_WEBHOOK_URL: WEBHOOK_URL,
    SQUARE_API_BASE_URL: fake.url,
  });
});
afterAll(async () => {
  await stack?.close();
  await fake?.close();
});

type Item = { productId: number; quantity: number };

async function intentFor(items: Item[]) {
  const response = await stack.payments.app.inject({
    method: 'POST',
    url: '/api/checkout/create-payment-intent',
    payload: {
      items,
      shippingAddress: napaAddress,
      shippingMethodId: stack.groundId,
      paymentMethod: 'square',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const intent = PaymentIntentResponseSchema.parse(response.json());
  secrets.set(intent.paymentId, intent.paymentSecret);
  return intent;
}

/** Each payment's secret, as its browser keeps it from the intent's answer. */
const secrets = new Map<string, string>();

function pay(paymentId: string, sourceId: string, contact?: object) {
  return stack.payments.app.inject({
    method: 'POST',
    url: '/api/checkout/square/pay',
    payload: { paymentId, paymentSecret: secrets.get(paymentId) ?? 'ps_none', sourceId, contact },
  });
}

function createOrder(paymentId: string, items: Item[]) {
  return stack.payments.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      items,
      shippingAddress: napaAddress,
      paymentMethod: 'square',
      paymentId,
      customerEmail: 'ada@example.com',
    },
  });
}

function postSquareEvent(event: object, options: { key?: string; url?: string } = {}) {
  const { body, signature } = signSquareWebhook(
    event,
    options.key ?? SIGNATURE_KEY,
    options.url ?? WEBHOOK_URL,
  );
  return stack.payments.app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/square',
    headers: { 'content-type': 'application/json', 'x-square-hmacsha256-signature': signature },
    payload: body,
  });
}

const ordersOf = (paymentId: string) =>
  stack.catalog.db
    .selectFrom('orders')
    .select(['id', 'status', 'total'])
    .where('paymentId', '=', paymentId)
    .execute();

const paymentRow = (paymentId: string) =>
  stack.payments.db
    .selectFrom('payments')
    .select(['provider', 'providerReference', 'status', 'failureReason', 'orderId'])
    .where('id', '=', paymentId)
    .executeTakeFirstOrThrow();

describe('checkout on Square (the real SDK against a fake Square API)', () => {
  it('configures the Square tile live, and its card form with the application and location', async () => {
    const config = (await stack.payments.app.inject({ url: '/api/checkout/config' })).json();
    expect(config.methods[1]).toEqual({
      method: 'square',
      label: 'Square',
      available: true,
      testMode: false,
      reason: null,
    });
    const square = await stack.payments.app.inject({ url: '/api/square-config' });
    expect(square.statusCode).toBe(200);
    expect(square.json()).toEqual({
      applicationId: fake.applicationId,
      locationId: fake.locationId,
      environment: 'sandbox',
    });
  });

  it('charges the ok nonce for the quoted total, then POST /api/orders makes one paid order', async () => {
    const cap = await stack.insertProduct({ name: 'Square Cap', price: '24.50', stock: 5 });
    const items = [{ productId: cap.id, quantity: 2 }];
    const intent = await intentFor(items);
    expect(intent).toMatchObject({ processor: 'square', testMode: false, total: '58.99' });
    expect(intent.clientSecret).not.toBe('');
    // Nothing is paid before the card is: the order call is refused.
    expect((await createOrder(intent.paymentId, items)).statusCode).toBe(402);

    const paid = await pay(intent.paymentId, SQUARE_TEST_NONCES.ok);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ status: 'succeeded', paymentId: intent.paymentId });
    const [charged] = fake.paymentsFor(intent.paymentId);
    expect(charged).toMatchObject({
      status: 'COMPLETED',
      amount_money: { amount: 5899, currency: 'USD' },
      location_id: fake.locationId,
      reference_id: intent.paymentId,
    });
    expect((await paymentRow(intent.paymentId)).providerReference).toBe(charged?.id);

    // A retried pay request is answered without a second charge.
    expect((await pay(intent.paymentId, SQUARE_TEST_NONCES.ok)).statusCode).toBe(200);
    expect(fake.paymentsFor(intent.paymentId)).toHaveLength(1);

    const order = await createOrder(intent.paymentId, items);
    expect(order.statusCode, order.body).toBe(201);
    await waitForJobs(stack.payments.db, { timeoutMs: 20_000 });
    expect(await ordersOf(intent.paymentId)).toEqual([
      { id: order.json().id, status: 'paid', total: '58.99' },
    ]);
    expect(await stack.stockOf(cap.id)).toBe(3);
  });

  it("declines the declined nonce with 402 and Square's words, no order; another card then pays", async () => {
    const cap = await stack.insertProduct({ price: '10.00', stock: 5 });
    const items = [{ productId: cap.id, quantity: 1 }];
    const intent = await intentFor(items);
    const declined = await pay(intent.paymentId, SQUARE_TEST_NONCES.declined);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ message: "Authorization error: 'CARD_DECLINED'" });
    expect(await paymentRow(intent.paymentId)).toMatchObject({
      status: 'failed',
      failureReason: "Authorization error: 'CARD_DECLINED'",
    });
    expect((await createOrder(intent.paymentId, items)).statusCode).toBe(402);
    expect(await ordersOf(intent.paymentId)).toEqual([]);

    expect((await pay(intent.paymentId, SQUARE_TEST_NONCES.ok)).statusCode).toBe(200);
    expect((await createOrder(intent.paymentId, items)).statusCode).toBe(201);
  });

  it('refuses a payment that is not a Square one, and an unknown one', async () => {
    const unknown = await pay('00000000-0000-4000-8000-000000000000', SQUARE_TEST_NONCES.ok);
    expect(unknown.statusCode).toBe(404);
  });

  it('a paid checkout is ordered without the browser (the pay route queues the finalisation); a signed payment.updated is recorded once however often it comes', async () => {
    const cap = await stack.insertProduct({ name: 'Webhook Square Cap', price: '10.00', stock: 5 });
    const intent = await intentFor([{ productId: cap.id, quantity: 1 }]);
    expect(
      (
        await pay(intent.paymentId, SQUARE_TEST_NONCES.ok, {
          fullName: 'Ada Walker',
          email: 'ada@example.com',
          phone: '555-0100',
        })
      ).statusCode,
    ).toBe(200);
    // The buyer's contact came with the card's token and is on the payment.
    const contact = await stack.contactOf(intent.paymentId);
    expect(contact).toEqual({
      customerName: 'Ada Walker',
      customerEmail: 'ada@example.com',
      customerPhone: '555-0100',
    });
    const [charged] = fake.paymentsFor(intent.paymentId);
    const event = fake.paymentEvent('payment.updated', charged?.id ?? '');
    const deliveries = await Promise.all(Array.from({ length: 4 }, () => postSquareEvent(event)));
    expect(deliveries.map((delivery) => delivery.statusCode)).toEqual([200, 200, 200, 200]);
    await waitForJobs(stack.payments.db, { timeoutMs: 20_000 });
    expect(await ordersOf(intent.paymentId)).toEqual([
      { id: expect.any(Number), status: 'paid', total: '19.99' },
    ]);
    const recorded = await stack.payments.db
      .selectFrom('webhookEvents')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('provider', '=', 'square')
      .where('eventId', '=', event.event_id)
      .executeTakeFirstOrThrow();
    expect(recorded.n).toBe(1);
  });

  it('refuses forged events (another key, another URL, a tampered body) and orders nothing', async () => {
    const cap = await stack.insertProduct({ price: '10.00', stock: 5 });
    const intent = await intentFor([{ productId: cap.id, quantity: 1 }]);
    const paid = await pay(intent.paymentId, SQUARE_TEST_NONCES.ok);
    expect(paid.statusCode).toBe(200);
    const [charged] = fake.paymentsFor(intent.paymentId);
    const event = fake.paymentEvent('payment.updated', charged?.id ?? '');
    expect((await postSquareEvent(event, { key: 'someone-elses-signature-key' })).statusCode).toBe(400);
    expect((await postSquareEvent(event, { url: 'https://evil.example/hook' })).statusCode).toBe(400);
    const { signature } = signSquareWebhook(event, SIGNATURE_KEY, WEBHOOK_URL);
    const tampered = await stack.payments.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/square',
      headers: { 'content-type': 'application/json', 'x-square-hmacsha256-signature': signature },
      payload: JSON.stringify({ ...event, event_id: 'another' }),
    });
    expect(tampered.statusCode).toBe(400);
    const unsigned = await stack.payments.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/square',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    const recorded = await stack.payments.db
      .selectFrom('webhookEvents')
      .select('eventId')
      .where('provider', '=', 'square')
      .where('eventId', 'in', [event.event_id, 'another'])
      .execute();
    expect(recorded).toEqual([]);
  });

  it('adopts a completed Square payment the pay route never recorded, from its signed webhook', async () => {
    const cap = await stack.insertProduct({ price: '12.00', stock: 5 });
    const intent = await intentFor([{ productId: cap.id, quantity: 1 }]);
    const pending = (await paymentRow(intent.paymentId)).providerReference;
    expect((await pay(intent.paymentId, SQUARE_TEST_NONCES.ok)).statusCode).toBe(200);
    await waitForJobs(stack.payments.db, { timeoutMs: 20_000 });
    const [charged] = fake.paymentsFor(intent.paymentId);
    // As if the route had died between Square's answer and our write.
    await stack.catalog.db.deleteFrom('orders').where('paymentId', '=', intent.paymentId).execute();
    await stack.payments.db
      .updateTable('payments')
      .set({ providerReference: pending, orderId: null, status: 'pending' })
      .where('id', '=', intent.paymentId)
      .execute();
    expect((await postSquareEvent(fake.paymentEvent('payment.updated', charged?.id ?? ''))).statusCode).toBe(
      200,
    );
    await waitForJobs(stack.payments.db, { timeoutMs: 20_000 });
    expect((await paymentRow(intent.paymentId)).providerReference).toBe(charged?.id);
  });

  it('marks a payment refunded on refund.updated COMPLETED, and refunds a late payment through Square once', async () => {
    const lamp = await stack.insertProduct({ name: 'Square Lamp', price: '50.00', stock: 1 });
    const items = [{ productId: lamp.id, quantity: 1 }];
    const late = await intentFor(items);
    await stack.catalog.db
      .updateTable('stockReservations')
      .set({ expiresAt: sql<Date>`now() - interval '1 minute'` })
      .where('productId', '=', lamp.id)
      .execute();
    const early = await intentFor(items);
    expect((await pay(early.paymentId, SQUARE_TEST_NONCES.ok)).statusCode).toBe(200);
    expect((await createOrder(early.paymentId, items)).statusCode).toBe(201);

    expect((await pay(late.paymentId, SQUARE_TEST_NONCES.ok)).statusCode).toBe(200);
    const response = await createOrder(late.paymentId, items);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('has been refunded');
    await waitForJobs(stack.payments.db, { timeoutMs: 20_000 });
    const [charged] = fake.paymentsFor(late.paymentId);
    const refunds = fake.refunds(charged?.id ?? '');
    expect(refunds).toEqual([expect.objectContaining({ amount_money: { amount: 5999, currency: 'USD' } })]);
    const refundCalls = fake.requests.filter((request) => request.path === '/v2/refunds');
    expect(refundCalls.at(-1)?.body).toMatchObject({ idempotency_key: `refund:${late.paymentId}` });

    const refund = fake.completeRefund(refunds[0]?.id ?? '');
    expect((await postSquareEvent(fake.refundEvent('refund.updated', refund.id))).statusCode).toBe(200);
    expect((await paymentRow(late.paymentId)).status).toBe('refunded');
  });
});
