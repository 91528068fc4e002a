import { PaymentIntentResponseSchema } from '@jesus-walks/contracts/checkout';
import { waitForJobs } from '@jesus-walks/test-kit/jobs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CheckoutStack, napaAddress, startCheckoutStack } from '../../testing/checkout-stack.testing';
import {
  type FakeCoinbaseServer,
  startFakeCoinbaseServer,
} from '../providers/coinbase/fake-coinbase-server.testing';

type Stack = CheckoutStack;

async function intentFor(stack: Stack, productId: number, quantity = 1) {
  const response = await stack.payments.app.inject({
    method: 'POST',
    url: '/api/checkout/create-payment-intent',
    payload: {
      items: [{ productId, quantity }],
      shippingAddress: napaAddress,
      shippingMethodId: stack.groundId,
      paymentMethod: 'crypto',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return PaymentIntentResponseSchema.parse(response.json());
}

function processPayment(stack: Stack, provider: 'stripe' | 'coinbase', paymentId: string, coin = 'bitcoin') {
  return stack.payments.app.inject({
    method: 'POST',
    url: `/api/crypto/${provider}/process-payment`,
    payload: {
      amount: '1.00',
      currency: 'USD',
      cryptocurrency: coin,
      description: 'Jesus Walks order',
      merchantReference: `ORDER-${Date.now()}`,
      customerEmail: 'ada@example.com',
      paymentId,
    },
  });
}

async function verify(stack: Stack, paymentId: string, provider: 'stripe' | 'coinbase' = 'coinbase') {
  const response = await stack.payments.app.inject({
    method: 'POST',
    url: '/api/crypto/verify-payment',
    payload: { paymentId, provider },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { success: boolean; error?: string };
}

function createOrder(stack: Stack, paymentId: string, productId: number) {
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

const ordersOf = (stack: Stack, paymentId: string) =>
  stack.catalog.db
    .selectFrom('orders')
    .select(['id', 'status', 'total'])
    .where('paymentId', '=', paymentId)
    .execute();

const paymentRow = (stack: Stack, id: string) =>
  stack.payments.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('crypto in test mode (the sandbox hosted charge)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startCheckoutStack({ CRYPTO_RATES_URL: 'off' });
  });
  afterAll(() => stack?.close());

  it('offers the 12-coin table marked fallback when no live rates can be read', async () => {
    const response = await stack.payments.app.inject({ url: '/api/crypto/exchange-rates?currency=USD' });
    expect(response.statusCode).toBe(200);
    const rates = response.json() as { cryptocurrency: string; source: string }[];
    expect(rates).toHaveLength(12);
    expect(rates.every((rate) => rate.source === 'fallback')).toBe(true);
  });

  it('buys end to end: intent -> charge -> complete on the hosted page -> verify -> one paid order', async () => {
    const boots = await stack.insertProduct({ name: 'Crypto Boots', price: '90.01', stock: 3 });
    const intent = await intentFor(stack, boots.id);
    expect(intent).toMatchObject({ processor: 'sandbox', testMode: true, total: '100.00' });

    const charged = await processPayment(stack, 'coinbase', intent.paymentId, 'usdc');
    expect(charged.statusCode, charged.body).toBe(200);
    const result = charged.json();
    expect(result).toMatchObject({
      success: true,
      paymentId: intent.paymentId,
      cryptoAmount: '100.00000000',
    });
    expect(result.paymentUrl).toMatch(/^\/crypto\/sandbox\/SBX[0-9A-F]+$/);
    const code = String(result.paymentUrl).split('/').at(-1);
    // A retried call answers the same open charge.
    expect((await processPayment(stack, 'coinbase', intent.paymentId, 'usdc')).json().paymentUrl).toBe(
      result.paymentUrl,
    );

    const page = await stack.payments.app.inject({ url: `/api/crypto/sandbox/charges/${code}` });
    expect(page.json()).toMatchObject({
      status: 'open',
      amount: '100.00',
      cryptocurrency: 'usdc',
      provider: 'coinbase',
    });
    expect(await verify(stack, intent.paymentId)).toEqual({ success: false });
    expect((await createOrder(stack, intent.paymentId, boots.id)).statusCode).toBe(402);

    const completed = await stack.payments.app.inject({
      method: 'POST',
      url: `/api/crypto/sandbox/charges/${code}/complete`,
      payload: { paymentSecret: intent.paymentSecret },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json().status).toBe('completed');
    expect(await verify(stack, intent.paymentId)).toEqual({ success: true });

    const order = await createOrder(stack, intent.paymentId, boots.id);
    expect(order.statusCode, order.body).toBe(201);
    await waitForJobs(stack.payments.db);
    expect(await ordersOf(stack, intent.paymentId)).toEqual([
      { id: order.json().id, status: 'paid', total: '100.00' },
    ]);
    expect(await stack.stockOf(boots.id)).toBe(2);
    expect(await paymentRow(stack, intent.paymentId)).toMatchObject({
      status: 'succeeded',
      customerEmail: 'ada@example.com',
      paymentMethod: 'crypto',
    });
  });

  it('creates exactly one order when the webhook and the browser both arrive', async () => {
    const cap = await stack.insertProduct({ name: 'Crypto Cap', price: '10.00', stock: 5 });
    const intent = await intentFor(stack, cap.id);
    const code = (await processPayment(stack, 'stripe', intent.paymentId, 'ethereum'))
      .json()
      .paymentUrl.split('/')
      .at(-1);
    await stack.payments.app.inject({
      method: 'POST',
      url: `/api/crypto/sandbox/charges/${code}/complete`,
      payload: { paymentSecret: intent.paymentSecret },
    });
    // The signed event is delivered to payments' port and finalises while the browser orders too.
    const [first, second] = await Promise.all([
      createOrder(stack, intent.paymentId, cap.id),
      createOrder(stack, intent.paymentId, cap.id),
    ]);
    await waitForJobs(stack.payments.db);
    const orders = await ordersOf(stack, intent.paymentId);
    expect(orders).toHaveLength(1);
    for (const answer of [first, second]) {
      if (answer.statusCode === 201) expect(answer.json().id).toBe(orders[0]?.id);
    }
    expect(await stack.stockOf(cap.id)).toBe(4);
    const events = await stack.payments.db
      .selectFrom('webhookEvents')
      .select(['type', 'processedAt'])
      .where('provider', '=', 'sandbox')
      .where(({ eb }) => eb.cast('payload', 'text'), 'like', `%${intent.paymentId}%`)
      .execute();
    expect(events.map((event) => event.type)).toEqual(['payment_intent.succeeded']);
    expect(events[0]?.processedAt).not.toBeNull();
  });

  it('an expired charge creates no order; a new charge after it can still be paid', async () => {
    const pack = await stack.insertProduct({ name: 'Crypto Pack', price: '20.00', stock: 2 });
    const intent = await intentFor(stack, pack.id);
    const code = (await processPayment(stack, 'coinbase', intent.paymentId))
      .json()
      .paymentUrl.split('/')
      .at(-1);
    const expired = await stack.payments.app.inject({
      method: 'POST',
      url: `/api/crypto/sandbox/charges/${code}/expire`,
      payload: { paymentSecret: intent.paymentSecret },
    });
    expect(expired.json().status).toBe('expired');
    const verified = await verify(stack, intent.paymentId);
    expect(verified.success).toBe(false);
    expect(verified.error).toContain('expired');
    const late = await stack.payments.app.inject({
      method: 'POST',
      url: `/api/crypto/sandbox/charges/${code}/complete`,
      payload: { paymentSecret: intent.paymentSecret },
    });
    expect(late.statusCode).toBe(409);
    await waitForJobs(stack.payments.db);
    expect((await createOrder(stack, intent.paymentId, pack.id)).statusCode).toBe(402);
    expect(await ordersOf(stack, intent.paymentId)).toEqual([]);
    expect(await paymentRow(stack, intent.paymentId)).toMatchObject({
      status: 'failed',
      failureReason: 'Payment expired',
    });

    // 'Try Again': a new charge on the same checkout.
    const retry = await processPayment(stack, 'coinbase', intent.paymentId);
    expect(retry.json().paymentUrl).not.toContain(code);
    expect(await verify(stack, intent.paymentId)).toEqual({ success: false });
  });

  it("pays or expires a charge only with its payment's secret: the charge's code is not enough", async () => {
    const mug = await stack.insertProduct({ name: 'Crypto Mug', price: '15.00', stock: 2 });
    const intent = await intentFor(stack, mug.id);
    const other = await intentFor(stack, mug.id);
    const code = (await processPayment(stack, 'coinbase', intent.paymentId))
      .json()
      .paymentUrl.split('/')
      .at(-1);
    const settle = (action: 'complete' | 'expire', payload?: object) =>
      stack.payments.app.inject({
        method: 'POST',
        url: `/api/crypto/sandbox/charges/${code}/${action}`,
        ...(payload ? { payload } : {}),
      });
    for (const action of ['complete', 'expire'] as const) {
      expect((await settle(action)).statusCode).toBe(400);
      const stranger = await settle(action, { paymentSecret: other.paymentSecret });
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json()).toEqual({
        message: 'No payment matches this payment secret',
        code: 'not_found',
      });
    }
    expect(
      (await stack.payments.app.inject({ url: `/api/crypto/sandbox/charges/${code}` })).json().status,
    ).toBe('open');
    expect(await verify(stack, intent.paymentId)).toEqual({ success: false });
    const paid = await settle('complete', { paymentSecret: intent.paymentSecret });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe('completed');
  });

  it('refuses a payment id that is not a crypto checkout', async () => {
    const hat = await stack.insertProduct({ name: 'Card Hat', price: '5.00', stock: 2 });
    const response = await stack.payments.app.inject({
      method: 'POST',
      url: '/api/checkout/create-payment-intent',
      payload: {
        items: [{ productId: hat.id, quantity: 1 }],
        shippingAddress: napaAddress,
        shippingMethodId: stack.groundId,
      },
    });
    const answer = await processPayment(stack, 'coinbase', response.json().paymentId);
    expect(answer.statusCode).toBe(409);
  });
});

describe('crypto on Coinbase Commerce (the SDK against the fake API)', () => {
  let stack: Stack;
  let fake: FakeCoinbaseServer;
  beforeAll(async () => {
    fake = await startFakeCoinbaseServer();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stack = await startCheckoutStack({
      CRYPTO_RATES_URL: 'off',
      COINBASE_COMMERCE_API_KEY: fake.apiKey,
      COINBASE_COMMERCE_WEBHOOK_SECRET: fake.webhookSecret,
      COINBASE_COMMERCE_API_BASE_URL: fake.url,
    });
    warn.mockRestore();
  });
  afterAll(async () => {
    await stack?.close();
    await fake?.close();
  });

  const webhook = (body: string, signature: string) =>
    stack.payments.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/coinbase',
      headers: { 'content-type': 'application/json', 'x-cc-webhook-signature': signature },
      payload: body,
    });

  it('charges the quote, orders once from a signed webhook, refuses forged ones, records a replay once', async () => {
    const config = await stack.payments.app.inject({ url: '/api/checkout/config' });
    expect(config.json().crypto).toEqual({ providers: ['coinbase'] });
    const tent = await stack.insertProduct({ name: 'Coinbase Tent', price: '40.01', stock: 2 });
    const intent = await intentFor(stack, tent.id);
    expect(intent.processor).toBe('coinbase');
    const charge = [...fake.charges.values()].find((c) => c.metadata.paymentId === intent.paymentId);
    expect(charge?.pricing.local).toEqual({ amount: '50.00', currency: 'USD' });
    if (!charge) throw new Error('no charge');

    const answer = await processPayment(stack, 'coinbase', intent.paymentId, 'litecoin');
    expect(answer.json()).toMatchObject({
      success: true,
      paymentUrl: charge.hosted_url,
      walletAddress: charge.addresses.litecoin,
      cryptoAmount: charge.pricing.litecoin?.amount,
    });
    expect((await processPayment(stack, 'stripe', intent.paymentId)).statusCode).toBe(409);

    const forged = fake.signedEvent('charge:confirmed', charge.code, 'a-forged-secret');
    expect((await webhook(forged.body, forged.signature)).statusCode).toBe(400);
    expect(await ordersOf(stack, intent.paymentId)).toEqual([]);

    fake.setStatus(charge.code, 'COMPLETED');
    const confirmed = fake.signedEvent('charge:confirmed', charge.code);
    expect((await webhook(confirmed.body, confirmed.signature)).statusCode).toBe(200);
    expect((await webhook(confirmed.body, confirmed.signature)).statusCode).toBe(200);
    await waitForJobs(stack.payments.db);
    expect(await ordersOf(stack, intent.paymentId)).toHaveLength(1);
    const events = await stack.payments.db
      .selectFrom('webhookEvents')
      .select('eventId')
      .where('provider', '=', 'coinbase')
      .where('eventId', '=', confirmed.id)
      .execute();
    expect(events).toHaveLength(1);
    expect(await verify(stack, intent.paymentId)).toEqual({ success: true });
    expect((await createOrder(stack, intent.paymentId, tent.id)).statusCode).toBe(201);
    expect(await ordersOf(stack, intent.paymentId)).toHaveLength(1);
  });

  it('an expired charge: verify says expired, charge:failed marks it failed, no order', async () => {
    const pole = await stack.insertProduct({ name: 'Coinbase Pole', price: '15.00', stock: 2 });
    const intent = await intentFor(stack, pole.id);
    const charge = [...fake.charges.values()].find((c) => c.metadata.paymentId === intent.paymentId);
    if (!charge) throw new Error('no charge');
    fake.setStatus(charge.code, 'EXPIRED');
    expect(await verify(stack, intent.paymentId)).toEqual({ success: false, error: 'Payment expired' });
    const failed = fake.signedEvent('charge:failed', charge.code);
    expect((await webhook(failed.body, failed.signature)).statusCode).toBe(200);
    await waitForJobs(stack.payments.db);
    expect((await paymentRow(stack, intent.paymentId)).status).toBe('failed');
    expect((await createOrder(stack, intent.paymentId, pole.id)).statusCode).toBe(402);
    expect(await ordersOf(stack, intent.paymentId)).toEqual([]);
  });
});
