import { randomBytes } from 'node:crypto';
import { startTestDatabaseServer } from './database-server';
import { dropRunDatabases } from './test-database';

/**
 * Vitest global setup for the whole workspace: one Postgres server per run. Workers inherit
 * TEST_DATABASE_URL and TEST_RUN_ID through the environment.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const server = await startTestDatabaseServer(process.env.DATABASE_URL);
  process.env.TEST_DATABASE_URL = server.url;
  process.env.TEST_DATABASE_KIND = server.kind;
  process.env.TEST_RUN_ID = randomBytes(4).toString('hex');
  return async () => {
    try {
      await dropRunDatabases();
    } finally {
      await server.stop();
    }
  };
}
