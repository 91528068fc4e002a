import {
  CARD_DECLINED,
  INSUFFICIENT_FUNDS,
  PaymentIntentResponseSchema,
} from '@jesus-walks/contracts/checkout';
import { waitForJobs } from '@jesus-walks/test-kit/jobs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutStack, napaAddress, startCheckoutStack } from '../../testing/checkout-stack.testing';
import { EXPIRE_PAYMENTS_JOB } from '../expiry/expiry.jobs';

let stack: CheckoutStack;

beforeAll(async () => {
  stack = await startCheckoutStack();
});
afterAll(() => stack?.close());

type Item = { productId: number; quantity: number; price?: number | string };

async function createIntent(
  items: Item[],
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
) {
  return stack.payments.app.inject({
    method: 'POST',
    url: '/api/checkout/create-payment-intent',
    headers,
    remoteAddress,
    payload: { items, shippingAddress: napaAddress, shippingMethodId: stack.groundId, ...extra },
  });
}

async function intentFor(items: Item[], extra: Record<string, unknown> = {}) {
  const response = await createIntent(items, extra);
  expect(response.statusCode, response.body).toBe(201);
  return PaymentIntentResponseSchema.parse(response.json());
}

async function confirm(clientSecret: string, cardNumber = '4242 4242 4242 4242', expiry = '12 / 40') {
  return stack.payments.app.inject({
    method: 'POST',
    url: '/api/checkout/sandbox/confirm',
    payload: { clientSecret, cardNumber, expiry, cvc: '123' },
  });
}

