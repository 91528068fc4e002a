import {
  CARD_DECLINED,
  type PaymentIntentResponse,
  PaymentIntentResponseSchema,
} from '@jesus-walks/contracts/checkout';
import type { PaymentMethod } from '@jesus-walks/contracts/payable';
import { identityHeaders, testUser } from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutStack, napaAddress, startCheckoutStack } from '../../testing/checkout-stack.testing';
import {
  type FakeSquareServer,
  SQUARE_TEST_NONCES,
  startFakeSquareServer,
} from '../providers/square/fake-square-server.testing';
import { CLOSED_AFTER_DECLINES } from './card-attempts.service';
import { PAYMENT_CLOSED, TOO_MANY_CHECKOUTS, TOO_MANY_DECLINES } from './payment-limits.service';

/**
 * Card testing: someone trying stolen card numbers until one goes through. Every route that takes
 * a card or a token counts declines per payment (the last one closes it), per client address and
 * per member over an hour, and answers 429 in words a buyer understands; starting a checkout is
 * limited per address too. Square with its keys (a local fake), the other methods on the sandbox.
 */

let fake: FakeSquareServer;
let stack: CheckoutStack;
let productId: number;

const limits = {
  PAYMENT_DECLINES_PER_PAYMENT: '3',
  PAYMENT_DECLINES_PER_ADDRESS_PER_HOUR: '5',
  PAYMENT_DECLINES_PER_MEMBER_PER_HOUR: '4',
  PAYMENT_INTENTS_PER_ADDRESS_PER_HOUR: '6',
};

beforeAll(async () => {
  fake = await startFakeSquareServer();
  stack = await startCheckoutStack({
    ...limits,
    SQUARE_ACCESS_TOKEN: fake.accessToken,
    SQUARE_APPLICATION_ID: fake.applicationId,
    SQUARE_LOCATION_ID: fake.locationId,
    SQUARE_WEBHOOK_SIGNATURE_KEY: 'square-webhook-signature-key-0123',
    SQUARE_WEBHOOK_URL: 'https://shop.example/api/payments/webhooks/square',
    SQUARE_API_BASE_URL: fake.url,
  });
  productId = (await stack.insertProduct({ name: 'Tested Cap', price: '10.00', stock: 500 })).id;
});
afterAll(async () => {
  await stack?.close();
  await fake?.close();
});

/** Each test's clients come from addresses of their own, so their counts are theirs. */
let nextAddress = 0;
const newAddress = () => `203.0.113.${++nextAddress}`;

async function intentFor(
  paymentMethod: PaymentMethod,
  address = newAddress(),
): Promise<PaymentIntentResponse> {
  const response = await createIntent(paymentMethod, address);
  expect(response.statusCode, response.body).toBe(201);
  return PaymentIntentResponseSchema.parse(response.json());
}

function createIntent(paymentMethod: PaymentMethod, address: string) {
  return stack.payments.app.inject({
    method: 'POST',
    url: '/api/checkout/create-payment-intent',
    remoteAddress: address,
    payload: {
      items: [{ productId, quantity: 1 }],
      shippingAddress: napaAddress,
      shippingMethodId: stack.groundId,
      paymentMethod,
    },
  });
}

const DECLINED_CARD = '4000 0000 0000 0002';
const GOOD_CARD = '4242 4242 4242 4242';

function sandboxCard(intent: PaymentIntentResponse, cardNumber: string, address: string, headers = {}) {
  return stack.payments.app.inject({
    method: 'POST',
    url: '/api/checkout/sandbox/confirm',
    remoteAddress: address,
    headers,
    payload: { clientSecret: intent.clientSecret, cardNumber, expiry: '12 / 40', cvc: '123' },
  });
}

const paymentRow = (id: string) =>
  stack.payments.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const closed = { message: PAYMENT_CLOSED, code: 'rate_limited' };
const tooMany = { message: TOO_MANY_DECLINES, code: 'rate_limited' };

