import { routesOf } from '@jesus-walks/contracts/route-table';
import { serviceNames, urlVariableOf } from '@jesus-walks/contracts/services';
import { service as identity } from '@jesus-walks/identity/service';
import { freePort } from '@jesus-walks/local-postgres/network';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { createServiceDeps } from '@jesus-walks/service-kit/service-definition';
import { createTestDatabase, type TestDatabase } from '@jesus-walks/test-kit/test-database';
import { testSecrets } from '@jesus-walks/test-kit/test-service';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadEnv } from './env';

// /api/docs through a gateway in front of a real identity service; the other services are down.

let database: TestDatabase<unknown>;
let identityApp: ServiceApp;
let gateway: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase({ schema: identity.schema, migrations: identity.migrations });
  const identityPort = await freePort();
  const env = identity.loadEnv({ ...testSecrets, DATABASE_URL: database.url, LOG_LEVEL: 'silent' });
  identityApp = await identity.buildApp(
    env,
    createServiceDeps({ db: database.db as never, schema: identity.schema, logger: false, notice: () => {} }),
  );
  await identityApp.listen({ host: '127.0.0.1', port: identityPort });
  gateway = await buildApp(
    loadEnv({
      ...testSecrets,
      PUBLIC_ORIGIN: 'https://jesuswalks.example',
      LOG_LEVEL: 'silent',
      ...Object.fromEntries(serviceNames.map((name) => [urlVariableOf(name), 'http://127.0.0.1:9'])),
      IDENTITY_URL: `http://127.0.0.1:${identityPort}`,
    }),
    { logger: false },
  );
});

afterAll(async () => {
  await gateway?.close();
  await identityApp?.close();
  await database?.destroy();
});

describe('GET /api/docs', () => {
  it('is a page with Swagger UI from our own files, under the pages’ Content Security Policy', async () => {
    const page = await gateway.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script>[^<]/);
    for (const file of [
      '/api/docs/ui/swagger-ui-bundle.js',
      '/api/docs/ui/swagger-ui.css',
      '/api/docs/ui/start.js',
    ]) {
      const asset = await gateway.inject({ url: file });
      expect(asset.statusCode, file).toBe(200);
      expect(page.body).toContain(file);
    }
    expect((await gateway.inject({ url: '/api/docs/ui/start.js' })).body).toContain('/api/docs/openapi.json');
    // Only the files the page uses are served from the package.
    expect((await gateway.inject({ url: '/api/docs/ui/index.html' })).statusCode).toBe(404);
  });

  it("merges the services' documents without their internal routes, and names a service that is down", async () => {
    const response = await gateway.inject({ url: '/api/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      openapi: string;
      info: { 'x-unavailable'?: string[] };
      paths: Record<string, Record<string, { 'x-access': string }>>;
    };
    expect(document.openapi).toBe('3.1.0');
    for (const route of routesOf('identity')) {
      const operation = document.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      if (route.access === 'internal') expect(operation, route.path).toBeUndefined();
      else expect(operation?.['x-access'], `${route.method} ${route.path}`).toBe(route.access);
    }
    expect(Object.keys(document.paths).some((path) => path.startsWith('/internal/'))).toBe(false);
    expect(document.info['x-unavailable']).toEqual(serviceNames.filter((name) => name !== 'identity'));
  });
});
