import { PaymentIntentResponseSchema } from '@jesus-walks/contracts/checkout';
import { SAFEKEY_PAYMENT_FAILED } from '@jesus-walks/contracts/payments';
import { waitForJobs } from '@jesus-walks/test-kit/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutStack, napaAddress, startCheckoutStack } from '../../../testing/checkout-stack.testing';

let stack: CheckoutStack;

beforeAll(async () => {
  stack = await startCheckoutStack();
});
afterAll(() => stack?.close());

const approved = { cardNumber: '4000 0000 0000 0077', mobileNumber: '+1 (555) 010-0000' };
const declined = { cardNumber: '4000 0000 0000 0002', mobileNumber: '+1 (555) 010-0000' };

async function safekeyIntent(items: { productId: number; quantity: number }[]) {
  const response = await stack.payments.app.inject({
    method: 'POST',
    url: '/api/checkout/create-payment-intent',
    payload: {
      items,
      shippingAddress: napaAddress,
      shippingMethodId: stack.groundId,
      paymentMethod: 'safekey',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const intent = PaymentIntentResponseSchema.parse(response.json());
  secrets.set(intent.paymentId, intent.paymentSecret);
  return intent;
}

/** Each payment's secret, as its browser keeps it from the intent's answer. */
const secrets = new Map<string, string>();

/** As the checkout sends it: with the payment's secret when it names a payment. */
function processPayment(payload: Record<string, unknown>) {
  const secret = typeof payload.paymentId === 'string' ? secrets.get(payload.paymentId) : undefined;
  return stack.payments.app.inject({
    method: 'POST',
    url: '/api/safekey/process-payment',
    payload: { ...(secret ? { paymentSecret: secret } : {}), ...payload },
  });
}

function createOrder(paymentId: string, productId: number) {
  return stack.payments.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      items: [{ productId, quantity: 1 }],
      shippingAddress: napaAddress,
      paymentMethod: 'safekey',
      paymentId,
      customerEmail: 'ada@example.com',
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

describe('SafeKey checkout (sandbox network)', () => {
  it('pays with the test numbers, then one paid order however often the browser asks', async () => {
    const product = await stack.insertProduct({ name: 'SafeKey Cap', price: '20.00', stock: 3 });
    const intent = await safekeyIntent([{ productId: product.id, quantity: 1 }]);
    expect(intent).toMatchObject({ processor: 'safekey', testMode: true, total: '29.99' });

    const paid = await processPayment({
      amount: intent.total,
      currency: 'USD',
      ...approved,
      merchantReference: `ORDER-${Date.now()}`,
      paymentId: intent.paymentId,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ success: true, paymentId: intent.paymentId });
    expect(paid.json().authReference).toMatch(/^SKAUTH_SANDBOX_/);

    // A second call (double click) does not authorise again.
    const again = await processPayment({
      amount: intent.total,
      ...approved,
      merchantReference: 'ORDER-again',
      paymentId: intent.paymentId,
    });
    expect(again.json()).toEqual(paid.json());

    const [first, second] = await Promise.all([
      createOrder(intent.paymentId, product.id),
      createOrder(intent.paymentId, product.id),
    ]);
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().id).toBe(first.json().id);
    await waitForJobs(stack.payments.db);
    expect(await ordersOf(intent.paymentId)).toEqual([
      { id: first.json().id, status: 'paid', total: '29.99' },
    ]);
    expect(await stack.stockOf(product.id)).toBe(2);
    expect(await paymentRow(intent.paymentId)).toMatchObject({
      provider: 'safekey',
      paymentMethod: 'safekey',
      status: 'succeeded',
      orderId: first.json().id,
    });
  });

  it('makes the order even when the browser never calls back (the finalise job)', async () => {
    const product = await stack.insertProduct({ name: 'SafeKey Flask', price: '12.00', stock: 2 });
    const intent = await safekeyIntent([{ productId: product.id, quantity: 1 }]);
    const paid = await processPayment({
      amount: intent.total,
      ...approved,
      merchantReference: 'ORDER-1',
      paymentId: intent.paymentId,
      contact: { fullName: 'Ada Walker', email: 'ada@example.com', phone: '555-0100' },
    });
    expect(paid.json()).toMatchObject({ success: true });
    await waitForJobs(stack.payments.db);
    expect(await ordersOf(intent.paymentId)).toHaveLength(1);
    const contact = await stack.contactOf(intent.paymentId);
    expect(contact).toEqual({
      customerName: 'Ada Walker',
      customerEmail: 'ada@example.com',
      customerPhone: '555-0100',
    });
    expect((await paymentRow(intent.paymentId)).status).toBe('succeeded');
  });

  it('declines card 4000 0000 0000 0002: no order, the payment failed with the reason, and may be paid again', async () => {
    const product = await stack.insertProduct({ name: 'SafeKey Socks', price: '8.00', stock: 2 });
    const intent = await safekeyIntent([{ productId: product.id, quantity: 1 }]);
    const refused = await processPayment({
      amount: intent.total,
      ...declined,
      merchantReference: 'ORDER-2',
      paymentId: intent.paymentId,
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toEqual({
      success: false,
      paymentId: intent.paymentId,
      error: SAFEKEY_PAYMENT_FAILED,
    });
    const order = await createOrder(intent.paymentId, product.id);
    expect(order.statusCode).toBe(402);
    expect(order.json()).toMatchObject({ message: 'Payment not completed' });
    expect(await ordersOf(intent.paymentId)).toEqual([]);
    expect(await paymentRow(intent.paymentId)).toMatchObject({
      status: 'failed',
      failureReason: SAFEKEY_PAYMENT_FAILED,
    });
    expect(await stack.stockOf(product.id)).toBe(2);

    const retried = await processPayment({
      amount: intent.total,
      ...approved,
      merchantReference: 'ORDER-3',
      paymentId: intent.paymentId,
    });
    expect(retried.json()).toMatchObject({ success: true });
    expect((await createOrder(intent.paymentId, product.id)).statusCode).toBe(201);
  });

  it('refuses an amount other than the quoted total, and a payment of another method', async () => {
    const product = await stack.insertProduct({ name: 'SafeKey Map', price: '5.00', stock: 2 });
    const intent = await safekeyIntent([{ productId: product.id, quantity: 1 }]);
    const wrong = await processPayment({
      amount: '1.00',
      ...approved,
      merchantReference: 'ORDER-4',
      paymentId: intent.paymentId,
    });
    expect(wrong.statusCode).toBe(422);

    const stripeIntent = await stack.payments.app.inject({
      method: 'POST',
      url: '/api/checkout/create-payment-intent',
      payload: {
        items: [{ productId: product.id, quantity: 1 }],
        shippingAddress: napaAddress,
        shippingMethodId: stack.groundId,
      },
    });
    const other = PaymentIntentResponseSchema.parse(stripeIntent.json());
    secrets.set(other.paymentId, other.paymentSecret);
    const mismatched = await processPayment({
      amount: other.total,
      ...approved,
      merchantReference: 'ORDER-5',
      paymentId: other.paymentId,
    });
    expect(mismatched.statusCode).toBe(409);
  });

  it('validates the numbers, and answers the test page without a checkout', async () => {
    const invalid = await processPayment({
      amount: 10,
      mobileNumber: '12',
      cardNumber: 'abc',
      merchantReference: 'ORDER-6',
    });
    expect(invalid.statusCode).toBe(400);
    const test = await processPayment({
      amount: 10,
      currency: 'USD',
      ...approved,
      merchantReference: 'ORDER-7',
    });
    expect(test.json()).toMatchObject({ success: true });
    const initiated = await stack.payments.app.inject({
      method: 'POST',
      url: '/api/safekey/initiate-payment',
      payload: { amount: 10, currency: 'USD' },
    });
    expect(initiated.statusCode).toBe(200);
    expect(initiated.json()).toEqual({ success: true });
  });
});