describe('POST /api/checkout/sandbox/confirm', () => {
  it('closes a payment at its third decline: every further attempt says it is closed; a new checkout pays', async () => {
    const address = newAddress();
    const intent = await intentFor('stripe', address);
    for (let i = 0; i < 2; i++) {
      const declined = await sandboxCard(intent, DECLINED_CARD, address);
      expect(declined.statusCode).toBe(402);
      expect(declined.json()).toEqual({ message: CARD_DECLINED, code: 'card_declined' });
    }
    const third = await sandboxCard(intent, DECLINED_CARD, address);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual(closed);
    expect(PAYMENT_CLOSED).toMatch(/closed\. Please start the checkout again\.$/);
    expect(await paymentRow(intent.paymentId)).toMatchObject({
      status: 'cancelled',
      failureReason: CLOSED_AFTER_DECLINES,
    });
    // Even the good card: the payment is closed, not merely declined.
    const good = await sandboxCard(intent, GOOD_CARD, address);
    expect(good.statusCode).toBe(429);
    expect(good.json()).toEqual(closed);
    // Starting again works.
    const again = await intentFor('stripe', address);
    expect((await sandboxCard(again, GOOD_CARD, address)).statusCode).toBe(200);
  });

  it('a paid or otherwise refused attempt is no decline: only declines count', async () => {
    const address = newAddress();
    for (let i = 0; i < 6; i++) {
      const intent = await intentFor('stripe', newAddress());
      const expired = await stack.payments.app.inject({
        method: 'POST',
        url: '/api/checkout/sandbox/confirm',
        remoteAddress: address,
        payload: { clientSecret: intent.clientSecret, cardNumber: GOOD_CARD, expiry: '01 / 20', cvc: '123' },
      });
      expect(expired.statusCode).toBe(400);
      expect((await sandboxCard(intent, GOOD_CARD, address)).statusCode).toBe(200);
      // Paid already: a conflict, not a decline.
      expect((await sandboxCard(intent, DECLINED_CARD, address)).statusCode).toBe(409);
    }
  });

  it('20 declined cards at once from one address: 5 reach the processor, the rest are 429', async () => {
    const intents = [];
    for (let i = 0; i < 20; i++) intents.push(await intentFor('stripe'));
    const address = newAddress();
    const answers = await Promise.all(intents.map((intent) => sandboxCard(intent, DECLINED_CARD, address)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 402)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    for (const refused of answers.filter((answer) => answer.statusCode === 429)) {
      expect(refused.json()).toEqual(tooMany);
    }
    const failed = await stack.payments.db
      .selectFrom('sandboxIntents')
      .select('id')
      .where(
        'paymentId',
        'in',
        intents.map((intent) => intent.paymentId),
      )
      .where('failureMessage', 'is not', null)
      .execute();
    expect(failed).toHaveLength(5);
    // The good card from that address waits too; another address pays.
    const next = await intentFor('stripe');
    expect((await sandboxCard(next, GOOD_CARD, address)).json()).toEqual(tooMany);
    expect((await sandboxCard(next, GOOD_CARD, newAddress())).statusCode).toBe(200);
  });

  it('counts a member across addresses', async () => {
    const url = '/api/checkout/sandbox/confirm';
    for (let i = 0; i < 4; i++) {
      const address = newAddress();
      const intent = await intentFor('stripe');
      const declined = await sandboxCard(
        intent,
        DECLINED_CARD,
        address,
        await identityHeaders(testUser, 'POST', url, address),
      );
      expect(declined.statusCode).toBe(402);
    }
    const address = newAddress();
    const intent = await intentFor('stripe');
    const fifth = await sandboxCard(
      intent,
      GOOD_CARD,
      address,
      await identityHeaders(testUser, 'POST', url, address),
    );
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual(tooMany);
    // A guest at that address is not held back by the member.
    expect((await sandboxCard(intent, GOOD_CARD, address)).statusCode).toBe(200);
  });
});

describe('POST /api/checkout/create-payment-intent', () => {
  it('starts 6 checkouts an hour per address, then 429; another address still starts one', async () => {
    const address = newAddress();
    for (let i = 0; i < 6; i++) expect((await createIntent('stripe', address)).statusCode).toBe(201);
    const seventh = await createIntent('stripe', address);
    expect(seventh.statusCode).toBe(429);
    expect(seventh.json()).toEqual({ message: TOO_MANY_CHECKOUTS, code: 'rate_limited' });
    expect((await createIntent('stripe', newAddress())).statusCode).toBe(201);
  });

  it('starts none for an address that has used up its declines', async () => {
    const address = newAddress();
    for (let i = 0; i < 5; i++) {
      const intent = await intentFor('stripe');
      expect((await sandboxCard(intent, DECLINED_CARD, address)).statusCode).toBe(402);
    }
    const refused = await createIntent('stripe', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(tooMany);
  });
});

describe('POST /api/checkout/square/pay', () => {
  const pay = (
    intent: PaymentIntentResponse,
    sourceId: string,
    address: string,
    secret = intent.paymentSecret,
  ) =>
    stack.payments.app.inject({
      method: 'POST',
      url: '/api/checkout/square/pay',
      remoteAddress: address,
      payload: { paymentId: intent.paymentId, paymentSecret: secret, sourceId },
    });

  it("pays only with the payment's secret", async () => {
    const intent = await intentFor('square');
    const other = await intentFor('square');
    const stranger = await pay(intent, SQUARE_TEST_NONCES.ok, newAddress(), other.paymentSecret);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ message: 'No payment matches this payment secret', code: 'not_found' });
    const missing = await stack.payments.app.inject({
      method: 'POST',
      url: '/api/checkout/square/pay',
      payload: { paymentId: intent.paymentId, sourceId: SQUARE_TEST_NONCES.ok },
    });
    expect(missing.statusCode).toBe(400);
    expect((await paymentRow(intent.paymentId)).status).toBe('pending');
    expect((await pay(intent, SQUARE_TEST_NONCES.ok, newAddress())).statusCode).toBe(200);
  });

  it('closes the payment at its third declined card', async () => {
    const address = newAddress();
    const intent = await intentFor('square');
    expect((await pay(intent, SQUARE_TEST_NONCES.declined, address)).statusCode).toBe(402);
    expect((await pay(intent, SQUARE_TEST_NONCES.declined, address)).statusCode).toBe(402);
    expect((await pay(intent, SQUARE_TEST_NONCES.declined, address)).json()).toEqual(closed);
    const good = await pay(intent, SQUARE_TEST_NONCES.ok, address);
    expect(good.statusCode).toBe(429);
    expect(good.json()).toEqual(closed);
    expect((await paymentRow(intent.paymentId)).status).toBe('cancelled');
  });
});

