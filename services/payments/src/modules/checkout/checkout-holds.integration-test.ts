import { PaymentIntentResponseSchema } from '@jesus-walks/contracts/checkout';
import { identityHeaders, testUser } from '@jesus-walks/test-kit/test-service';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutStack, napaAddress, startCheckoutStack } from '../../testing/checkout-stack.testing';
import { WRONG_PAYMENT_SECRET } from '../payments/payment-secret';

// What a checkout holds and when it lets go: the catalog's own limits per client (its defaults:
// 10 units of a product, 3 open checkouts), reached through payments with the client's address
// from the signed identity, and the browser's release of a checkout it left.

let stack: CheckoutStack;

beforeAll(async () => {
  stack = await startCheckoutStack({}, { catalogEnv: {} });
});
afterAll(() => stack?.close());

const INTENT = '/api/checkout/create-payment-intent';

async function createIntent(
  productId: number,
  quantity: number,
  caller: { address: string; user?: typeof testUser },
  extra: Record<string, unknown> = {},
) {
  return stack.payments.app.inject({
    method: 'POST',
    url: INTENT,
    headers: await identityHeaders(caller.user ?? null, 'POST', INTENT, caller.address),
    payload: {
      items: [{ productId, quantity }],
      shippingAddress: napaAddress,
      shippingMethodId: stack.groundId,
      ...extra,
    },
  });
}

async function intentFor(productId: number, quantity: number, caller: { address: string }) {
  const response = await createIntent(productId, quantity, caller);
  expect(response.statusCode, response.body).toBe(201);
  const answer = PaymentIntentResponseSchema.parse(response.json());
  // The browser's own secret for the payment: it goes with every call that acts on it.
  return { ...answer, secret: { paymentSecret: answer.paymentSecret } };
}

function release(paymentId: string, paymentSecret: string) {
  return stack.payments.app.inject({
    method: 'POST',
    url: '/api/checkout/release',
    payload: { paymentId, paymentSecret },
  });
}

async function held(productId: number) {
  const row = await stack.catalog.db
    .selectFrom('stockReservations')
    .select(sql<number>`coalesce(sum(quantity), 0)::int`.as('units'))
    .where('productId', '=', productId)
    .where('consumedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .executeTakeFirstOrThrow();
  return row.units;
}

const paymentStatus = async (id: string) =>
  (
    await stack.payments.db
      .selectFrom('payments')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;

let addresses = 0;
const anAddress = () => {
  addresses += 1;
  return `198.51.100.${addresses}`;
};

describe('what one client may hold, through the checkout', () => {
  it("limits by the signed identity's address: a fourth open checkout is 429, another address is not limited", async () => {
    const caller = { address: anAddress() };
    const products = await Promise.all(
      ['Limit Map', 'Limit Cup', 'Limit Hat', 'Limit Pin'].map((name) =>
        stack.insertProduct({ name, price: '5.00', stock: 5 }),
      ),
    );
    for (const product of products.slice(0, 3)) await intentFor(product.id, 1, caller);
    const fourth = await createIntent(products[3]?.id ?? 0, 1, caller);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({
      code: 'rate_limited',
      message:
        'You already have 3 checkouts open, the most one shopper can have at once. Finish or leave one of them (or wait up to 10 minutes for it to lapse), then try again.',
    });
    expect(await held(products[3]?.id ?? 0)).toBe(0);
    await intentFor(products[3]?.id ?? 0, 1, { address: anAddress() });
  });

  it('answers 422 with the line for more of one product than one shopper may hold, before any charge', async () => {
    const hoodie = await stack.insertProduct({ name: 'Limit Hoodie', price: '40.00', stock: 21 });
    const response = await createIntent(hoodie.id, 21, { address: anAddress() });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'business_rule',
      message: 'One shopper can check out at most 10 Limit Hoodie at a time',
      issues: [
        { path: ['items', 0], message: 'One shopper can check out at most 10 Limit Hoodie at a time' },
      ],
    });
    expect(await held(hoodie.id)).toBe(0);
  });

  it('counts a member as one client from any address', async () => {
    const boot = await stack.insertProduct({ name: 'Member Boot', price: '50.00', stock: 30 });
    const member = { user: testUser };
    expect((await createIntent(boot.id, 8, { ...member, address: anAddress() })).statusCode).toBe(201);
    const elsewhere = await createIntent(boot.id, 3, { ...member, address: anAddress() });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().message).toBe(
      'You already hold 8 Member Boot in another open checkout: one shopper can check out at most 10 at a time',
    );
  });

  it('lets the same checkout replace its intent at the limit, releasing the replaced hold at once', async () => {
    const caller = { address: anAddress() };
    const [a, b, c] = await Promise.all(
      ['Swap A', 'Swap B', 'Swap C'].map((name) => stack.insertProduct({ name, price: '5.00', stock: 5 })),
    );
    if (!a || !b || !c) throw new Error('no products');
    const first = await intentFor(a.id, 2, caller);
    await intentFor(b.id, 1, caller);
    await intentFor(c.id, 1, caller);
    // The buyer changes the cart of the first checkout: still three checkouts, not four.
    const replaced = await createIntent(a.id, 1, caller, {
      replacesPaymentId: first.paymentId,
      replacesPaymentSecret: first.paymentSecret,
    });
    expect(replaced.statusCode, replaced.body).toBe(201);
    expect(await held(a.id)).toBe(1);
    expect(await paymentStatus(first.paymentId)).toBe('cancelled');
  });
});

