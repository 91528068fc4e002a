import { service as contentService } from '@jesus-walks/content-and-events/service';
import { insertTestEvent } from '@jesus-walks/content-and-events/testing';
import {
  EventPaymentIntentResponseSchema,
  PaymentIntentResponseSchema,
} from '@jesus-walks/contracts/checkout';
import { startTestService } from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutStack, napaAddress, startCheckoutStack } from '../../testing/checkout-stack.testing';
import { type StripeCheckoutStack, startStripeCheckoutStack } from '../../testing/stripe-stack.testing';

// Finalisation tells the seller whether the payment moved real money: an order or a seat paid
// through the built-in sandbox is recorded as test mode (the admin marks it and leaves it out of
// the revenue); one paid through a real processor is not.

type Stack = CheckoutStack | StripeCheckoutStack;

async function shopIntent(stack: Stack, productId: number) {
  const response = await stack.payments.app.inject({
    method: 'POST',
    url: '/api/checkout/create-payment-intent',
    payload: {
      items: [{ productId, quantity: 1 }],
      shippingAddress: napaAddress,
      shippingMethodId: stack.groundId,
      paymentMethod: 'stripe',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return PaymentIntentResponseSchema.parse(response.json());
}

async function placeOrder(stack: Stack, paymentId: string, productId: number): Promise<number> {
  const response = await stack.payments.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      items: [{ productId, quantity: 1 }],
      shippingAddress: napaAddress,
      paymentMethod: 'stripe',
      paymentId,
      customerEmail: 'ada@example.com',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

async function payInSandbox(stack: Stack, clientSecret: string) {
  const response = await stack.payments.app.inject({
    method: 'POST',
    url: '/api/checkout/sandbox/confirm',
    payload: { clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const orderTestMode = async (stack: Stack, orderId: number) =>
  (
    await stack.catalog.db
      .selectFrom('orders')
      .select('testMode')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
  ).testMode;

describe('an order paid through the sandbox', () => {
  type ContentService = Awaited<ReturnType<typeof startContent>>;
  const startContent = () => startTestService(contentService);
  let content: ContentService;
  let stack: CheckoutStack;

  beforeAll(async () => {
    content = await startContent();
    await content.app.listen({ host: '127.0.0.1', port: 0 });
    const address = content.app.server.address();
    if (!address || typeof address === 'string') throw new Error('content-and-events is not listening');
    stack = await startCheckoutStack({ CONTENT_AND_EVENTS_URL: `http://127.0.0.1:${address.port}` });
  });
  afterAll(async () => {
    await stack?.close();
    await content?.close();
  });

  it('is recorded as test mode by catalog', async () => {
    const cap = await stack.insertProduct({ name: 'Sandbox Cap', price: '20.00', stock: 3 });
    const intent = await shopIntent(stack, cap.id);
    await payInSandbox(stack, intent.clientSecret);
    const orderId = await placeOrder(stack, intent.paymentId, cap.id);
    expect(await orderTestMode(stack, orderId)).toBe(true);
  });

  it("a paid walk's seat is recorded as test mode by content-and-events", async () => {
    const eventId = await insertTestEvent(content.db, { price: 25, capacity: 3 });
    const response = await stack.payments.app.inject({
      method: 'POST',
      url: '/api/checkout/event-payment-intent',
      payload: {
        eventId,
        fullName: 'Sandbox Walker',
        email: 'sandbox-walker@example.com',
        paymentMethod: 'stripe',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const intent = EventPaymentIntentResponseSchema.parse(response.json());
    await payInSandbox(stack, intent.clientSecret);
    const completed = await stack.payments.app.inject({
      method: 'POST',
      url: '/api/checkout/complete-registration',
      payload: { paymentId: intent.paymentId },
    });
    expect(completed.statusCode, completed.body).toBe(201);
    const seat = await content.db
      .selectFrom('registrations')
      .select(['status', 'testMode'])
      .where('id', '=', intent.registrationId)
      .executeTakeFirstOrThrow();
    expect(seat).toEqual({ status: 'confirmed', testMode: true });
  });
});

describe('an order paid through Stripe (the real SDK against the fake Stripe API)', () => {
  let stack: StripeCheckoutStack;
  beforeAll(async () => {
    stack = await startStripeCheckoutStack();
  });
  afterAll(() => stack?.close());

  it('is a real order', async () => {
    const lamp = await stack.insertProduct({ name: 'Real Lamp', price: '40.00', stock: 3 });
    const intent = await shopIntent(stack, lamp.id);
    const row = await stack.payments.db
      .selectFrom('payments')
      .select('providerReference')
      .where('id', '=', intent.paymentId)
      .executeTakeFirstOrThrow();
    stack.fake.succeed(row.providerReference);
    const orderId = await placeOrder(stack, intent.paymentId, lamp.id);
    expect(await orderTestMode(stack, orderId)).toBe(false);
  });
});
