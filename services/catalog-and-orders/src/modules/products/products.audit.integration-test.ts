import type { AuditEntry } from '@jesus-walks/contracts/audit';
import { ProductSchema } from '@jesus-walks/contracts/products';
import {
  internalHeader,
  startTestService,
  type TestService,
  testAdmin,
} from '@jesus-walks/test-kit/test-service';
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

async function call(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return catalog.app.inject({
    method,
    url,
    headers: await as(testAdmin, method, url),
    ...(payload ? { payload } : {}),
  });
}

async function auditOf(productId: number): Promise<AuditEntry[]> {
  const response = await catalog.app.inject({
    url: `/internal/audit-log/catalog-and-orders?targetType=product&targetId=${productId}`,
    headers: internalHeader,
  });
  return (response.json() as { entries: AuditEntry[] }).entries;
}

async function auditCount(): Promise<number> {
  const row = await catalog.db
    .selectFrom('auditLog')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const tote = {
  name: 'Vineyard Tote',
  description: 'Canvas tote with a vine print',
  price: 18.5,
  category: 'Accessories',
  stock: 12,
  imageUrl: 'https://example.com/tote.png',
};

describe('activity record of product mutations', () => {
  it('records a test product as created, by the admin, with its fields', async () => {
    const response = await call('POST', '/api/admin/create-test-product');
    expect(response.statusCode).toBe(201);
    const product = ProductSchema.parse(response.json());
    const [entry, ...more] = await auditOf(product.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actor: { id: testAdmin.id, username: testAdmin.username },
      action: 'product.test_created',
      target: { type: 'product', id: String(product.id), label: product.name },
      summary: `Created test product ${product.name}`,
      changes: { name: { from: null, to: product.name }, price: { from: null, to: '19.99' } },
    });
  });

  it('records a created product', async () => {
    const response = await call('POST', '/api/products', tote);
    const product = ProductSchema.parse(response.json());
    const [entry] = await auditOf(product.id);
    expect(entry).toMatchObject({ action: 'product.created', summary: 'Created product Vineyard Tote' });
  });

  it('records an edit as the fields that changed, and nothing for an edit that changes nothing', async () => {
    const product = await insertProduct(catalog.db, { name: 'Trail Cap', price: '24.50', stock: 10 });
    const edit = {
      name: 'Trail Cap',
      description: 'A cap for the trail',
      price: 19.99,
      category: 'Headwear',
      stock: 7,
      imageUrl: '/images/products/trail-cap.svg',
    };
    expect((await call('PUT', `/api/products/${product.id}`, edit)).statusCode).toBe(200);
    expect((await call('PUT', `/api/products/${product.id}`, edit)).statusCode).toBe(200);
    const entries = await auditOf(product.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'product.updated',
      summary: 'Updated product Trail Cap: price, stock',
      changes: { price: { from: '24.50', to: '19.99' }, stock: { from: 10, to: 7 } },
    });
    expect(Object.keys(entries[0]?.changes ?? {})).toEqual(['price', 'stock']);
  });

  it('records a deleted product; a failed edit or delete records nothing', async () => {
    const product = await insertProduct(catalog.db, { name: 'Camp Mug' });
    expect((await call('DELETE', `/api/products/${product.id}`)).statusCode).toBe(200);
    const [entry] = await auditOf(product.id);
    expect(entry).toMatchObject({ action: 'product.deleted', summary: 'Deleted product Camp Mug' });

    const before = await auditCount();
    expect((await call('DELETE', `/api/products/${product.id}`)).statusCode).toBe(404);
    expect((await call('PUT', `/api/products/${product.id}`, tote)).statusCode).toBe(404);
    expect((await call('PUT', '/api/products/999999', { ...tote, price: -1 })).statusCode).toBe(400);
    expect(await auditCount()).toBe(before);
  });
});
