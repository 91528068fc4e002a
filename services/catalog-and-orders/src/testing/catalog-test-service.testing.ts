import type { Identity } from '@jesus-walks/contracts/common';
import type { Product } from '@jesus-walks/contracts/products';
// The real identity service (a devDependency), not a stand-in.
import { service as identityService } from '@jesus-walks/identity/service';
import { createTestUsers, type IdentityDatabase, type IdentityEnv } from '@jesus-walks/identity/testing';
import { identityHeaders, startTestService, type TestService } from '@jesus-walks/test-kit/test-service';
import type { CatalogAndOrdersDatabase } from '../db/database';
import type { Env } from '../env';
import { service } from '../service';

export interface CatalogWithIdentity {
  catalog: TestService<Env, CatalogAndOrdersDatabase>;
  identity: TestService<IdentityEnv, IdentityDatabase>;
  /** A user stored in identity, and an admin, with the headers the gateway would sign for them. */
  customer: Identity;
  admin: Identity;
  close(): Promise<void>;
}

/** Who the tests' checkouts are held for: one client, as every test request comes from one address. */
export const testHolder = { address: '127.0.0.1', userId: null };

/**
 * Hold limits (env) high enough for tests that open many checkouts as one client. The limits
 * themselves are tested in quotes.routes.integration-test.ts.
 */
export const generousHoldLimits: Record<string, string> = {
  STOCK_HOLD_UNITS_PER_PRODUCT_PER_CLIENT: '100000',
  STOCK_HOLD_CHECKOUTS_PER_CLIENT: '100000',
};

/**
 * The catalog service wired to a real identity service over HTTP (each on its own fresh
 * database), as in production: manual orders ask identity whether the customer exists.
 */
export async function startCatalogWithIdentity(): Promise<CatalogWithIdentity> {
  const identity = await startTestService(identityService);
  await identity.app.listen({ host: '127.0.0.1', port: 0 });
  const address = identity.app.server.address();
  if (!address || typeof address === 'string') throw new Error('identity is not listening on a port');
  const catalog = await startTestService(service, {
    ...generousHoldLimits,
    IDENTITY_URL: `http://127.0.0.1:${address.port}`,
  });
  const [customer, admin] = await createTestUsers(identity.db, [
    { username: 'carol', email: 'carol@example.com' },
    { username: 'boss', email: 'boss@example.com', isAdmin: true },
  ]);
  if (!customer || !admin) throw new Error('users were not created');
  return {
    catalog,
    identity,
    customer,
    admin,
    async close() {
      await catalog.close();
      await identity.close();
    },
  };
}

/** Headers of a request by this caller, signed for the route it calls (the header is bound to it). */
export const as = (identity: Identity, method: string, url: string) => identityHeaders(identity, method, url);

/** Inserts a product straight into the table (tests that need exact stock). */
export async function insertProduct(
  db: TestService<Env, CatalogAndOrdersDatabase>['db'],
  values: Partial<{ name: string; price: string; stock: number; category: string }> = {},
): Promise<Product & { price: string }> {
  const row = await db
    .insertInto('products')
    .values({
      name: values.name ?? 'Trail Cap',
      description: 'A cap for the trail',
      price: values.price ?? '24.50',
      stock: values.stock ?? 10,
      category: values.category ?? 'Headwear',
      imageUrl: '/images/products/trail-cap.svg',
    })
    .returning(['id', 'name', 'description', 'price', 'imageUrl', 'category', 'stock'])
    .executeTakeFirstOrThrow();
  // Nothing holds a product just made: all of its stock can be bought.
  return { ...row, category: row.category ?? '', available: row.stock };
}

export async function stockOf(db: TestService<Env, CatalogAndOrdersDatabase>['db'], id: number) {
  const row = await db.selectFrom('products').select('stock').where('id', '=', id).executeTakeFirstOrThrow();
  return row.stock;
}
