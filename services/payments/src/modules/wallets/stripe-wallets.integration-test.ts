import { CARD_DECLINED, PaymentIntentResponseSchema } from '@jesus-walks/contracts/checkout';
import { waitForJobs } from '@jesus-walks/test-kit/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { napaAddress } from '../../testing/checkout-stack.testing';
import {
  STRIPE_TEST_PUBLISHABLE_KEY,
  type StripeCheckoutStack,
  startStripeCheckoutStack,
} from '../../testing/stripe-stack.testing';
import type { FakeStripeServer } from '../providers/stripe/fake-stripe-server.testing';

/**
 * Apple Pay and Google Pay charged through Stripe (decision 014): the real stripe SDK against the
 * fake Stripe API, payments against the real catalog. Apple Pay's encrypted payment data becomes a
 * card token through Stripe's pk_token; Google Pay's token comes from Stripe's own gateway.
 */

let fake: FakeStripeServer;
let stack: StripeCheckoutStack;

beforeAll(async () => {
  stack = await startStripeCheckoutStack({
    // Apple Pay with real money needs the merchant identity (only merchant validation uses it).
    APPLE_PAY_MERCHANT_ID: 'merchant.org.example.test',
    APPLE_PAY_CERTIFICATE_PEM: '-----BEGIN CERTIFICATE-----\\nnot-used\\n-----END CERTIFICATE-----',
    APPLE_PAY_KEY_PEM: '-----BEGIN PRIVATE KEY-----\\nnot-used\\n-----END PRIVATE KEY-----',
  });
  fake = stack.fake;
});
afterAll(() => stack?.close());

type WalletMethod = 'apple_pay' | 'google_pay';
const routeOf = (method: WalletMethod) => (method === 'apple_pay' ? 'apple-pay' : 'google-pay');

