import { createSessionCookie, createTestUsers, type IdentityDatabase } from '@jesus-walks/identity/testing';
import { createDatabase } from '@jesus-walks/service-kit/database';
import { testSecrets } from '@jesus-walks/test-kit/test-service';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './test-stack.testing';

/**
 * One visitor trying to hold all the stock, through the real gateway and services: every
 * create-payment-intent holds what it quotes, so a script at one address once held all 21 hoodies
 * with one request, and all 35 units of another product with 40, while the shop still showed them.
 * Now it holds its share (the catalog's defaults: 10 units of a product, 3 open checkouts), the
 * shop shows what is left, other buyers buy all of that, and its holds go back when it leaves.
 */
const ORIGIN = 'http://localhost:3000';
const GREEDY = '203.0.113.66';
let testStack: TestStack;
let identityDb: Kysely<IdentityDatabase>;
let adminCookie: string;

beforeAll(async () => {
  testStack = await startTestStack({
    publicOrigin: ORIGIN,
    rateLimitMax: 100_000,
    // The gateway takes the client's address from X-Forwarded-For, as behind a reverse proxy: the
    // test is many visitors on one machine.
    environment: { TRUST_PROXY: 'true', PAYMENTS_SANDBOX: 'on' },
  });
  identityDb = createDatabase<IdentityDatabase>({
    connectionString: testStack.database.url,
    schema: 'identity',
  });
  const [admin] = await createTestUsers(identityDb, [
    { username: 'holds-admin', email: 'holds-admin@example.com', isAdmin: true },
  ]);
  adminCookie = await createSessionCookie(identityDb, admin?.id ?? 0, testSecrets.SESSION_SECRET);
});
afterAll(async () => {
  await identityDb?.destroy();
  await testStack?.close();
});

const address = {
  fullName: 'Ada Walker',
  street: '1 Vineyard Lane',
  city: 'Napa',
  state: 'CA',
  zipCode: '94559',
  country: 'US',
};

