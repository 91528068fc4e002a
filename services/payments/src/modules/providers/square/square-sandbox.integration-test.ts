import { PaymentIntentResponseSchema } from '@jesus-walks/contracts/checkout';
import { waitForJobs } from '@jesus-walks/test-kit/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutStack, napaAddress, startCheckoutStack } from '../../../testing/checkout-stack.testing';

/** No Square keys, the sandbox on (a fresh `pnpm start`): the Square tile pays on the sandbox's card form. */
let stack: CheckoutStack;

beforeAll(async () => {
  stack = await startCheckoutStack();
});
afterAll(async () => {
  await stack?.close();
});

describe('Square without keys, in the sandbox', () => {
  it("shows the Square tile in test mode; Square's own configuration is not there", async () => {
    const config = (await stack.payments.app.inject({ url: '/api/checkout/config' })).json();
    expect(config.methods[1]).toEqual({
      method: 'square',
      label: 'Square',
      available: true,
      testMode: true,
      reason: null,
    });
    const square = await stack.payments.app.inject({ url: '/api/square-config' });
    expect(square.statusCode).toBe(404);
    expect(square.json()).toMatchObject({ message: 'Square is not configured' });
    const pay = await stack.payments.app.inject({
      method: 'POST',
      url: '/api/checkout/square/pay',
      payload: {
        paymentId: '00000000-0000-4000-8000-000000000000',
        paymentSecret: 'ps_none',
        sourceId: 'cnon:card-nonce-ok',
      },
    });
    expect(pay.statusCode).toBe(404);
    const webhook = await stack.payments.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/square',
      headers: { 'content-type': 'application/json', 'x-square-hmacsha256-signature': 'x' },
      payload: '{}',
    });
    expect(webhook.statusCode).toBe(400);
  });

  it('buys with the sandbox test card to one paid order, the payment made with Square', async () => {
    const cap = await stack.insertProduct({ name: 'Sandbox Square Cap', price: '24.50', stock: 5 });
    const items = [{ productId: cap.id, quantity: 1 }];
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
    expect(intent).toMatchObject({ processor: 'sandbox', testMode: true, total: '34.49' });

    const confirmed = await stack.payments.app.inject({
      method: 'POST',
      url: '/api/checkout/sandbox/confirm',
      payload: {
        clientSecret: intent.clientSecret,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12 / 40',
        cvc: '123',
      },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const order = await stack.payments.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { items, shippingAddress: napaAddress, paymentMethod: 'square', paymentId: intent.paymentId },
    });
    expect(order.statusCode, order.body).toBe(201);
    await waitForJobs(stack.payments.db, { timeoutMs: 20_000 });
    const orders = await stack.catalog.db
      .selectFrom('orders')
      .select(['status', 'total', 'paymentMethod'])
      .where('paymentId', '=', intent.paymentId)
      .execute();
    expect(orders).toEqual([{ status: 'paid', total: '34.49', paymentMethod: 'square' }]);
    const payment = await stack.payments.db
      .selectFrom('payments')
      .select(['provider', 'paymentMethod'])
      .where('id', '=', intent.paymentId)
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({ provider: 'sandbox', paymentMethod: 'square' });
  });
});
