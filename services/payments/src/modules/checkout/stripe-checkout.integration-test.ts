import { PaymentIntentResponseSchema } from '@jesus-walks/contracts/checkout';
import { waitForJobs } from '@jesus-walks/test-kit/jobs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { napaAddress } from '../../testing/checkout-stack.testing';
import {
  STRIPE_TEST_PUBLISHABLE_KEY,
  type StripeCheckoutStack,
  startStripeCheckoutStack,
} from '../../testing/stripe-stack.testing';
import type { FakeStripeServer } from '../providers/stripe/fake-stripe-server.testing';

let fake: FakeStripeServer;
let stack: StripeCheckoutStack;

beforeAll(async () => {
  stack = await startStripeCheckoutStack();
  fake = stack.fake;
});
afterAll(() => stack?.close());

type Item = { productId: number; quantity: number };

async function intentFor(items: Item[]) {
  const response = await stack.payments.app.inject({
    method: 'POST',
    url: '/api/checkout/create-payment-intent',
    payload: { items, shippingAddress: napaAddress, shippingMethodId: stack.groundId },
  });
  expect(response.statusCode, response.body).toBe(201);
  const intent = PaymentIntentResponseSchema.parse(response.json());
  const payment = await stack.payments.db
    .selectFrom('payments')
    .select(['providerReference', 'provider'])
    .where('id', '=', intent.paymentId)
    .executeTakeFirstOrThrow();
  return { ...intent, reference: payment.providerReference, provider: payment.provider };
}

function createOrder(paymentId: string, items: Item[]) {
  return stack.payments.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      items,
      shippingAddress: napaAddress,
      paymentMethod: 'stripe',
      paymentId,
      customerEmail: 'ada@example.com',
    },
  });
}

const postStripeEvent: StripeCheckoutStack['postStripeEvent'] = (...args) => stack.postStripeEvent(...args);

const ordersOf = (paymentId: string) =>
  stack.catalog.db
    .selectFrom('orders')
    .select(['id', 'status', 'total'])
    .where('paymentId', '=', paymentId)
    .execute();

