import { SitemapSourceSchema } from '@jesus-walks/contracts/seo';
import { internalHeader, startTestService, type TestService } from '@jesus-walks/test-kit/test-service';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogAndOrdersDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { insertProduct } from '../../testing/catalog-test-service.testing';

let catalog: TestService<Env, CatalogAndOrdersDatabase>;

beforeAll(async () => {
  catalog = await startTestService(service);
});
afterAll(() => catalog.close());

const source = async () => {
  const response = await catalog.app.inject({ url: '/internal/sitemap/products', headers: internalHeader });
  expect(response.statusCode).toBe(200);
  return SitemapSourceSchema.parse(response.json());
};

describe('GET /internal/sitemap/products', () => {
  it('is internal only', async () => {
    const response = await catalog.app.inject({ url: '/internal/sitemap/products' });
    expect(response.statusCode).toBe(401);
  });

  it("lists products on sale with their last change, and the catalogue's latest change", async () => {
    expect(await source()).toEqual({ lastModified: null, items: [] });

    const kept = await insertProduct(catalog.db, { name: 'Kept' });
    const edited = await insertProduct(catalog.db, { name: 'Edited' });
    const removed = await insertProduct(catalog.db, { name: 'Removed' });
    await sql`update products set created_at = '2026-01-01T00:00:00Z'`.execute(catalog.db);
    // An admin's edit is known from the activity record; taking a product off sale from deleted_at.
    await sql`insert into audit_log (occurred_at, action, target_type, target_id, summary)
      values ('2026-02-01T00:00:00Z', 'product.updated', 'product', ${String(edited.id)}, 'Edited')`.execute(
      catalog.db,
    );
    await sql`update products set deleted_at = '2026-03-01T00:00:00Z' where id = ${removed.id}`.execute(
      catalog.db,
    );

    expect(await source()).toEqual({
      lastModified: '2026-03-01T00:00:00.000Z',
      items: [
        { id: kept.id, lastModified: '2026-01-01T00:00:00.000Z' },
        { id: edited.id, lastModified: '2026-02-01T00:00:00.000Z' },
      ],
    });
  });

  it('never lists a test product (only admins see those), nor dates the catalogue by one', async () => {
    const before = await source();
    const test = await insertProduct(catalog.db, { name: 'Test Product ZZ01' });
    await sql`update products set is_test = true, created_at = '2099-01-01T00:00:00Z' where id = ${test.id}`.execute(
      catalog.db,
    );
    const after = await source();
    expect(after.items.map((item) => item.id)).not.toContain(test.id);
    expect(after).toEqual(before);
  });
});
