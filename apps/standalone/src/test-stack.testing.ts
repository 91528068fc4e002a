import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@jesus-walks/test-kit/test-database';
import { testSecrets } from '@jesus-walks/test-kit/test-service';
import { services } from './services';
import { type Stack, startStack } from './stack';

export interface TestStack {
  stack: Stack;
  database: TestDatabase<unknown>;
  close(): Promise<void>;
}

/**
 * The whole product for a test: a fresh database with every service's schema, the services seeded
 * and the real gateway in front, serving a one-line web shell. Close it in afterAll.
 */
export async function startTestStack(options: {
  publicOrigin: string;
  rateLimitMax: number;
  /** More environment for the services and the gateway. */
  environment?: Record<string, string>;
}): Promise<TestStack> {
  const [firstService, ...otherServices] = services.map((service) => ({
    schema: service.schema,
    migrations: service.migrations,
  }));
  if (!firstService) throw new Error('no services');
  const database = await createTestDatabase(firstService, ...otherServices);
  const webDist = await mkdtemp(join(tmpdir(), 'stack-web-'));
  await writeFile(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  const stack = await startStack({
    databaseUrl: database.url,
    host: '127.0.0.1',
    port: 0,
    publicOrigin: options.publicOrigin,
    secrets: testSecrets,
    seed: true,
    logger: false,
    logLevel: 'silent',
    environment: {
      ...options.environment,
      WEB_DIST_DIR: webDist,
      RATE_LIMIT_MAX: String(options.rateLimitMax),
    },
  });
  return {
    stack,
    database,
    async close() {
      await stack.close();
      await database.destroy();
    },
  };
}