async function walletIntent(method: WalletMethod, productId: number) {
  const response = await stack.payments.app.inject({
    method: 'POST',
    url: '/api/checkout/create-payment-intent',
    payload: {
      items: [{ productId, quantity: 1 }],
      shippingAddress: napaAddress,
      shippingMethodId: stack.groundId,
      paymentMethod: method,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const intent = PaymentIntentResponseSchema.parse(response.json());
  const payment = await stack.payments.db
    .selectFrom('payments')
    .select(['providerReference', 'provider'])
    .where('id', '=', intent.paymentId)
    .executeTakeFirstOrThrow();
  secrets.set(intent.paymentId, intent.paymentSecret);
  return { ...intent, reference: payment.providerReference, provider: payment.provider };
}

/** Each payment's secret, as its browser keeps it from the intent's answer. */
const secrets = new Map<string, string>();

function pay(method: WalletMethod, paymentId: string, amount: string, paymentToken: unknown) {
  return stack.payments.app.inject({
    method: 'POST',
    url: `/api/${routeOf(method)}/process-payment`,
    payload: {
      amount,
      currency: 'USD',
      merchantReference: `ORDER-${Date.now()}`,
      paymentToken,
      paymentId,
      paymentSecret: secrets.get(paymentId) ?? 'ps_none',
    },
  });
}

function createOrder(method: WalletMethod, paymentId: string, productId: number) {
  return stack.payments.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      items: [{ productId, quantity: 1 }],
      shippingAddress: napaAddress,
      paymentMethod: method,
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
const lastRequestTo = (path: string) => requestsTo(path).at(-1);

/** Apple Pay JS's ApplePayPayment: EC_v1 payment data (opaque to us; Stripe decrypts it). */
function applePayPayment(transactionIdentifier: string) {
  return {
    token: {
      paymentData: {
        version: 'EC_v1',
        data: 'bm90LXJlYWwtZW5jcnlwdGVkLWRhdGE=',
        signature: 'bm90LWEtcmVhbC1zaWduYXR1cmU=',
        header: {
          ephemeralPublicKey: 'MFkwEwYHKoZIzj0CAQ==',
          publicKeyHash: 'cHVibGljLWtleS1oYXNo',
          transactionId: 'a1b2c3d4e5f6',
        },
      },
      paymentMethod: { network: 'Visa', displayName: 'Visa 4242', type: 'credit' },
      transactionIdentifier,
    },
  };
}

/** Google Pay's PaymentData through Stripe's gateway: tokenizationData.token is Stripe's token JSON. */
function googlePayData(cardNumber?: string) {
  const token = fake.walletToken('google_pay', cardNumber);
  return {
    data: {
      apiVersion: 2,
      apiVersionMinor: 0,
      paymentMethodData: {
        type: 'CARD',
        description: `Visa •••• ${token.card.last4}`,
        info: { cardNetwork: 'VISA', cardDetails: token.card.last4 },
        tokenizationData: { type: 'PAYMENT_GATEWAY', token: JSON.stringify(token) },
      },
    },
    tokenId: token.id,
  };
}

describe('Apple Pay and Google Pay through Stripe', () => {
  it('offers both live, and tells Google Pay to tokenize through Stripe', async () => {
    const config = (await stack.payments.app.inject({ url: '/api/checkout/config' })).json();
    for (const method of ['apple_pay', 'google_pay']) {
      expect(config.methods).toContainEqual(
        expect.objectContaining({ method, available: true, testMode: false }),
      );
    }
    const google = (await stack.payments.app.inject({ url: '/api/google-pay/config' })).json();
    expect(google.tokenizationParameters).toEqual({
      gateway: 'stripe',
      'stripe:version': '2018-10-31',
      'stripe:publishableKey': STRIPE_TEST_PUBLISHABLE_KEY,
    });
  });

  it("Apple Pay: the payment data through Stripe's pk_token -> a card PaymentMethod -> paid -> one paid order", async () => {
    const lamp = await stack.insertProduct({ name: 'Apple Pay Lamp', price: '30.00', stock: 3 });
    const intent = await walletIntent('apple_pay', lamp.id);
    expect(intent).toMatchObject({
      processor: 'stripe',
      testMode: false,
      total: '39.99',
      provider: 'stripe',
    });
    // A card-only intent: Stripe lets our server confirm it without a return_url.
    expect(lastRequestTo('/v1/payment_intents')?.body).toMatchObject({
      amount: '3999',
      payment_method_types: ['card'],
    });
    expect(fake.paymentIntent(intent.reference).automatic_payment_methods).toBeNull();

    const payment = applePayPayment('7d1b4ce1f0a2c9e8b3a4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6');
    const paid = await pay('apple_pay', intent.paymentId, intent.total, payment);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ success: true, paymentId: intent.paymentId });

    const tokenCall = lastRequestTo('/v1/tokens');
    expect(tokenCall?.status).toBe(200);
    expect(tokenCall?.body).toEqual({
      pk_token: JSON.stringify(payment.token.paymentData),
      pk_token_payment_network: 'Visa',
      pk_token_instrument_name: 'Visa 4242',
      pk_token_transaction_id: payment.token.transactionIdentifier,
    });
    // The token Stripe answered is the one the PaymentMethod is made from.
    const methodCall = lastRequestTo('/v1/payment_methods');
    const tokenId = (methodCall?.body as { card?: { token?: string } } | undefined)?.card?.token ?? '';
    expect(methodCall?.body).toEqual({ type: 'card', card: { token: expect.stringMatching(/^tok_/) } });
    expect(fake.token(tokenId)).toMatchObject({
      used: true,
      card: { tokenization_method: 'apple_pay', last4: '4242' },
    });
    const held = fake.paymentIntent(intent.reference);
    expect(held).toMatchObject({ status: 'succeeded', amount_received: 3999 });
    expect(fake.paymentMethod(held.payment_method ?? '')).toMatchObject({
      type: 'card',
      card: { brand: 'visa', wallet: { type: 'apple_pay' } },
    });
    const confirm = lastRequestTo(`/v1/payment_intents/${intent.reference}/confirm`);
    expect(confirm?.body).toEqual({ payment_method: held.payment_method });
    expect(confirm?.headers.idempotencyKey).toMatch(new RegExp(`^wallet:${intent.paymentId}:`));

    await expectOnePaidOrder('apple_pay', intent, lamp.id, '39.99');
  });

  it("Google Pay: Stripe's gateway token -> a card PaymentMethod -> paid -> one paid order", async () => {
    const flask = await stack.insertProduct({ name: 'Google Pay Flask', price: '20.00', stock: 3 });
    const intent = await walletIntent('google_pay', flask.id);
    expect(intent).toMatchObject({ processor: 'stripe', total: '29.99', provider: 'stripe' });
    const tokensBefore = requestsTo('/v1/tokens').length;
    const google = googlePayData();
    const paid = await pay('google_pay', intent.paymentId, intent.total, google.data);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ success: true, paymentId: intent.paymentId });

    // Google's token is already Stripe's: no pk_token call, straight to the PaymentMethod.
    expect(requestsTo('/v1/tokens')).toHaveLength(tokensBefore);
    expect(lastRequestTo('/v1/payment_methods')?.body).toEqual({
      type: 'card',
      card: { token: google.tokenId },
    });
    const held = fake.paymentIntent(intent.reference);
    expect(held.status).toBe('succeeded');
    expect(fake.paymentMethod(held.payment_method ?? '').card?.wallet?.type).toBe('google_pay');

    await expectOnePaidOrder('google_pay', intent, flask.id, '29.99');
  });

  it.each([
    ['google_pay', () => googlePayData('4000000000000002').data],
    ['apple_pay', () => applePayPayment('ApplePayStubs~4000000000000002~1999~USD~')],
  ] as const)(
    '%s: a declined card is answered with Stripe’s words, and no order is made',
    async (method, token) => {
      const tent = await stack.insertProduct({ name: `Declined Tent ${method}`, price: '10.00', stock: 2 });
      const intent = await walletIntent(method, tent.id);
      const refused = await pay(method, intent.paymentId, intent.total, token());
      expect(refused.statusCode, refused.body).toBe(200);
      expect(refused.json()).toEqual({ success: false, paymentId: intent.paymentId, error: CARD_DECLINED });
      expect(lastRequestTo(`/v1/payment_intents/${intent.reference}/confirm`)?.status).toBe(402);
      expect(fake.paymentIntent(intent.reference)).toMatchObject({
        status: 'requires_payment_method',
        last_payment_error: { code: 'card_declined', message: 'Your card was declined.' },
      });

      expect((await postStripeEvent('payment_intent.payment_failed', intent.reference)).statusCode).toBe(200);
      await waitForJobs(stack.payments.db, { timeoutMs: 20_000 });
      const payment = await stack.payments.db
        .selectFrom('payments')
        .select(['status', 'failureReason', 'orderId'])
        .where('id', '=', intent.paymentId)
        .executeTakeFirstOrThrow();
      expect(payment).toEqual({ status: 'failed', failureReason: CARD_DECLINED, orderId: null });
      expect((await createOrder(method, intent.paymentId, tent.id)).statusCode).toBe(402);
      expect(await ordersOf(intent.paymentId)).toEqual([]);
      expect(await stack.stockOf(tent.id)).toBe(2);
    },
  );

  it('refuses a Stripe token used twice, without charging', async () => {
    const cup = await stack.insertProduct({ name: 'Reused Token Cup', price: '10.00', stock: 2 });
    const first = await walletIntent('google_pay', cup.id);
    const second = await walletIntent('google_pay', cup.id);
    const google = googlePayData();
    expect((await pay('google_pay', first.paymentId, first.total, google.data)).json()).toMatchObject({
      success: true,
    });
    const reused = await pay('google_pay', second.paymentId, second.total, google.data);
    // Stripe's 400 token_already_used is the buyer's failed payment, answered like a decline.
    expect(reused.statusCode, reused.body).toBe(200);
    expect(reused.json()).toEqual({
      success: false,
      paymentId: second.paymentId,
      error: 'Google Pay payment failed',
    });
    expect(lastRequestTo('/v1/payment_methods')?.status).toBe(400);
    expect(fake.paymentIntent(second.reference).status).toBe('requires_payment_method');
  });
});

