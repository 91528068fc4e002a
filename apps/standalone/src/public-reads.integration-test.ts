import { createSessionCookie, createTestUsers, type IdentityDatabase } from '@jesus-walks/identity/testing';
import { createDatabase } from '@jesus-walks/service-kit/database';
import { testSecrets } from '@jesus-walks/test-kit/test-service';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './test-stack.testing';

/**
 * The catalogue and the events through the real gateway: answered from the services' read caches
 * with an ETag, a 304 to a browser that has them, and never stale after a change.
 */
const ORIGIN = 'http://localhost:3000';
let testStack: TestStack;
let identityDb: Kysely<IdentityDatabase>;
let adminCookie: string;

beforeAll(async () => {
  testStack = await startTestStack({ publicOrigin: ORIGIN, rateLimitMax: 100_000 });
  identityDb = createDatabase<IdentityDatabase>({
    connectionString: testStack.database.url,
    schema: 'identity',
  });
  const [admin] = await createTestUsers(identityDb, [
    { username: 'reads-admin', email: 'reads-admin@example.com', isAdmin: true },
  ]);
  adminCookie = await createSessionCookie(identityDb, admin?.id ?? 0, testSecrets.SESSION_SECRET);
});
afterAll(async () => {
  await identityDb?.destroy();
  await testStack?.close();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${testStack.stack.url}${path}`, { headers });

describe('public reads through the gateway', () => {
  it.each(['/api/products', '/api/events'])(
    '%s: an ETag, then 304 with no body for a browser that has it',
    async (path) => {
      const first = await get(path);
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe('public, no-cache');
      const etag = first.headers.get('etag') ?? '';
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
      expect((await first.json()) as unknown[]).not.toHaveLength(0);
      const again = await get(path, { 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
    },
  );

  it('shows an admin’s product change on the very next read, with a new ETag', async () => {
    const before = await get('/api/products');
    const etag = before.headers.get('etag') ?? '';
    const [product] = (await before.json()) as Array<{
      id: number;
      name: string;
      description: string;
      price: string;
      imageUrl: string;
      category: string;
      stock: number;
    }>;
    if (!product) throw new Error('the seed has no products');
    const edited = await fetch(`${testStack.stack.url}/api/products/${product.id}`, {
      method: 'PUT',
      headers: { cookie: adminCookie, origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `${product.name} (new label)`,
        description: product.description,
        price: Number(product.price),
        imageUrl: product.imageUrl,
        category: product.category,
        stock: product.stock,
      }),
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    const after = await get('/api/products', { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    const changed = ((await after.json()) as Array<{ id: number; name: string }>).find(
      (item) => item.id === product.id,
    );
    expect(changed?.name).toBe(`${product.name} (new label)`);
  });
});