describe('checkout on Stripe (the real SDK against a fake Stripe API)', () => {
  it('configures the Stripe tile with the publishable key, live, and turns the sandbox off', async () => {
    const config = (await stack.payments.app.inject({ url: '/api/checkout/config' })).json();
    expect(config.stripe).toEqual({ processor: 'stripe', publishableKey: STRIPE_TEST_PUBLISHABLE_KEY });
    expect(config.methods[0]).toEqual({
      method: 'stripe',
      label: 'Stripe',
      available: true,
      testMode: false,
      reason: null,
    });
    const sandbox = await stack.payments.app.inject({
      method: 'POST',
      url: '/api/checkout/sandbox/confirm',
      payload: { clientSecret: 'x', cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
    });
    expect(sandbox.statusCode).toBe(404);
  });

  it('creates the PaymentIntent for the quoted total and orders once Stripe says it succeeded', async () => {
    const cap = await stack.insertProduct({ name: 'Stripe Cap', price: '24.50', stock: 5 });
    const items = [{ productId: cap.id, quantity: 2 }];
    const intent = await intentFor(items);
    expect(intent).toMatchObject({
      processor: 'stripe',
      testMode: false,
      total: '58.99',
      provider: 'stripe',
    });
    expect(fake.paymentIntent(intent.reference)).toMatchObject({
      amount: 5899,
      currency: 'usd',
      metadata: { paymentId: intent.paymentId },
      client_secret: intent.clientSecret,
    });

    expect((await createOrder(intent.paymentId, items)).statusCode).toBe(402);
    fake.succeed(intent.reference);
    const response = await createOrder(intent.paymentId, items);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ status: 'paid', total: '58.99' });
    expect(await stack.stockOf(cap.id)).toBe(3);
  });

  it('a signed payment_intent.succeeded alone makes the order; redeliveries do nothing more', async () => {
    const cap = await stack.insertProduct({ name: 'Webhook Cap', price: '10.00', stock: 5 });
    const intent = await intentFor([{ productId: cap.id, quantity: 1 }]);
    // The Payment Element's confirmation carries the buyer's contact to Stripe (confirmParams).
    fake.succeed(intent.reference, {
      receiptEmail: 'ada@example.com',
      billingDetails: { name: 'Ada Walker', email: 'ada@example.com', phone: '555-0100' },
    });
    const id = `evt_checkout_${intent.paymentId.slice(0, 8)}`;
    const deliveries = await Promise.all(
      Array.from({ length: 5 }, () => postStripeEvent('payment_intent.succeeded', intent.reference, { id })),
    );
    expect(deliveries.map((delivery) => delivery.statusCode)).toEqual([200, 200, 200, 200, 200]);
    await waitForJobs(stack.payments.db, { timeoutMs: 20_000 });
    expect(await ordersOf(intent.paymentId)).toEqual([
      { id: expect.any(Number), status: 'paid', total: '19.99' },
    ]);
    // With no browser call at all, the order has the contact, read back from Stripe's intent.
    const payment = await stack.contactOf(intent.paymentId);
    expect(payment).toEqual({
      customerName: 'Ada Walker',
      customerEmail: 'ada@example.com',
      customerPhone: '555-0100',
    });
    const order = await stack.catalog.db
      .selectFrom('orders')
      .select('customerEmail')
      .where('paymentId', '=', intent.paymentId)
      .executeTakeFirstOrThrow();
    expect(order.customerEmail).toBe('ada@example.com');
    expect(
      fake.requests.some(
        (request) =>
          request.method === 'GET' &&
          request.path === `/v1/payment_intents/${intent.reference}` &&
          Object.values(request.query).includes('payment_method'),
      ),
    ).toBe(true);
    const recorded = await stack.payments.db
      .selectFrom('webhookEvents')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('eventId', '=', id)
      .executeTakeFirstOrThrow();
    expect(recorded.n).toBe(1);
  });

  it('records a declined attempt with Stripe’s words', async () => {
    const cap = await stack.insertProduct({ price: '10.00' });
    const intent = await intentFor([{ productId: cap.id, quantity: 1 }]);
    fake.fail(intent.reference, 'Your card was declined.');
    expect((await postStripeEvent('payment_intent.payment_failed', intent.reference)).statusCode).toBe(200);
    const payment = await stack.payments.db
      .selectFrom('payments')
      .select(['status', 'failureReason'])
      .where('id', '=', intent.paymentId)
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({ status: 'failed', failureReason: 'Your card was declined.' });
    expect((await createOrder(intent.paymentId, [{ productId: cap.id, quantity: 1 }])).statusCode).toBe(402);
  });

  it('refuses forged and stale Stripe signatures', async () => {
    const cap = await stack.insertProduct({ price: '10.00' });
    const intent = await intentFor([{ productId: cap.id, quantity: 1 }]);
    fake.succeed(intent.reference);
    const forged = await postStripeEvent('payment_intent.succeeded', intent.reference, {
      secret: 'whsec_someone_else_0123456789abcdef',
    });
    expect(forged.statusCode).toBe(400);
    const stale = await postStripeEvent('payment_intent.succeeded', intent.reference, {
      ts: Math.floor(Date.now() / 1000) - 600,
    });
    expect(stale.statusCode).toBe(400);
    await waitForJobs(stack.payments.db, { timeoutMs: 20_000 });
    expect(await ordersOf(intent.paymentId)).toEqual([]);
  });

  it('refunds a late payment through Stripe once, with an idempotency key', async () => {
    const lamp = await stack.insertProduct({ name: 'Stripe Lamp', price: '50.00', stock: 1 });
    const items = [{ productId: lamp.id, quantity: 1 }];
    const late = await intentFor(items);
    await stack.catalog.db
      .updateTable('stockReservations')
      .set({ expiresAt: sql<Date>`now() - interval '1 minute'` })
      .where('productId', '=', lamp.id)
      .execute();
    const early = await intentFor(items);
    fake.succeed(early.reference);
    expect((await createOrder(early.paymentId, items)).statusCode).toBe(201);

    fake.succeed(late.reference);
    const response = await createOrder(late.paymentId, items);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('has been refunded');
    await waitForJobs(stack.payments.db, { timeoutMs: 20_000 });
    expect(fake.refunds(late.reference)).toHaveLength(1);
    expect(fake.refunds(late.reference)[0]).toMatchObject({ amount: 5999 });
    const refundCalls = fake.requests.filter((request) => request.path === '/v1/refunds');
    expect(refundCalls.at(-1)?.headers.idempotencyKey).toBe(`refund:${late.paymentId}`);
    expect(await ordersOf(late.paymentId)).toMatchObject([{ status: 'cancelled' }]);
  });
});