async function createOrder(
  paymentId: string,
  items: Item[],
  extra: Record<string, unknown> = {},
  headers = {},
) {
  return stack.payments.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers,
    payload: {
      items,
      total: '1.00',
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

const sandboxIntentCount = async () =>
  Number(
    (
      await stack.payments.db
        .selectFrom('sandboxIntents')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function activeReservations(productId: number) {
  const row = await stack.catalog.db
    .selectFrom('stockReservations')
    .select(sql<number>`coalesce(sum(quantity), 0)::int`.as('units'))
    .where('productId', '=', productId)
    .where('consumedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .executeTakeFirstOrThrow();
  return row.units;
}

describe('GET /api/checkout/config', () => {
  it('lists the six methods in order: Stripe in test mode on the sandbox, the others coming soon', async () => {
    const response = await stack.payments.app.inject({ url: '/api/checkout/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      currency: 'USD',
      testMode: true,
      stripe: { processor: 'sandbox', publishableKey: null },
      methods: [
        { method: 'stripe', label: 'Stripe', available: true, testMode: true, reason: null },
        { method: 'square', label: 'Square', available: true, testMode: true, reason: null },
        { method: 'safekey', label: 'SafeKey', available: true, testMode: true, reason: null },
        { method: 'apple_pay', label: 'Apple Pay', available: true, testMode: true, reason: null },
        { method: 'google_pay', label: 'Google Pay', available: true, testMode: true, reason: null },
        { method: 'crypto', label: 'Crypto', available: true, testMode: true, reason: null },
      ],
      crypto: { providers: ['stripe', 'coinbase'] },
    });
  });
});

describe('POST /api/checkout/create-payment-intent', () => {
  it('charges the quote: server prices plus shipping, whatever the client says', async () => {
    const cap = await stack.insertProduct({ name: 'Quote Cap', price: '24.50', stock: 5 });
    const intent = await intentFor([{ productId: cap.id, quantity: 2 }], { total: '0.01' });
    expect(intent).toMatchObject({
      processor: 'sandbox',
      testMode: true,
      currency: 'USD',
      items: [{ productId: cap.id, name: 'Quote Cap', quantity: 2, unitPrice: '24.50', lineTotal: '49.00' }],
      subtotal: '49.00',
      shipping: '9.99',
      total: '58.99',
    });
    const payment = await paymentRow(intent.paymentId);
    expect(payment).toMatchObject({ amount: '58.99', status: 'pending', provider: 'sandbox', orderId: null });
    const stored = await stack.payments.db
      .selectFrom('sandboxIntents')
      .select(['amountCents', 'paymentId'])
      .where('id', '=', payment.providerReference)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ amountCents: 5899, paymentId: intent.paymentId });
    expect(await activeReservations(cap.id)).toBe(2);
  });

  it('refuses a cart whose prices changed (409 cart_changed, item by item) before any charge, and releases the quote', async () => {
    const cap = await stack.insertProduct({ name: 'Trail Cap', price: '26.00', stock: 5 });
    const before = await sandboxIntentCount();
    const response = await createIntent([{ productId: cap.id, quantity: 1, price: 0.01 }]);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: expect.any(String),
      code: 'cart_changed',
      issues: [{ path: ['items', 0], message: 'Trail Cap now costs $26.00' }],
    });
    expect(await sandboxIntentCount()).toBe(before);
    expect(await activeReservations(cap.id)).toBe(0);
  });

  it('says which item is short or no longer sold', async () => {
    const scarce = await stack.insertProduct({ name: 'Scarce Cap', price: '10.00', stock: 2 });
    const short = await createIntent([{ productId: scarce.id, quantity: 3 }]);
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({
      code: 'cart_changed',
      issues: [{ path: ['items', 0], message: 'Only 2 Scarce Cap left' }],
    });
    const gone = await stack.insertProduct({ name: 'Gone Cap', price: '10.00', stock: 2 });
    await stack.catalog.db
      .updateTable('products')
      .set({ deletedAt: new Date() })
      .where('id', '=', gone.id)
      .execute();
    const withdrawn = await createIntent([
      { productId: scarce.id, quantity: 1 },
      { productId: gone.id, quantity: 1 },
    ]);
    expect(withdrawn.statusCode).toBe(409);
    expect(withdrawn.json()).toMatchObject({
      code: 'cart_changed',
      issues: [{ path: ['items', 1], message: 'Gone Cap is no longer sold' }],
    });
  });

  it('lists every line that changed in one 409: short, sold out, no longer sold and a new price', async () => {
    const short = await stack.insertProduct({ name: 'Few Caps', price: '10.00', stock: 2 });
    const empty = await stack.insertProduct({ name: 'Empty Lamp', price: '10.00', stock: 0 });
    const dearer = await stack.insertProduct({ name: 'Dearer Tee', price: '21.00', stock: 5 });
    const fine = await stack.insertProduct({ name: 'Fine Mug', price: '8.00', stock: 5 });
    const before = await sandboxIntentCount();
    const response = await createIntent([
      { productId: fine.id, quantity: 1, price: '8.00' },
      { productId: short.id, quantity: 3, price: '10.00' },
      { productId: empty.id, quantity: 1 },
      { productId: 999999, quantity: 1, price: 4 },
      { productId: dearer.id, quantity: 1, price: 20 },
    ]);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: expect.any(String),
      code: 'cart_changed',
      issues: [
        { path: ['items', 1], message: 'Only 2 Few Caps left' },
        { path: ['items', 2], message: 'Empty Lamp is sold out' },
        { path: ['items', 3], message: 'This product is no longer sold' },
        { path: ['items', 4], message: 'Dearer Tee now costs $21.00' },
      ],
    });
    expect(await sandboxIntentCount()).toBe(before);
    for (const product of [short, empty, dearer, fine]) expect(await activeReservations(product.id)).toBe(0);
  });

  it('20 simultaneous checkouts for the last 3 units: at most 3 intents, the rest 409 before any charge', async () => {
    const last = await stack.insertProduct({ name: 'Last Lantern', price: '30.00', stock: 3 });
    const before = await sandboxIntentCount();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => createIntent([{ productId: last.id, quantity: 1 }])),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(17);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(refused.json()).toMatchObject({
        code: 'cart_changed',
        // The shelf has 3, held by the three who were first: the others may try again soon.
        issues: [
          {
            path: ['items', 0],
            message:
              'Last Lantern is sold out right now: other shoppers are checking out with the rest. Try again in a few minutes',
          },
        ],
      });
    }
    expect((await sandboxIntentCount()) - before).toBe(3);
  });

  it('honours Idempotency-Key: a retry answers the same intent; another body with the key is refused', async () => {
    const cap = await stack.insertProduct({ name: 'Retry Cap', price: '12.00', stock: 5 });
    const headers = { 'idempotency-key': 'intent-key-0001' };
    const first = await createIntent([{ productId: cap.id, quantity: 1 }], {}, headers);
    const again = await createIntent([{ productId: cap.id, quantity: 1 }], {}, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await activeReservations(cap.id)).toBe(1);
    const other = await createIntent([{ productId: cap.id, quantity: 2 }], {}, headers);
    expect(other.statusCode).toBe(422);
  });

  it('replaces an earlier intent of the same checkout: cancelled, its quote released, its card form closed', async () => {
    const cap = await stack.insertProduct({ name: 'Change Cap', price: '15.00', stock: 2 });
    const first = await intentFor([{ productId: cap.id, quantity: 2 }]);
    const second = await intentFor([{ productId: cap.id, quantity: 1 }], {
      replacesPaymentId: first.paymentId,
      replacesPaymentSecret: first.paymentSecret,
    });
    expect(await activeReservations(cap.id)).toBe(1);
    expect((await paymentRow(first.paymentId)).status).toBe('cancelled');
    expect((await confirm(first.clientSecret)).statusCode).toBe(409);
    expect(second.total).toBe('24.99');
  });

  it("never cancels a guest's checkout for a browser that knows only its id", async () => {
    const cap = await stack.insertProduct({ name: 'Kept Cap', price: '15.00', stock: 6 });
    const theirs = await intentFor([{ productId: cap.id, quantity: 2 }]);
    for (const replacesPaymentSecret of [undefined, theirs.clientSecret, 'ps_guessed']) {
      await intentFor([{ productId: cap.id, quantity: 1 }], {
        replacesPaymentId: theirs.paymentId,
        ...(replacesPaymentSecret ? { replacesPaymentSecret } : {}),
      });
      expect((await paymentRow(theirs.paymentId)).status).toBe('pending');
    }
    // Their two units stay held, beside the one each attempt above held for itself.
    expect(await activeReservations(cap.id)).toBe(5);
  });
});

