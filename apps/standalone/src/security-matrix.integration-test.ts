import { RowIdParamSchema } from '@jesus-walks/contracts/common';
import type { RouteContract } from '@jesus-walks/contracts/route-contract';
import { routeTable } from '@jesus-walks/contracts/route-table';
import { createSessionCookie, createTestUsers, type IdentityDatabase } from '@jesus-walks/identity/testing';
import { createDatabase } from '@jesus-walks/service-kit/database';
import { signIdentity } from '@jesus-walks/service-kit/identity';
import type { TestDatabase } from '@jesus-walks/test-kit/test-database';
import { testSecrets } from '@jesus-walks/test-kit/test-service';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { services } from './services';
import type { Stack } from './stack';
import { startTestStack, type TestStack } from './test-stack.testing';
import { textProbesFor } from './text-probes.testing';

/**
 * The security matrix, generated from the route table (packages/contracts): adding a route adds
 * its rows here. Everything goes through the real gateway to the real services.
 */
let database: TestDatabase<unknown>;
let identityDb: Kysely<IdentityDatabase>;
let testStack: TestStack;
let stack: Stack;
let userCookie: string;
let userId: number;
let adminId: number;

beforeAll(async () => {
  testStack = await startTestStack({ publicOrigin: 'http://localhost:3000', rateLimitMax: 100_000 });
  ({ stack, database } = testStack);
  identityDb = createDatabase<IdentityDatabase>({ connectionString: database.url, schema: 'identity' });
  const [user, admin] = await createTestUsers(identityDb, [
    { username: 'matrix-user', email: 'user@example.com' },
    { username: 'matrix-admin', email: 'admin@example.com', isAdmin: true },
  ]);
  userId = user?.id ?? 0;
  adminId = admin?.id ?? 0;
  userCookie = await createSessionCookie(identityDb, userId, testSecrets.SESSION_SECRET);
});

afterAll(async () => {
  await testStack?.close();
  await identityDb?.destroy();
});

/** The path parameters of a route that are row ids (`:id`, `:registrationId`), as `:name`. */
function rowIdParameters(route: RouteContract): string[] {
  const params = route.request?.params;
  const shape = params instanceof z.ZodObject ? (params.shape as Record<string, unknown>) : {};
  return Object.entries(shape)
    .filter(([, schema]) => schema === RowIdParamSchema)
    .map(([name]) => `:${name}`);
}

const pathOf = (route: RouteContract) => route.path.replace(/:[A-Za-z_]+/g, '1');
const exposed = routeTable.filter((route) => route.access !== 'internal');
const internal = routeTable.filter((route) => route.access === 'internal');

/** No answer carries a password hash, a stack trace or SQL. */
function expectNothingSecret(body: string) {
  expect(body).not.toMatch(/\$argon2|\bat .+\.ts:\d+|\bselect .+ from\b|\binsert into\b/i);
}

async function call(route: RouteContract, options: { cookie?: string; body?: string } = {}) {
  return fetch(`${stack.url}${pathOf(route)}`, {
    method: route.method,
    headers: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(options.body !== undefined ? { body: options.body } : {}),
  });
}