async function expectOnePaidOrder(
  method: WalletMethod,
  intent: { paymentId: string; reference: string },
  productId: number,
  total: string,
): Promise<void> {
  // Posted again (the browser retried): success without a second confirmation.
  const confirms = requestsTo(`/v1/payment_intents/${intent.reference}/confirm`).length;
  const again = await pay(method, intent.paymentId, total, 'tok_visa');
  expect(again.json()).toEqual({ success: true, paymentId: intent.paymentId });
  expect(requestsTo(`/v1/payment_intents/${intent.reference}/confirm`)).toHaveLength(confirms);

  // Stripe's signed event alone makes the order; the browser's POST /api/orders finds it.
  expect((await postStripeEvent('payment_intent.succeeded', intent.reference)).statusCode).toBe(200);
  await waitForJobs(stack.payments.db, { timeoutMs: 20_000 });
  const orders = await ordersOf(intent.paymentId);
  expect(orders).toEqual([{ id: expect.any(Number), status: 'paid', total }]);
  const ordered = await createOrder(method, intent.paymentId, productId);
  expect(ordered.statusCode, ordered.body).toBe(201);
  expect(ordered.json()).toMatchObject({ id: orders[0]?.id, status: 'paid', total });
  expect(await ordersOf(intent.paymentId)).toHaveLength(1);
  expect(await stack.stockOf(productId)).toBe(2);
}
