import { DEFAULT_PRODUCT_IMAGE_URL, ProductSchema } from '@jesus-walks/contracts/products';
import {
  internalHeader,
  startTestService,
  type TestService,
  testAdmin,
  testUser,
} from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CatalogAndOrdersDatabase } from '../../db/database';
import { seed, seedProducts } from '../../db/seed';
import type { Env } from '../../env';
import { service } from '../../service';
import { as, insertProduct } from '../../testing/catalog-test-service.testing';

let catalog: TestService<Env, CatalogAndOrdersDatabase>;

beforeAll(async () => {
  catalog = await startTestService(service);
});
afterAll(() => catalog.close());

const validInput = {
  name: 'Vineyard Tote',
  description: 'Canvas tote with a vine print',
  price: 18.5,
  category: 'Accessories',
  stock: 12,
  imageUrl: 'https://example.com/tote.png',
};

async function post(body: unknown, headers?: Record<string, string>) {
  return catalog.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: headers ?? (await as(testAdmin, 'POST', '/api/products')),
    payload: body as object,
  });
}

describe('GET /api/products', () => {
  it('lists the seeded catalog in a stable order, every product matching the contract', async () => {
    await seed(catalog.db);
    const first = await catalog.app.inject({ url: '/api/products' });
    expect(first.statusCode).toBe(200);
    const products = z.array(ProductSchema).parse(first.json());
    expect(products.length).toBeGreaterThanOrEqual(12);
    expect(new Set(products.map((product) => product.category)).size).toBeGreaterThanOrEqual(4);
    for (const { sku, image, ...seeded } of seedProducts) {
      const listed = products.find((product) => product.name === seeded.name);
      expect(listed, sku).toMatchObject({ ...seeded, imageUrl: `/images/products/${image}` });
    }
    const ids = products.map((product) => product.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const second = await catalog.app.inject({ url: '/api/products' });
    expect(second.json()).toEqual(first.json());
  });

  it('seeds once: a second run adds nothing and keeps an admin edit', async () => {
    await seed(catalog.db);
    const before = (await catalog.app.inject({ url: '/api/products' })).json() as Array<{ id: number }>;
    const edited = before[0] as { id: number };
    await catalog.db.updateTable('products').set({ stock: 7 }).where('id', '=', edited.id).execute();
    await seed(catalog.db);
    const after = (await catalog.app.inject({ url: '/api/products' })).json() as Array<{
      id: number;
      stock: number;
    }>;
    expect(after).toHaveLength(before.length);
    expect(after.find((product) => product.id === edited.id)?.stock).toBe(7);
  });

  it('answers money as the exact decimal string', async () => {
    const product = await insertProduct(catalog.db, { price: '0.10' });
    const response = await catalog.app.inject({ url: `/api/products/${product.id}` });
    expect(response.json()).toMatchObject({ price: '0.10' });
  });
});

describe('GET /api/products/{id}', () => {
  it('answers the product, 404 when unknown and 400 for an id that is not one', async () => {
    const product = await insertProduct(catalog.db);
    const found = await catalog.app.inject({ url: `/api/products/${product.id}` });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual(product);

    const missing = await catalog.app.inject({ url: '/api/products/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Product not found', code: 'not_found' });

    const malformed = await catalog.app.inject({ url: '/api/products/abc' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'validation_failed' });
    // Beyond a Postgres integer: refused before the database sees it.
    expect((await catalog.app.inject({ url: '/api/products/99999999999' })).statusCode).toBe(400);
  });
});

describe('POST /api/products', () => {
  it('is for admins only: 401 anonymous, 403 for a user', async () => {
    expect((await post(validInput, {})).statusCode).toBe(401);
    expect((await post(validInput, await as(testUser, 'POST', '/api/products'))).statusCode).toBe(403);
  });

  it('creates a product with the price rounded to cents once, stored as numeric', async () => {
    const response = await post({ ...validInput, price: '18.5' });
    expect(response.statusCode).toBe(201);
    const created = response.json() as { id: number };
    expect(created).toEqual({
      id: expect.any(Number),
      ...validInput,
      price: '18.50',
      available: validInput.stock,
      // An admin's answer says whether it is a test product.
      isTest: false,
    });
    const listed = (await catalog.app.inject({ url: '/api/products' })).json() as Array<{ id: number }>;
    expect(listed.map((product) => product.id)).toContain(created.id);
  });

  it('accepts a path on this site as the image', async () => {
    const response = await post({ ...validInput, imageUrl: '/images/products/trail-cap.svg' });
    expect(response.statusCode).toBe(201);
  });

  it.each([
    ['a missing name', { ...validInput, name: '  ' }, 'Name is required'],
    ['a negative price', { ...validInput, price: -1 }, undefined],
    ['a price with 3 decimals', { ...validInput, price: 1.234 }, 'Price can have at most 2 decimals'],
    ['a price that is not a number', { ...validInput, price: 'cheap' }, undefined],
    ['a fractional stock', { ...validInput, stock: 1.5 }, 'Stock must be a whole number'],
    ['a negative stock', { ...validInput, stock: -3 }, 'Stock cannot be negative'],
    ['a script as the image', { ...validInput, imageUrl: 'javascript:alert(1)' }, undefined],
    ['a protocol-relative image', { ...validInput, imageUrl: '//evil.example/x.png' }, undefined],
    ['no category', { ...validInput, category: '' }, 'Category is required'],
  ])('refuses %s with 400 and the issue', async (_name, body, message) => {
    const response = await post(body);
    expect(response.statusCode).toBe(400);
    const error = response.json() as { code: string; issues: Array<{ message: string }> };
    expect(error.code).toBe('validation_failed');
    if (message) expect(error.issues.map((issue) => issue.message)).toContain(message);
  });
});

describe('PUT /api/products/{id}', () => {
  it('replaces every field', async () => {
    const product = await insertProduct(catalog.db);
    const response = await catalog.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: await as(testAdmin, 'PUT', `/api/products/${product.id}`),
      payload: { ...validInput, price: 30, stock: 0 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: product.id,
      ...validInput,
      price: '30.00',
      stock: 0,
      available: 0,
      isTest: false,
    });
  });

  it('sets the stock on the shelf; what can be bought now is that less the open checkouts’ holds', async () => {
    const product = await insertProduct(catalog.db, { stock: 10 });
    const held = await catalog.app.inject({
      method: 'POST',
      url: '/internal/quotes',
      headers: internalHeader,
      payload: {
        items: [{ productId: product.id, quantity: 3 }],
        destination: { country: 'US' },
        holder: { address: '203.0.113.40', userId: null },
      },
    });
    expect(held.statusCode).toBe(201);
    const url = `/api/products/${product.id}`;
    const response = await catalog.app.inject({
      method: 'PUT',
      url,
      headers: await as(testAdmin, 'PUT', url),
      payload: { ...validInput, stock: 5 },
    });
    expect(response.json()).toMatchObject({ stock: 5, available: 2 });
  });

  it('answers 404 for an unknown product, 400 for an invalid form, 401 and 403 for non-admins', async () => {
    const product = await insertProduct(catalog.db);
    const put = async (url: string, payload: object, headers?: Record<string, string>) =>
      catalog.app.inject({
        method: 'PUT',
        url,
        headers: headers ?? (await as(testAdmin, 'PUT', url)),
        payload,
      });
    expect((await put('/api/products/999999', validInput)).statusCode).toBe(404);
    expect((await put(`/api/products/${product.id}`, { ...validInput, stock: 'many' })).statusCode).toBe(400);
    expect((await put(`/api/products/${product.id}`, validInput, {})).statusCode).toBe(401);
    expect(
      (
        await put(
          `/api/products/${product.id}`,
          validInput,
          await as(testUser, 'PUT', `/api/products/${product.id}`),
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('DELETE /api/products/{id}', () => {
  it('takes the product off sale: gone from the list and from GET, then 404', async () => {
    const product = await insertProduct(catalog.db);
    const del = async (headers?: Record<string, string>) =>
      catalog.app.inject({
        method: 'DELETE',
        url: `/api/products/${product.id}`,
        headers: headers ?? (await as(testAdmin, 'DELETE', `/api/products/${product.id}`)),
      });
    expect((await del({})).statusCode).toBe(401);
    expect((await del(await as(testUser, 'DELETE', `/api/products/${product.id}`))).statusCode).toBe(403);

    const deleted = await del();
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id: product.id, message: 'Product deleted' });
    const listed = (await catalog.app.inject({ url: '/api/products' })).json() as Array<{ id: number }>;
    expect(listed.map((entry) => entry.id)).not.toContain(product.id);
    expect((await catalog.app.inject({ url: `/api/products/${product.id}` })).statusCode).toBe(404);
    expect((await del()).statusCode).toBe(404);
    const edit = await catalog.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: await as(testAdmin, 'PUT', `/api/products/${product.id}`),
      payload: validInput,
    });
    expect(edit.statusCode).toBe(404);
  });

  it('keeps a product that is on an order, with its name, for the order history', async () => {
    const product = await insertProduct(catalog.db, { name: 'Heritage Cap' });
    const order = await catalog.db
      .insertInto('orders')
      .values({ total: '24.50', status: 'delivered' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await catalog.db
      .insertInto('orderItems')
      .values({ orderId: order.id, productId: product.id, quantity: 1, price: '24.50' })
      .execute();
    const deleted = await catalog.app.inject({
      method: 'DELETE',
      url: `/api/products/${product.id}`,
      headers: await as(testAdmin, 'DELETE', `/api/products/${product.id}`),
    });
    expect(deleted.statusCode).toBe(200);
    const orders = await catalog.app.inject({
      url: '/api/orders',
      headers: await as(testAdmin, 'GET', '/api/orders'),
    });
    const listed = (orders.json() as Array<{ id: number; items: unknown[] }>).find(
      (entry) => entry.id === order.id,
    );
    expect(listed?.items).toEqual([
      { productId: product.id, name: 'Heritage Cap', quantity: 1, price: '24.50' },
    ]);
  });
});

describe('POST /api/admin/create-test-product', () => {
  it('adds a test product with the default vineyard image, for admins only', async () => {
    const create = async (headers?: Record<string, string>) =>
      catalog.app.inject({
        method: 'POST',
        url: '/api/admin/create-test-product',
        headers: headers ?? (await as(testAdmin, 'POST', '/api/admin/create-test-product')),
      });
    expect((await create({})).statusCode).toBe(401);
    expect((await create(await as(testUser, 'POST', '/api/admin/create-test-product'))).statusCode).toBe(403);
    const response = await create();
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: expect.stringMatching(/^Test Product [0-9A-Z]{4}$/),
      price: '19.99',
      category: 'Test',
      stock: 100,
      imageUrl: DEFAULT_PRODUCT_IMAGE_URL,
      isTest: true,
    });
  });
});