describe('POST /api/safekey/process-payment', () => {
  const safekey = (intent: PaymentIntentResponse, cardNumber: string, address: string, secret?: string) =>
    stack.payments.app.inject({
      method: 'POST',
      url: '/api/safekey/process-payment',
      remoteAddress: address,
      payload: {
        amount: intent.total,
        cardNumber,
        mobileNumber: '+1 (555) 010-0000',
        merchantReference: 'ORDER-1',
        paymentId: intent.paymentId,
        ...(secret === undefined ? {} : { paymentSecret: secret }),
      },
    });
  const APPROVED = '4000 0000 0000 0077';

  it("pays only with the payment's secret", async () => {
    const intent = await intentFor('safekey');
    for (const secret of [undefined, 'ps_guess']) {
      const refused = await safekey(intent, APPROVED, newAddress(), secret);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({
        message: 'No payment matches this payment secret',
        code: 'not_found',
      });
    }
    const paid = await safekey(intent, APPROVED, newAddress(), intent.paymentSecret);
    expect(paid.json()).toMatchObject({ success: true, paymentId: intent.paymentId });
  });

  it('closes the payment at its third decline', async () => {
    const address = newAddress();
    const intent = await intentFor('safekey');
    for (let i = 0; i < 2; i++) {
      const declined = await safekey(intent, DECLINED_CARD, address, intent.paymentSecret);
      expect(declined.statusCode).toBe(200);
      expect(declined.json()).toMatchObject({ success: false });
    }
    expect((await safekey(intent, DECLINED_CARD, address, intent.paymentSecret)).json()).toEqual(closed);
    const good = await safekey(intent, APPROVED, address, intent.paymentSecret);
    expect(good.statusCode).toBe(429);
    expect(good.json()).toEqual(closed);
  });
});

describe.each([
  ['apple_pay', 'apple-pay'],
  ['google_pay', 'google-pay'],
] as const)('POST /api/%s process-payment', (method, path) => {
  const pay = (intent: PaymentIntentResponse | null, token: string, address: string, secret?: string) =>
    stack.payments.app.inject({
      method: 'POST',
      url: `/api/${path}/process-payment`,
      remoteAddress: address,
      payload: {
        amount: intent?.total ?? '10.00',
        merchantReference: 'ORDER-1',
        paymentToken: token,
        ...(intent ? { paymentId: intent.paymentId } : {}),
        ...(secret === undefined ? {} : { paymentSecret: secret }),
      },
    });

  it("pays only with the payment's secret", async () => {
    const intent = await intentFor(method);
    const refused = await pay(intent, 'tok_visa', newAddress());
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: 'No payment matches this payment secret', code: 'not_found' });
    expect((await pay(intent, 'tok_visa', newAddress(), intent.paymentSecret)).json()).toEqual({
      success: true,
      paymentId: intent.paymentId,
    });
  });

  it('closes the payment at its third declined token', async () => {
    const address = newAddress();
    const intent = await intentFor(method);
    for (let i = 0; i < 2; i++) {
      const declined = await pay(intent, 'tok_chargeDeclined', address, intent.paymentSecret);
      expect(declined.json()).toMatchObject({ success: false, error: CARD_DECLINED });
    }
    expect((await pay(intent, 'tok_chargeDeclined', address, intent.paymentSecret)).json()).toEqual(closed);
    expect((await pay(intent, 'tok_visa', address, intent.paymentSecret)).json()).toEqual(closed);
  });

  it("limits the test page's tokens (no checkout) per address", async () => {
    const address = newAddress();
    for (let i = 0; i < 5; i++) {
      expect((await pay(null, 'tok_chargeDeclined', address)).json()).toMatchObject({ success: false });
    }
    const sixth = await pay(null, 'tok_visa', address);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual(tooMany);
  });
});