async function post(path: string, from: string, body: unknown, cookie?: string) {
  const response = await fetch(`${testStack.stack.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: ORIGIN,
      'x-forwarded-for': from,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

interface Shown {
  id: number;
  name: string;
  description: string;
  price: string;
  imageUrl: string;
  category: string;
  stock: number;
  available: number;
}

async function shown(productId: number): Promise<Shown> {
  const response = await fetch(`${testStack.stack.url}/api/products`);
  const product = ((await response.json()) as Shown[]).find((candidate) => candidate.id === productId);
  if (!product) throw new Error(`product ${productId} is not in the shop`);
  return product;
}

/** The admin puts `stock` units of a seeded product on the shelf, through the admin API. */
async function stockUp(index: number, stock: number): Promise<Shown> {
  const products = (await (await fetch(`${testStack.stack.url}/api/products`)).json()) as Shown[];
  const product = products[index];
  if (!product) throw new Error('the seed has too few products');
  const edited = await fetch(`${testStack.stack.url}/api/products/${product.id}`, {
    method: 'PUT',
    headers: { cookie: adminCookie, origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: product.name,
      description: product.description,
      price: Number(product.price),
      imageUrl: product.imageUrl,
      category: product.category,
      stock,
    }),
  });
  expect(edited.status, await edited.clone().text()).toBe(200);
  return { ...product, stock, available: stock };
}

const intent = (from: string, productId: number, quantity: number) =>
  post('/api/checkout/create-payment-intent', from, {
    items: [{ productId, quantity }],
    shippingAddress: address,
    paymentMethod: 'stripe',
  });

/** A whole purchase from `from`: the intent, the sandbox's 4242 card, the order. */
async function buy(from: string, productId: number, quantity: number) {
  const started = await intent(from, productId, quantity);
  expect(started.status, JSON.stringify(started.json)).toBe(201);
  // The browser's own secret for its payment goes with every call that acts on it.
  const secret = { paymentSecret: started.json.paymentSecret };
  const paid = await post('/api/checkout/sandbox/confirm', from, {
    clientSecret: started.json.clientSecret,
    cardNumber: '4242 4242 4242 4242',
    expiry: '12 / 40',
    cvc: '123',
    ...secret,
  });
  expect(paid.status, JSON.stringify(paid.json)).toBe(200);
  const order = await post('/api/orders', from, {
    items: [{ productId, quantity }],
    shippingAddress: address,
    paymentMethod: 'stripe',
    paymentId: started.json.paymentId,
    customerEmail: 'buyer@example.com',
    ...secret,
  });
  expect(order.status, JSON.stringify(order.json)).toBe(201);
  expect(order.json.status).toBe('paid');
}

describe('one address trying to hold everything', () => {
  it('holds at most 10 of the 21 hoodies; the shop shows the other 11 and other buyers buy them all', async () => {
    const hoodie = await stockUp(0, 21);
    // One request for everything, then whatever else a script would try.
    const all = await intent(GREEDY, hoodie.id, 21);
    expect(all.status).toBe(422);
    expect(all.json.message).toBe(`One shopper can check out at most 10 ${hoodie.name} at a time`);
    const held: Array<{ paymentId: string; paymentSecret: string }> = [];
    for (const quantity of [10, 10, 5, 1, 1]) {
      const attempt = await intent(GREEDY, hoodie.id, quantity);
      if (attempt.status === 201) {
        held.push({
          paymentId: String(attempt.json.paymentId),
          paymentSecret: String(attempt.json.paymentSecret),
        });
      } else {
        expect(attempt.status).toBe(422);
      }
    }
    expect(held).toHaveLength(1);
    expect(await shown(hoodie.id)).toMatchObject({ stock: 21, available: 11 });

    // Everyone else can buy what the shop shows: all 11.
    await buy('198.51.100.7', hoodie.id, 10);
    await buy('198.51.100.8', hoodie.id, 1);
    expect(await shown(hoodie.id)).toMatchObject({ stock: 10, available: 0 });
    // The next buyer is told why, and that it may change.
    const next = await intent('198.51.100.9', hoodie.id, 1);
    expect(next.status).toBe(409);
    expect(next.json.issues).toEqual([
      {
        path: ['items', 0],
        message: `${hoodie.name} is sold out right now: other shoppers are checking out with the rest. Try again in a few minutes`,
      },
    ]);

    // The script's browser leaves its checkout: the 10 go back at once, and can be bought.
    const [left] = held;
    if (!left) throw new Error('nothing was held');
    expect(await post('/api/checkout/release', GREEDY, left)).toEqual({
      status: 200,
      json: { released: true },
    });
    expect(await shown(hoodie.id)).toMatchObject({ stock: 10, available: 10 });
    await buy('198.51.100.9', hoodie.id, 10);
    expect(await shown(hoodie.id)).toMatchObject({ stock: 0, available: 0 });
  });

  it('40 simultaneous checkouts of 35 units from one address hold 3 units; the other 32 stay buyable', async () => {
    const fleece = await stockUp(1, 35);
    const attempts = await Promise.all(Array.from({ length: 40 }, () => intent(GREEDY, fleece.id, 1)));
    const statuses = attempts.map((attempt) => attempt.status);
    // The hoodie's checkout was left; the 3 open checkouts are these.
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(37);
    const refused = attempts.find((attempt) => attempt.status === 429);
    expect(refused?.json).toMatchObject({
      code: 'rate_limited',
      message: expect.stringContaining('You already have 3 checkouts open'),
    });
    expect(await shown(fleece.id)).toMatchObject({ stock: 35, available: 32 });
    for (const [i, quantity] of [10, 10, 10, 2].entries()) {
      await buy(`198.51.100.${20 + i}`, fleece.id, quantity);
    }
    expect(await shown(fleece.id)).toMatchObject({ stock: 3, available: 0 });
  });
});
