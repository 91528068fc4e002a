import { CART_COOKIE } from '@jesus-walks/contracts/cart';
import { startTestService, type TestService, testUser } from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogAndOrdersDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { as, insertProduct } from '../../testing/catalog-test-service.testing';

let catalog: TestService<Env, CatalogAndOrdersDatabase>;

beforeAll(async () => {
  catalog = await startTestService(service);
});
afterAll(() => catalog.close());

function add(payload: object, headers: Record<string, string> = {}) {
  return catalog.app.inject({ method: 'POST', url: '/api/cart/add', headers, payload });
}

async function eventsFor(productId: number) {
  return catalog.db
    .selectFrom('cartEvents')
    .select(['userId', 'sessionKey', 'quantity'])
    .where('productId', '=', productId)
    .orderBy('id')
    .execute();
}

describe('POST /api/cart/add', () => {
  it("records a visitor's add under a new anonymous cart cookie, and later adds under the same one", async () => {
    const product = await insertProduct(catalog.db, { stock: 5 });
    const first = await add({ productId: product.id, quantity: 1 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ productId: product.id, quantity: 1, message: 'Added to cart' });
    const cookie = first.cookies.find((entry) => entry.name === CART_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/cart' });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const second = await add(
      { productId: product.id, quantity: 1 },
      { cookie: `${CART_COOKIE}=${cookie?.value}` },
    );
    expect(second.statusCode).toBe(200);
    expect(second.cookies.find((entry) => entry.name === CART_COOKIE)).toBeUndefined();

    expect(await eventsFor(product.id)).toEqual([
      { userId: null, sessionKey: cookie?.value, quantity: 1 },
      { userId: null, sessionKey: cookie?.value, quantity: 1 },
    ]);
  });

  it('records a logged-in user as the owner, without opening an anonymous cart', async () => {
    const product = await insertProduct(catalog.db);
    const response = await add(
      { productId: product.id, quantity: 2 },
      await as(testUser, 'POST', '/api/cart/add'),
    );
    expect(response.statusCode).toBe(200);
    expect(response.cookies).toEqual([]);
    expect(await eventsFor(product.id)).toEqual([{ userId: testUser.id, sessionKey: null, quantity: 2 }]);
  });

  it('replaces a malformed cart cookie', async () => {
    const product = await insertProduct(catalog.db);
    const response = await add({ productId: product.id, quantity: 1 }, { cookie: `${CART_COOKIE}=x'; drop` });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((entry) => entry.name === CART_COOKIE)?.value).toMatch(
      /^[A-Za-z0-9_-]{22}$/,
    );
  });

  it('answers 404 for an unknown or deleted product', async () => {
    expect((await add({ productId: 999999, quantity: 1 })).json()).toEqual({
      message: 'Product not found',
      code: 'not_found',
    });
    const product = await insertProduct(catalog.db);
    await catalog.db
      .updateTable('products')
      .set({ deletedAt: new Date() })
      .where('id', '=', product.id)
      .execute();
    expect((await add({ productId: product.id, quantity: 1 })).statusCode).toBe(404);
  });

  it('answers 409 when out of stock, or when reservations hold the rest', async () => {
    const empty = await insertProduct(catalog.db, { name: 'Sold Out Hat', stock: 0 });
    const soldOut = await add({ productId: empty.id, quantity: 1 });
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json()).toEqual({ message: 'Sold Out Hat is out of stock', code: 'out_of_stock' });

    const few = await insertProduct(catalog.db, { name: 'Rare Mug', stock: 3 });
    const tooMany = await add({ productId: few.id, quantity: 4 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({
      message: 'Not enough stock for Rare Mug: 3 available, 4 requested',
    });

    await catalog.db
      .insertInto('stockReservations')
      .values({
        quoteId: 'q-held',
        productId: few.id,
        quantity: 3,
        expiresAt: new Date(Date.now() + 60_000),
      })
      .execute();
    expect((await add({ productId: few.id, quantity: 1 })).statusCode).toBe(409);
    await catalog.db
      .updateTable('stockReservations')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('quoteId', '=', 'q-held')
      .execute();
    expect((await add({ productId: few.id, quantity: 1 })).statusCode).toBe(200);
    expect(await eventsFor(empty.id)).toEqual([]);
  });

  it.each([
    ['no body', undefined],
    ['a quantity of 0', { productId: 1, quantity: 0 }],
    ['a fractional quantity', { productId: 1, quantity: 1.5 }],
    ['a product id as text', { productId: 'one', quantity: 1 }],
    ['a product id beyond a database integer', { productId: 99_999_999_999, quantity: 1 }],
    ['an array', []],
  ])('answers 400 for %s', async (_name, payload) => {
    const response = await catalog.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    expect(response.statusCode).toBe(400);
  });
});