describe('POST /api/checkout/release', () => {
  it('cancels the open payment and gives its stock back at once, only with its payment secret', async () => {
    const scarf = await stack.insertProduct({ name: 'Left Scarf', price: '12.00', stock: 4 });
    const intent = await intentFor(scarf.id, 3, { address: anAddress() });
    expect(await held(scarf.id)).toBe(3);

    // Its id and the processor's client secret are not enough: only the browser's own secret.
    const forged = await release(intent.paymentId, intent.clientSecret);
    expect(forged.statusCode).toBe(404);
    expect(forged.json()).toEqual({ code: 'not_found', message: WRONG_PAYMENT_SECRET });
    const unknown = await release('00000000-0000-4000-8000-000000000000', intent.paymentSecret);
    expect(unknown.json()).toEqual({ code: 'not_found', message: WRONG_PAYMENT_SECRET });
    expect(await held(scarf.id)).toBe(3);

    const left = await release(intent.paymentId, intent.paymentSecret);
    expect(left.statusCode).toBe(200);
    expect(left.json()).toEqual({ released: true });
    expect(await held(scarf.id)).toBe(0);
    expect(await paymentStatus(intent.paymentId)).toBe('cancelled');
    // The card form of a left checkout is closed.
    const late = await stack.payments.app.inject({
      method: 'POST',
      url: '/api/checkout/sandbox/confirm',
      payload: {
        clientSecret: intent.clientSecret,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12 / 40',
        cvc: '123',
        ...intent.secret,
      },
    });
    expect(late.statusCode).toBe(409);
    expect((await release(intent.paymentId, intent.paymentSecret)).json()).toEqual({ released: false });
  });

  it('never releases a paid payment: its order is still made from the hold', async () => {
    const mug = await stack.insertProduct({ name: 'Paid Mug', price: '9.00', stock: 1 });
    const intent = await intentFor(mug.id, 1, { address: anAddress() });
    const paid = await stack.payments.app.inject({
      method: 'POST',
      url: '/api/checkout/sandbox/confirm',
      payload: {
        clientSecret: intent.clientSecret,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12 / 40',
        cvc: '123',
        ...intent.secret,
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await release(intent.paymentId, intent.paymentSecret)).json()).toEqual({ released: false });
    expect(await held(mug.id)).toBe(1);
    const order = await stack.payments.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        items: [{ productId: mug.id, quantity: 1 }],
        total: intent.total,
        shippingAddress: napaAddress,
        paymentMethod: 'stripe',
        paymentId: intent.paymentId,
        customerEmail: 'ada@example.com',
        ...intent.secret,
      },
    });
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json().status).toBe('paid');
    expect(await stack.stockOf(mug.id)).toBe(0);
  });

  it('answers 400 for a malformed body', async () => {
    const bad = await stack.payments.app.inject({
      method: 'POST',
      url: '/api/checkout/release',
      payload: { paymentId: 'not-a-uuid', paymentSecret: '' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
