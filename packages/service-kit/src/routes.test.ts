import { IdParamsSchema } from '@jesus-walks/contracts/common';
import { defineRoute } from '@jesus-walks/contracts/route-contract';
import { routesOf } from '@jesus-walks/contracts/route-table';
import { testSecrets } from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createService, type ServiceApp } from './create-service';
import { registerRoute, verifyRouteTable } from './routes';

const AccountSchema = z.object({ id: z.number().int(), username: z.string(), email: z.string() });

const routes = {
  createItem: defineRoute({
    method: 'POST',
    path: '/api/kit/items',
    service: 'identity',
    access: 'public',
    summary: 'Creates an item',
    request: {
      body: z.object({
        name: z.string().min(1, 'Name is required'),
        quantity: z.number().int().positive('Quantity must be positive'),
        tags: z.array(z.string()).default([]),
      }),
    },
    responses: {
      200: z.object({ name: z.string(), quantity: z.number(), tags: z.array(z.string()) }),
    },
  }),
  getItem: defineRoute({
    method: 'GET',
    path: '/api/kit/items/:id',
    service: 'identity',
    access: 'public',
    summary: 'One item, with optional fields',
    request: {
      params: IdParamsSchema,
      querystring: z.object({ expand: z.enum(['none', 'all']).default('none') }),
    },
    responses: { 200: z.object({ id: z.number(), idType: z.string(), expand: z.string() }) },
  }),
  account: defineRoute({
    method: 'GET',
    path: '/api/kit/account',
    service: 'identity',
    access: 'public',
    summary: 'An account; the stored row also has a password hash',
    responses: { 200: AccountSchema },
  }),
};

function kitApp(): ServiceApp {
  return createService({
    name: 'kit-test',
    logger: false,
    identitySigningKey: testSecrets.IDENTITY_SIGNING_KEY,
    internalToken: testSecrets.INTERNAL_TOKEN,
  });
}

let app: ServiceApp;

beforeAll(async () => {
  app = kitApp();
  registerRoute(app, routes.createItem, async (request) => request.body);
  registerRoute(app, routes.getItem, async (request) => ({
    id: request.params.id,
    idType: typeof request.params.id,
    expand: request.query.expand,
  }));
  registerRoute(app, routes.account, async () => {
    const row = {
      id: 1,
      username: 'alice',
      email: 'a@example.com',
      password: '$argon2id$v=19$secret',
      isAdmin: true,
    };
    return row;
  });
  await app.ready();
});
afterAll(() => app.close());

describe('registerRoute: requests', () => {
  it('validates the body and lists every issue with its path', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/kit/items',
      payload: { name: '', quantity: -2 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'The request is not valid',
      code: 'validation_failed',
      issues: [
        { path: ['body', 'name'], message: 'Name is required' },
        { path: ['body', 'quantity'], message: 'Quantity must be positive' },
      ],
    });
  });

  it('reports a missing field and a wrong type by path', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/kit/items',
      payload: { quantity: 'two' },
    });
    expect(response.statusCode).toBe(400);
    const paths = (response.json() as { issues: Array<{ path: string[] }> }).issues.map(
      (issue) => issue.path,
    );
    expect(paths).toEqual([
      ['body', 'name'],
      ['body', 'quantity'],
    ]);
  });

  it('hands the handler the parsed body, with defaults applied', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/kit/items',
      payload: { name: 'cap', quantity: 2 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'cap', quantity: 2, tags: [] });
  });

  it('coerces and validates path parameters and the query string', async () => {
    const ok = await app.inject({ url: '/api/kit/items/42?expand=all' });
    expect(ok.json()).toEqual({ id: 42, idType: 'number', expand: 'all' });
    expect((await app.inject({ url: '/api/kit/items/42' })).json()).toMatchObject({ expand: 'none' });

    const badId = await app.inject({ url: '/api/kit/items/abc' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ code: 'validation_failed', issues: [{ path: ['params', 'id'] }] });

    const badQuery = await app.inject({ url: '/api/kit/items/1?expand=everything' });
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json()).toMatchObject({ issues: [{ path: ['querystring', 'expand'] }] });
  });
});

describe('registerRoute: responses', () => {
  it('strips fields the response schema does not declare, such as a password hash', async () => {
    const response = await app.inject({ url: '/api/kit/account' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 1, username: 'alice', email: 'a@example.com' });
    expect(response.body).not.toContain('argon2');
    expect(response.body).not.toContain('isAdmin');
  });
});

describe('verifyRouteTable', () => {
  it('makes app.ready() fail, listing every table route of the service that is missing', async () => {
    const empty = kitApp();
    verifyRouteTable(empty, 'identity');
    const ready = empty.ready();
    await expect(ready).rejects.toThrow(/^identity does not implement: .*GET \/api\/auth\/me/);
    const message = await ready.then(
      () => '',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    for (const route of routesOf('identity')) expect(message).toContain(`${route.method} ${route.path}`);
    await empty.close().catch(() => {});
  });

  it('names only what is missing', async () => {
    const partial = kitApp();
    const [first, ...rest] = routesOf('identity');
    if (!first) throw new Error('identity has no routes in the table');
    partial.route({ method: first.method, url: first.path, handler: async () => ({}) });
    verifyRouteTable(partial, 'identity');
    const message = await partial.ready().then(
      () => '',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    const [, listed = ''] = message.split('does not implement: ');
    expect(listed.split(', ')).toEqual(rest.map((route) => `${route.method} ${route.path}`));
    await partial.close().catch(() => {});
  });

  it('lets the app start once every route of the service is registered', async () => {
    const complete = kitApp();
    for (const route of routesOf('identity')) {
      complete.route({ method: route.method, url: route.path, handler: async () => ({}) });
    }
    verifyRouteTable(complete, 'identity');
    await expect(complete.ready()).resolves.toBeDefined();
    await complete.close();
  });
});