describe('security matrix from the route table', () => {
  it.each(
    exposed
      .filter((route) => route.access === 'admin')
      .map((route) => [`${route.method} ${route.path}`, route]),
  )('%s: 401 anonymous, 403 for a user', async (_name, route) => {
    expect((await call(route)).status).toBe(401);
    expect((await call(route, { cookie: userCookie })).status).toBe(403);
  });

  it.each(
    exposed
      .filter((route) => route.access === 'user')
      .map((route) => [`${route.method} ${route.path}`, route]),
  )('%s: 401 anonymous', async (_name, route) => {
    expect((await call(route)).status).toBe(401);
  });

  it.each(exposed.map((route) => [`${route.method} ${route.path}`, route]))(
    '%s: never 5xx, even for malformed bodies',
    async (_name, route) => {
      // A session of its own per route: calling logout (or anything that ends sessions) must not
      // turn the routes after it into anonymous calls.
      const cookie = await createSessionCookie(
        identityDb,
        route.access === 'user' ? userId : adminId,
        testSecrets.SESSION_SECRET,
      );
      const plain = await call(route, { cookie });
      expect(plain.status).toBeLessThan(500);
      expectNothingSecret(await plain.text());
      if (route.method === 'GET') return;
      for (const body of ['{not json', '[]', '{"unexpected":{"deeply":[1,2,3]}}', '"text"', 'null']) {
        const response = await call(route, { cookie, body });
        expect(response.status, body).toBeLessThan(500);
        if (route.request?.body) expect(response.status, body).toBe(400);
        const text = await response.text();
        expectNothingSecret(text);
        if (response.status >= 400) expect(JSON.parse(text)).toHaveProperty('code');
      }
    },
  );

  it.each(
    exposed
      .filter((route) => route.request?.body || route.request?.querystring || route.request?.params)
      .map((route) => [`${route.method} ${route.path}`, route]),
  )('%s: text Postgres cannot store is 400 naming the field, never 5xx', async (_name, route) => {
    const cookie = await createSessionCookie(
      identityDb,
      route.access === 'user' ? userId : adminId,
      testSecrets.SESSION_SECRET,
    );
    const send = (options: { path?: string; query?: string; body?: string | Uint8Array }) =>
      fetch(`${stack.url}${options.path ?? pathOf(route)}${options.query ? `?${options.query}` : ''}`, {
        method: route.method,
        headers: {
          cookie,
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(options.body !== undefined ? { body: options.body } : {}),
      });
    for (const probe of textProbesFor(route)) {
      const response = await send(probe);
      const text = await response.text();
      expect(response.status, `${probe.name}: ${text}`).toBe(400);
      expect(JSON.parse(text), probe.name).toMatchObject({
        code: 'validation_failed',
        issues: expect.arrayContaining([expect.objectContaining({ path: probe.issuePath })]),
      });
    }
    if (route.request?.body) {
      const notUtf8 = new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]);
      const response = await send({ body: notUtf8 });
      expect(response.status, 'invalid UTF-8').toBe(400);
      expect(await response.json()).toMatchObject({ code: 'validation_failed' });
    }
    if (route.request?.params) {
      // A NUL in the path's parameters, wherever the route has them.
      const response = await send({ path: route.path.replace(/:[A-Za-z_]+/g, 'a%00b') });
      expect(response.status, 'NUL in params').toBeGreaterThanOrEqual(400);
      expect(response.status, 'NUL in params').toBeLessThan(500);
    }
  });

  it.each(
    exposed
      .filter((route) => rowIdParameters(route).length > 0)
      .map((route) => [`${route.method} ${route.path}`, route]),
  )(
    '%s: an id that is not a canonical positive 32-bit integer is 400, never another row or 5xx',
    async (_name, route) => {
      const cookie = await createSessionCookie(
        identityDb,
        route.access === 'user' ? userId : adminId,
        testSecrets.SESSION_SECRET,
      );
      const parameters = rowIdParameters(route);
      for (const id of ['2147483648', '99999999999999999999', '0x10', '1e3', '016', '0', '-1', '1.5']) {
        // Each parameter in turn; the others are a valid id.
        for (const target of parameters) {
          const path = route.path.replace(/:[A-Za-z_]+/g, (name) => (name === target ? id : '1'));
          const response = await fetch(`${stack.url}${path}`, {
            method: route.method,
            headers: {
              cookie,
              ...(route.request?.body ? { 'content-type': 'application/json' } : {}),
            },
            ...(route.request?.body ? { body: '{}' } : {}),
          });
          const text = await response.text();
          expect(response.status, `${path}: ${text}`).toBe(400);
          expect(JSON.parse(text), path).toMatchObject({ code: 'validation_failed' });
        }
      }
    },
  );

  it.each(internal.map((route) => [`${route.method} ${route.path}`, route]))(
    '%s: unreachable through the gateway, refused without the token',
    async (_name, route) => {
      const viaGateway = await fetch(`${stack.url}${pathOf(route)}`, {
        method: route.method,
        headers: { 'x-internal-token': testSecrets.INTERNAL_TOKEN },
      });
      expect(viaGateway.status).toBe(404);
      const direct = await fetch(`${stack.services[route.service]?.url}${pathOf(route)}`, {
        method: route.method,
      });
      expect(direct.status).toBe(401);
    },
  );
});

describe('every service', () => {
  it.each(services.map((service) => [service.name]))(
    '%s is ready and refuses a forged x-identity',
    async (name) => {
      const base = stack.services[name]?.url;
      expect((await fetch(`${base}/health/ready`)).status).toBe(200);
      const forged = await signIdentity(
        {
          user: { id: 1, username: 'mallory', isAdmin: true },
          clientAddress: '127.0.0.1',
          method: 'GET',
          url: '/health/no-such-route',
        },
        'not-the-real-signing-key-0123456789abcdef',
      );
      const response = await fetch(`${base}/health/no-such-route`, { headers: { 'x-identity': forged } });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: 'invalid_identity' });
    },
  );

  it('the gateway sees every service ready', async () => {
    const response = await fetch(`${stack.url}/health/upstreams`);
    expect(response.status).toBe(200);
  });
});
