import { createHash, randomBytes } from 'node:crypto';
import {
  createDatabase,
  type Migrations,
  migrateToLatest,
  quoteIdentifier,
} from '@jesus-walks/service-kit/database';
import type { Kysely } from 'kysely';
import pg from 'pg';

function serverUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error('TEST_DATABASE_URL is not set: run tests through the root vitest config (pnpm test)');
  return url;
}

function runId(): string {
  return process.env.TEST_RUN_ID ?? 'local';
}

export function databaseUrl(name: string): string {
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function createFromTemplate(client: pg.Client, name: string, template: string): Promise<void> {
  // Postgres refuses to copy a template while another session is copying it; retry briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await client.query(`create database ${quoteIdentifier(name)} template ${quoteIdentifier(template)}`);
      return;
    } catch (error) {
      const busy = error instanceof Error && /being accessed by other users/.test(error.message);
      if (!busy || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
    }
  }
}

/**
 * Migrations run once per run into a template database (under an advisory lock, so parallel
 * workers do it once); each caller gets its own copy, so tests never share rows.
 */
async function ensureTemplate(schemas: Array<{ schema: string; migrations: Migrations }>): Promise<string> {
  const fingerprint = createHash('sha256')
    .update(
      schemas.map(({ schema, migrations }) => `${schema}:${Object.keys(migrations).join(',')}`).join('|'),
    )
    .digest('hex')
    .slice(0, 10);
  const template = `tpl_${runId()}_${fingerprint}`;
  await withAdmin(async (client) => {
    await client.query('select pg_advisory_lock(hashtext($1))', [template]);
    try {
      const exists = await client.query('select 1 from pg_database where datname = $1', [template]);
      if (exists.rowCount) return;
      await client.query(`create database ${quoteIdentifier(template)}`);
      for (const { schema, migrations } of schemas) {
        const db = createDatabase<unknown>({ connectionString: databaseUrl(template), schema, poolMax: 1 });
        try {
          await migrateToLatest(db, schema, migrations);
        } finally {
          await db.destroy();
        }
      }
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [template]);
    }
  });
  return template;
}

export interface TestDatabase<DB> {
  /** Connection URL of this test's own database. */
  url: string;
  /** Kysely bound to the first schema given. */
  db: Kysely<DB>;
  destroy(): Promise<void>;
}

/** A fresh, migrated database of one's own, for one test file. */
export async function createTestDatabase<DB>(
  ...schemas: [
    { schema: string; migrations: Migrations },
    ...Array<{ schema: string; migrations: Migrations }>,
  ]
): Promise<TestDatabase<DB>> {
  const template = await ensureTemplate(schemas);
  const name = `t_${runId()}_${randomBytes(5).toString('hex')}`;
  await withAdmin((client) => createFromTemplate(client, name, template));
  const url = databaseUrl(name);
  const db = createDatabase<DB>({ connectionString: url, schema: schemas[0].schema, poolMax: 5 });
  return {
    url,
    db,
    async destroy() {
      await db.destroy().catch(() => {});
      await withAdmin((client) =>
        client.query(`drop database if exists ${quoteIdentifier(name)} with (force)`),
      );
    },
  };
}

export interface EmptyTestDatabase {
  url: string;
  destroy(): Promise<void>;
}

/**
 * An empty database of one's own (no schema, no migration), for tests of what creates them: the
 * migrations Job's command, the image's steps. Named like the others, so the teardown drops it.
 */
export async function createEmptyTestDatabase(label: string): Promise<EmptyTestDatabase> {
  const name = `t_${runId()}_${label}_${randomBytes(4).toString('hex')}`;
  await withAdmin((client) => client.query(`create database ${quoteIdentifier(name)}`));
  return {
    url: databaseUrl(name),
    destroy: () =>
      withAdmin((client) =>
        client.query(`drop database if exists ${quoteIdentifier(name)} with (force)`),
      ).then(() => {}),
  };
}

/** Drops every database this run created (global teardown). */
export async function dropRunDatabases(): Promise<void> {
  await withAdmin(async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like 't\\_' || $1 || '\\_%' or datname like 'tpl\\_' || $1 || '\\_%'",
      [runId()],
    );
    for (const { datname } of rows) {
      await client.query(`drop database if exists ${quoteIdentifier(datname)} with (force)`);
    }
  });
}
