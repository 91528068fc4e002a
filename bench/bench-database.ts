import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres } from '@jesus-walks/local-postgres/embedded-postgres';
import { freePort } from '@jesus-walks/local-postgres/network';
import { createDatabase, migrateToLatest } from '@jesus-walks/service-kit/database';
import { services } from '@jesus-walks/standalone/services';
import pg from 'pg';

export const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));

export const benchSecrets = {
  INTERNAL_TOKEN: 'bench-internal-token-0123456789abcdef012345',
  IDENTITY_SIGNING_KEY: 'bench-identity-signing-key-0123456789abcdef',
  SESSION_SECRET: 'bench-session-secret-0123456789abcdef012345',
};

export interface BenchDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * A fresh database with every service's migrations and demo data: on a throw-away embedded
 * Postgres, or on DATABASE_URL's server when set (dropped afterwards).
 */
export async function prepareBenchDatabase(): Promise<BenchDatabase> {
  const root = await mkdtemp(join(tmpdir(), 'jesus-walks-bench-'));
  const server = process.env.DATABASE_URL
    ? { url: process.env.DATABASE_URL, stop: async () => {} }
    : await startEmbeddedPostgres({ dataDir: join(root, 'data'), port: await freePort(), persistent: false });
  const name = `bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server.url);
  url.pathname = `/${name}`;

  for (const definition of services) {
    const env = definition.loadEnv({ DATABASE_URL: url.toString(), ...benchSecrets, LOG_LEVEL: 'silent' });
    const db = createDatabase<unknown>({
      connectionString: url.toString(),
      schema: definition.schema,
      poolMax: 1,
    });
    await migrateToLatest(db, definition.schema, definition.migrations);
    await definition.seed(db, { env, notice: () => {} });
    await db.destroy();
  }

  return {
    url: url.toString(),
    async stop() {
      const cleanup = new pg.Client({ connectionString: server.url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
      await server.stop();
      await rm(root, { recursive: true, force: true });
    },
  };
}