describe('the sandbox card form', () => {
  it('declines the decline and insufficient-funds cards with 402 and a clear word, an unknown card naming the test cards, a past expiry 400', async () => {
    const cap = await stack.insertProduct({ price: '10.00' });
    const intent = await intentFor([{ productId: cap.id, quantity: 1 }]);
    const declined = await confirm(intent.clientSecret, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ message: CARD_DECLINED, code: 'card_declined' });
    const poor = await confirm(intent.clientSecret, '4000000000009995');
    expect(poor.statusCode).toBe(402);
    expect(poor.json()).toEqual({ message: INSUFFICIENT_FUNDS, code: 'insufficient_funds' });
    const expired = await confirm(intent.clientSecret, '4242 4242 4242 4242', '01 / 20');
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ message: 'Your card has expired.' });

    const order = await createOrder(intent.paymentId, [{ productId: cap.id, quantity: 1 }]);
    expect(order.statusCode).toBe(402);
    expect(order.json()).toEqual({ message: 'Payment not completed', code: 'payment_required' });
    expect(await ordersOf(intent.paymentId)).toEqual([]);
    // The failure events reach the webhook: the payment records the processor's words.
    await waitForJobs(stack.payments.db);
    expect(await paymentRow(intent.paymentId)).toMatchObject({
      status: 'failed',
      failureReason: INSUFFICIENT_FUNDS,
    });
    // A third payment, as the first two declines count against this one (payment-limits).
    const other = await intentFor([{ productId: cap.id, quantity: 1 }]);
    const unknown = await confirm(other.clientSecret, '5555 5555 5555 4444');
    expect(unknown.statusCode).toBe(402);
    expect(unknown.json().message).toContain('4242 4242 4242 4242');
  });

  it("confirms only with the intent's own client secret, compared whole", async () => {
    const cap = await stack.insertProduct({ price: '10.00' });
    const intent = await intentFor([{ productId: cap.id, quantity: 1 }]);
    const [intentId] = intent.clientSecret.split('_secret_');
    for (const guess of [`${intentId}_secret_`, `${intentId}_secret_0000`, `${intent.clientSecret}0`, 'x']) {
      const response = await confirm(guess);
      expect(response.statusCode, guess).toBe(404);
      expect(response.json()).toEqual({
        message: 'No payment matches this client secret',
        code: 'not_found',
      });
    }
    expect((await confirm(intent.clientSecret)).statusCode).toBe(200);
  });
});

