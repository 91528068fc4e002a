import { PaymentIntentResponseSchema } from '@jesus-walks/contracts/checkout';
import { waitForJobs } from '@jesus-walks/test-kit/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { napaAddress } from '../../testing/checkout-stack.testing';
import { type StripeCheckoutStack, startStripeCheckoutStack } from '../../testing/stripe-stack.testing';
import type { FakeStripeServer } from '../providers/stripe/fake-stripe-server.testing';

/**
 * Stripe's crypto payments end to end: the real stripe SDK against the fake Stripe API, payments
 * against the real catalog. No Coinbase keys, so the crypto tile is Stripe's.
 */

let fake: FakeStripeServer;
let stack: StripeCheckoutStack;

beforeAll(async () => {
  stack = await startStripeCheckoutStack({ CRYPTO_RATES_URL: 'off' });
  fake = stack.fake;
});
afterAll(() => stack?.close());

async function cryptoIntent(productId: number) {
  const response = await stack.payments.app.inject({
    method: 'POST',
    url: '/api/checkout/create-payment-intent',
    payload: {
      items: [{ productId, quantity: 1 }],
      shippingAddress: napaAddress,
      shippingMethodId: stack.groundId,
      paymentMethod: 'crypto',
    },
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

function processPayment(paymentId: string, provider: 'stripe' | 'coinbase' = 'stripe') {
  return stack.payments.app.inject({
    method: 'POST',
    url: `/api/crypto/${provider}/process-payment`,
    payload: {
      amount: '1.00',
      currency: 'USD',
      cryptocurrency: 'usdc',
      description: 'Jesus Walks order',
      merchantReference: `ORDER-${Date.now()}`,
      customerEmail: 'ada@example.com',
      paymentId,
    },
  });
}

async function verify(paymentId: string) {
  const response = await stack.payments.app.inject({
    method: 'POST',
    url: '/api/crypto/verify-payment',
    payload: { paymentId, provider: 'stripe' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { success: boolean; error?: string };
}

function createOrder(paymentId: string, productId: number) {
  return stack.payments.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      items: [{ productId, quantity: 1 }],
      shippingAddress: napaAddress,
      paymentMethod: 'crypto',
      paymentId,
      customerEmail: 'ada@example.com',
    },
  });
}

const postStripeEvent = (type: string, reference: string) => stack.postStripeEvent(type, reference);

const ordersOf = (paymentId: string) =>
  stack.catalog.db
    .selectFrom('orders')
    .select(['id', 'status', 'total'])
    .where('paymentId', '=', paymentId)
    .execute();

const requestsTo = (path: string) => fake.requests.filter((request) => request.path === path);

describe("crypto on Stripe (Stripe's crypto PaymentIntent and hosted page, through the real SDK)", () => {
  it('offers crypto through Stripe, live', async () => {
    const config = (await stack.payments.app.inject({ url: '/api/checkout/config' })).json();
    expect(config.methods).toContainEqual(
      expect.objectContaining({ method: 'crypto', available: true, testMode: false }),
    );
  });

  it('intent -> Stripe hosted page -> paid there -> verify and the webhook -> one paid order', async () => {
    const boots = await stack.insertProduct({ name: 'Stripe Crypto Boots', price: '90.01', stock: 3 });
    const intent = await cryptoIntent(boots.id);
    expect(intent).toMatchObject({
      processor: 'stripe',
      testMode: false,
      total: '100.00',
      provider: 'stripe',
    });

    // The intent is limited to crypto, for the quoted total.
    const created = requestsTo('/v1/payment_intents').at(-1);
    expect(created?.body).toMatchObject({
      amount: '10000',
      currency: 'usd',
      payment_method_types: ['crypto'],
      metadata: { paymentId: intent.paymentId },
    });
    expect(created?.body).not.toHaveProperty('automatic_payment_methods');
    expect(created?.headers.idempotencyKey).toBe(`intent:${intent.paymentId}`);
    expect(fake.paymentIntent(intent.reference)).toMatchObject({
      amount: 10000,
      payment_method_types: ['crypto'],
      status: 'requires_payment_method',
    });

    // process-payment confirms it for Stripe's hosted page; the buyer comes back to the checkout.
    const started = await processPayment(intent.paymentId);
    expect(started.statusCode, started.body).toBe(200);
    const result = started.json();
    const held = fake.paymentIntent(intent.reference);
    expect(held.status).toBe('requires_action');
    expect(held.next_action?.type).toBe('redirect_to_url');
    expect(result).toEqual({
      success: true,
      paymentId: intent.paymentId,
      paymentUrl: held.next_action?.redirect_to_url.url,
      cryptoAmount: '100.00000000',
    });
    expect(result.paymentUrl).toBe(`${fake.url}/pay/crypto/${intent.reference}`);
    const confirms = requestsTo(`/v1/payment_intents/${intent.reference}/confirm`);
    expect(confirms).toHaveLength(1);
    expect(confirms[0]?.status).toBe(200);
    const checkoutUrl = new URL('/checkout', stack.payments.env.PUBLIC_ORIGIN).toString();
    expect(confirms[0]?.body).toEqual({ payment_method_data: { type: 'crypto' }, return_url: checkoutUrl });
    expect(held.next_action?.redirect_to_url.return_url).toBe(checkoutUrl);
    expect(fake.paymentMethod(held.payment_method ?? '')).toMatchObject({ type: 'crypto' });
    const page = await fetch(result.paymentUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Pay $100.00 with crypto');

    // Asked again (the buyer reloaded), the same page, without a second confirmation.
    const again = await processPayment(intent.paymentId);
    expect(again.json().paymentUrl).toBe(result.paymentUrl);
    expect(requestsTo(`/v1/payment_intents/${intent.reference}/confirm`)).toHaveLength(1);

    // Not paid yet: the polling waits and no order can be made.
    expect(await verify(intent.paymentId)).toEqual({ success: false });
    expect((await createOrder(intent.paymentId, boots.id)).statusCode).toBe(402);
    expect(await ordersOf(intent.paymentId)).toEqual([]);

    // The buyer pays on Stripe's page; Stripe's signed event alone makes the order.
    fake.succeed(intent.reference);
    expect(await verify(intent.paymentId)).toEqual({ success: true });
    expect((await postStripeEvent('payment_intent.succeeded', intent.reference)).statusCode).toBe(200);
    await waitForJobs(stack.payments.db, { timeoutMs: 20_000 });
    const orders = await ordersOf(intent.paymentId);
    expect(orders).toEqual([{ id: expect.any(Number), status: 'paid', total: '100.00' }]);

    // The browser's POST /api/orders after the poll finds the same order.
    const ordered = await createOrder(intent.paymentId, boots.id);
    expect(ordered.statusCode, ordered.body).toBe(201);
    expect(ordered.json()).toMatchObject({ id: orders[0]?.id, status: 'paid', total: '100.00' });
    expect(await ordersOf(intent.paymentId)).toHaveLength(1);
    expect(await stack.stockOf(boots.id)).toBe(2);
    const payment = await stack.payments.db
      .selectFrom('payments')
      .select(['status', 'orderId'])
      .where('id', '=', intent.paymentId)
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({ status: 'succeeded', orderId: orders[0]?.id });
  });

  it('refuses Coinbase for a checkout that Stripe holds', async () => {
    const socks = await stack.insertProduct({ name: 'Stripe Crypto Socks', price: '12.00', stock: 3 });
    const intent = await cryptoIntent(socks.id);
    const wrong = await processPayment(intent.paymentId, 'coinbase');
    expect(wrong.statusCode).toBe(409);
    expect(requestsTo(`/v1/payment_intents/${intent.reference}/confirm`)).toEqual([]);
  });
});
