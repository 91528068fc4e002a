import { AdminOrderSchema } from '@jesus-walks/contracts/orders';
import { type Product, ProductSchema } from '@jesus-walks/contracts/products';
import { internalHeader } from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { seed } from '../../db/seed';
import {
  as,
  type CatalogWithIdentity,
  insertProduct,
  startCatalogWithIdentity,
  testHolder,
} from '../../testing/catalog-test-service.testing';

// 'Create Test Product' makes a product only admins see: the shop's list (and its read cache), the
// product on its own, the cart and a visitor's checkout never have it; the admin's list (asked with
// includeTest=true) and manual orders do.

let stack: CatalogWithIdentity;

beforeAll(async () => {
  stack = await startCatalogWithIdentity();
  await seed(stack.catalog.db);
});
afterAll(() => stack?.close());

const list = z.array(ProductSchema);

async function get(url: string, who: 'visitor' | 'member' | 'admin' = 'visitor') {
  const identity = who === 'admin' ? stack.admin : who === 'member' ? stack.customer : null;
  return stack.catalog.app.inject({ url, headers: identity ? await as(identity, 'GET', url) : {} });
}

async function createTestProduct(): Promise<Product> {
  const url = '/api/admin/create-test-product';
  const response = await stack.catalog.app.inject({
    method: 'POST',
    url,
    headers: await as(stack.admin, 'POST', url),
  });
  expect(response.statusCode).toBe(201);
  return ProductSchema.parse(response.json());
}

const idsOf = (response: { json(): unknown }) => list.parse(response.json()).map((product) => product.id);

describe('a test product', () => {
  it("is only in an admin's list, marked; the shop's list, cached or not, never has it", async () => {
    // The shop's list is kept in the read cache before the test product exists.
    const shopBefore = await get('/api/products');
    expect(shopBefore.statusCode).toBe(200);
    const made = await createTestProduct();
    expect(made).toMatchObject({ name: expect.stringMatching(/^Test Product /), isTest: true });

    for (const url of [
      '/api/products',
      '/api/products?includeTest=true',
      '/api/products?includeTest=false',
    ]) {
      for (const who of ['visitor', 'member'] as const) {
        const response = await get(url, who);
        expect(response.statusCode, `${url} as ${who}`).toBe(200);
        expect(idsOf(response), `${url} as ${who}`).not.toContain(made.id);
        expect(response.body, `${url} as ${who}`).not.toContain('isTest');
      }
    }
    // An admin who does not ask for them gets the shop's list too.
    expect(idsOf(await get('/api/products', 'admin'))).not.toContain(made.id);

    const admin = await get('/api/products?includeTest=true', 'admin');
    expect(admin.statusCode).toBe(200);
    expect(admin.headers['cache-control']).toBe('no-store');
    expect(admin.headers.etag).toBeUndefined();
    const products = list.parse(admin.json());
    expect(products.find((product) => product.id === made.id)).toMatchObject({ isTest: true });
    expect(
      products.filter((product) => product.id !== made.id).every((product) => product.isTest === false),
    ).toBe(true);
    // The admin's answer did not reach the shared cache.
    expect(idsOf(await get('/api/products'))).not.toContain(made.id);
  });

  it('is found on its own by an admin only, and stays a test product when edited', async () => {
    const made = await createTestProduct();
    expect((await get(`/api/products/${made.id}`)).statusCode).toBe(404);
    expect((await get(`/api/products/${made.id}`, 'member')).statusCode).toBe(404);
    const found = await get(`/api/products/${made.id}`, 'admin');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ id: made.id, isTest: true });

    const url = `/api/products/${made.id}`;
    const edited = await stack.catalog.app.inject({
      method: 'PUT',
      url,
      headers: await as(stack.admin, 'PUT', url),
      payload: {
        name: 'Renamed Test Cap',
        description: 'Still a test',
        price: 5,
        category: 'Headwear',
        stock: 4,
        imageUrl: '/images/products/trail-cap.svg',
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Renamed Test Cap', isTest: true });
    expect(idsOf(await get('/api/products'))).not.toContain(made.id);
  });

  it("cannot be added to a visitor's cart or quoted for a checkout, yet a manual order may include it", async () => {
    const made = await createTestProduct();
    const real = await insertProduct(stack.catalog.db, { name: 'Real Cap', stock: 5 });

    const cart = await stack.catalog.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      payload: { productId: made.id, quantity: 1 },
    });
    expect(cart.statusCode).toBe(404);

    const quote = await stack.catalog.app.inject({
      method: 'POST',
      url: '/internal/quotes',
      headers: internalHeader,
      payload: {
        items: [
          { productId: real.id, quantity: 1 },
          { productId: made.id, quantity: 1 },
        ],
        destination: { country: 'US', state: 'CA', postalCode: '94559' },
        holder: testHolder,
      },
    });
    expect(quote.statusCode).toBe(404);
    expect(quote.json()).toMatchObject({
      code: 'not_found',
      issues: [{ path: ['items', 1], message: 'This product is no longer sold' }],
    });
    expect(
      await stack.catalog.db
        .selectFrom('stockReservations')
        .select('id')
        .where('productId', '=', made.id)
        .execute(),
    ).toEqual([]);

    const url = '/api/admin/create-order';
    const order = await stack.catalog.app.inject({
      method: 'POST',
      url,
      headers: await as(stack.admin, 'POST', url),
      payload: {
        userId: stack.customer.id,
        items: [{ productId: made.id, quantity: 2 }],
        shippingAddress: {
          fullName: 'Carol Reyes',
          street: '1 Vine St',
          city: 'Napa',
          state: 'CA',
          zipCode: '94559',
        },
        status: 'pending',
      },
    });
    expect(order.statusCode, order.body).toBe(201);
    expect(AdminOrderSchema.parse(order.json())).toMatchObject({ total: '39.98', testMode: false });
  });
});