describe('the sandbox card form, confirmed more than once', () => {
  it('pays once for five confirmations at once; the others are refused, and any later one is a 409 saying it is paid', async () => {
    const cap = await stack.insertProduct({ price: '10.00' });
    const intent = await intentFor([{ productId: cap.id, quantity: 1 }]);
    const answers = await Promise.all(Array.from({ length: 5 }, () => confirm(intent.clientSecret)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    // Each of the others is refused: found paid (409), or counted among the card attempts running on
    // the payment at once, past what one payment may have (429, payment-limits).
    for (const answer of answers.filter((one) => one.statusCode !== 200)) {
      if (answer.statusCode === 429) expect(answer.json().code).toBe('rate_limited');
      else
        expect(answer.json()).toEqual({
          message: 'This payment has already been confirmed',
          code: 'conflict',
        });
    }
    expect((await confirm(intent.clientSecret)).json().message).toBe(
      'This payment has already been confirmed',
    );
    // One succeeded event, so one order.
    const order = await createOrder(intent.paymentId, [{ productId: cap.id, quantity: 1 }]);
    expect(order.statusCode, order.body).toBe(201);
    await waitForJobs(stack.payments.db);
    expect(await ordersOf(intent.paymentId)).toHaveLength(1);
  });

  it('refuses a cancelled checkout with a 409 saying to check out again, and records nothing', async () => {
    const cap = await stack.insertProduct({ price: '10.00', stock: 3 });
    const first = await intentFor([{ productId: cap.id, quantity: 1 }]);
    await intentFor([{ productId: cap.id, quantity: 1 }], {
      replacesPaymentId: first.paymentId,
      replacesPaymentSecret: first.paymentSecret,
    });
    const refused = await confirm(first.clientSecret);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This payment was cancelled (the checkout expired or changed); please check out again',
    );
    expect(await paymentRow(first.paymentId)).toMatchObject({ status: 'cancelled', orderId: null });
  });
});

describe("the buyer's contact travels with the call that pays", () => {
  const ada = { fullName: 'Ada Walker', email: 'ada@example.com', phone: '555-0100' };
  const confirmWith = (clientSecret: string, contact: unknown) =>
    stack.payments.app.inject({
      method: 'POST',
      url: '/api/checkout/sandbox/confirm',
      payload: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123', contact },
    });
  const payInCrypto = (payload: Record<string, unknown>) =>
    stack.payments.app.inject({ method: 'POST', url: '/api/crypto/coinbase/process-payment', payload });

  it('the card confirmation records it on the payment, and the order is made with it', async () => {
    const cap = await stack.insertProduct({ price: '10.00' });
    const items = [{ productId: cap.id, quantity: 1 }];
    const intent = await intentFor(items);
    const response = await confirmWith(intent.clientSecret, ada);
    expect(response.statusCode, response.body).toBe(200);
    expect(await paymentRow(intent.paymentId)).toMatchObject({
      customerName: 'Ada Walker',
      customerEmail: 'ada@example.com',
      customerPhone: '555-0100',
    });
    // The order call's e-mail only fills an empty one: the contact given with the payment stays.
    const order = await createOrder(intent.paymentId, items, { customerEmail: 'other@example.com' });
    expect(order.statusCode, order.body).toBe(201);
    expect(await paymentRow(intent.paymentId)).toMatchObject({ customerEmail: 'ada@example.com' });
  });

  it('a contact the form would refuse is a 400 on its field, and nothing is charged', async () => {
    const cap = await stack.insertProduct({ price: '10.00' });
    const intent = await intentFor([{ productId: cap.id, quantity: 1 }]);
    const response = await confirmWith(intent.clientSecret, { fullName: 'A', email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    const paths = (response.json().issues as Array<{ path: string[] }>).map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['body.contact.fullName', 'body.contact.email']));
    expect(await paymentRow(intent.paymentId)).toMatchObject({ status: 'pending', customerEmail: null });
    expect((await confirm(intent.clientSecret)).statusCode).toBe(200);
  });

  it("changes nobody's contact from another browser: a crypto payment's id alone is not enough", async () => {
    const cap = await stack.insertProduct({ price: '10.00' });
    const intent = await intentFor([{ productId: cap.id, quantity: 1 }], { paymentMethod: 'crypto' });
    const other = await intentFor([{ productId: cap.id, quantity: 1 }], { paymentMethod: 'crypto' });
    const charge = {
      amount: intent.total,
      cryptocurrency: 'usdc',
      merchantReference: 'JW-contact',
      customerEmail: 'mallory@example.com',
      paymentId: intent.paymentId,
      contact: { fullName: 'Mallory' },
    };
    const answers = await Promise.all([
      payInCrypto(charge),
      payInCrypto({ ...charge, paymentSecret: other.paymentSecret }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404]);
    expect(answers[1]?.json()).toEqual({
      message: 'No payment matches this payment secret',
      code: 'not_found',
    });
    expect(await paymentRow(intent.paymentId)).toMatchObject({
      customerName: napaAddress.fullName,
      customerEmail: null,
    });
    // Its own browser names its buyer; the charge's e-mail stands in for a contact without one.
    const own = await payInCrypto({
      ...charge,
      customerEmail: 'ada@example.com',
      paymentSecret: intent.paymentSecret,
      contact: { fullName: 'Ada Walker' },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(await paymentRow(intent.paymentId)).toMatchObject({
      customerName: 'Ada Walker',
      customerEmail: 'ada@example.com',
    });
  });
});

describe('Idempotency-Key of guests', () => {
  it("never replays one guest's answer (its secrets) to another guest with the same key", async () => {
    const cap = await stack.insertProduct({ name: 'Shared Key Cap', price: '12.00', stock: 5 });
    const headers = { 'idempotency-key': 'guessable-key-0001' };
    const items = [{ productId: cap.id, quantity: 1 }];
    const first = await createIntent(items, {}, headers, '203.0.113.71');
    const stranger = await createIntent(items, {}, headers, '198.51.100.71');
    expect(first.statusCode).toBe(201);
    expect(stranger.statusCode).toBe(201);
    expect(stranger.headers['idempotent-replayed']).toBeUndefined();
    expect(stranger.json().paymentId).not.toBe(first.json().paymentId);
    expect(stranger.json().clientSecret).not.toBe(first.json().clientSecret);
    // The same guest's retry is still the first answer.
    const retry = await createIntent(items, {}, headers, '203.0.113.71');
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
  });

  it('keeps a guest key that names a payment to that payment', async () => {
    const cap = await stack.insertProduct({ name: 'Two Orders Cap', price: '12.00', stock: 5 });
    const items = [{ productId: cap.id, quantity: 1 }];
    const headers = { 'idempotency-key': 'order-key-shared' };
    const [one, two] = [await intentFor(items), await intentFor(items)];
    for (const intent of [one, two]) expect((await confirm(intent.clientSecret)).statusCode).toBe(200);
    const first = await createOrder(one.paymentId, items, {}, headers);
    const second = await createOrder(two.paymentId, items, {}, headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json().id).not.toBe(first.json().id);
    expect((await createOrder(one.paymentId, items, {}, headers)).json()).toEqual(first.json());
  });
});

describe('expired checkouts', () => {
  it('a scheduled pass cancels payments pending past their quote and releases the quote', async () => {
    const cap = await stack.insertProduct({ name: 'Idle Cap', price: '10.00', stock: 3 });
    const intent = await intentFor([{ productId: cap.id, quantity: 2 }]);
    await stack.payments.db
      .updateTable('payments')
      .set({ quoteExpiresAt: sql<Date>`now() - interval '1 minute'` })
      .where('id', '=', intent.paymentId)
      .execute();
    await stack.payments.jobs.enqueue(stack.payments.db, EXPIRE_PAYMENTS_JOB, {});
    await waitForJobs(stack.payments.db, { names: [EXPIRE_PAYMENTS_JOB] });
    expect(await paymentRow(intent.paymentId)).toMatchObject({
      status: 'cancelled',
      failureReason: 'The checkout expired',
    });
    expect(await activeReservations(cap.id)).toBe(0);
    expect((await confirm(intent.clientSecret)).statusCode).toBe(409);
  });
});
