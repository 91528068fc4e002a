import { CamelCasePlugin, Kysely, type Kysely as KyselyType, PostgresDialect, sql } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import pg from 'pg';

/**
 * Our pools' type parsers: numeric (money) stays the driver's exact string, never a float; bigint
 * (count(*), bigint columns) becomes a number. Per pool, so importing the kit leaves pg's global
 * parsers (and anyone else's pg clients in the process) untouched.
 */
const parseInt8 = (value: string) => Number.parseInt(value, 10);
const poolTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 && format !== 'binary'
      ? parseInt8
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

export type Migrations = Record<string, Migration>;

/** Migrations and checks work on any schema's database, whatever its table types. */
// biome-ignore lint/suspicious/noExplicitAny: deliberately schema-agnostic
type AnyDatabase = KyselyType<any>;

export interface DatabaseOptions {
  connectionString: string;
  /** The Postgres schema this service owns; every unqualified name resolves in it. */
  schema: string;
  poolMax?: number;
  applicationName?: string;
}

/** Statements each of our databases has run, for the metric db_statements_total (metrics.ts). */
const statementCounts = new WeakMap<object, { total: number }>();

/** How many SQL statements `db` has run since it was created (migrations, jobs and all). */
export function statementCountOf(db: object): number {
  return statementCounts.get(db)?.total ?? 0;
}

/** Text taken literally inside a LIKE pattern: its %, _ and \ (LIKE's default escape) escaped. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/** The (I)LIKE pattern of a text containing `words` anywhere, taken literally. */
export const containsPattern = (words: string): string => `%${escapeLike(words)}%`;

/** The LIKE pattern of a text starting with `prefix`, taken literally. */
export const prefixPattern = (prefix: string): string => `${escapeLike(prefix)}%`;

/** Quotes an identifier we control (schema or database names); refuses anything unusual. */
export function quoteIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Unsafe SQL identifier: ${name}`);
  return `"${name}"`;
}

/**
 * A Kysely instance bound to one schema: the pool sets search_path on every connection, so
 * repositories and migrations use plain table names and can never reach another service's tables
 * by accident. CamelCasePlugin maps snake_case columns to camelCase properties.
 */
export function createDatabase<DB>(options: DatabaseOptions): KyselyType<DB> {
  quoteIdentifier(options.schema);
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.poolMax ?? 10,
    application_name: options.applicationName ?? options.schema,
    options: `-c search_path=${options.schema}`,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    types: poolTypes,
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  // Nor one checked out: the pool listens to a client only while it is idle, and one cut off
  // between statements (in a transaction, say) emits 'error' with no query to fail. Its queries
  // fail on their own, and the pool drops it when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  const statements = { total: 0 };
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
    // Kysely reports each statement once, as run or as failed (pg-boss's go through it too).
    log: () => {
      statements.total += 1;
    },
  });
  statementCounts.set(db, statements);
  return db;
}

function migratorFor(db: AnyDatabase, schema: string, migrations: Migrations): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
  });
}

/** Creates the schema if needed and applies every pending migration; throws on the first failure. */
export async function migrateToLatest(
  db: AnyDatabase,
  schema: string,
  migrations: Migrations,
): Promise<string[]> {
  // Checked first: `create schema if not exists` needs CREATE on the database even when the schema
  // exists, and a service's role in production owns its schema but may not create others.
  const present = await sql<{ present: boolean }>`
    select exists (select 1 from pg_namespace where nspname = ${schema}) as present`.execute(db);
  if (!present.rows[0]?.present) await sql`create schema ${sql.raw(quoteIdentifier(schema))}`.execute(db);
  const { error, results } = await migratorFor(db, schema, migrations).migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new Error(
      `Migration ${failed?.migrationName ?? '(unknown)'} of schema ${schema} failed: ${String(error)}`,
      {
        cause: error,
      },
    );
  }
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}

/** Names of migrations not yet applied (all of them when the schema does not exist yet). */
export async function pendingMigrations(
  db: AnyDatabase,
  schema: string,
  migrations: Migrations,
): Promise<string[]> {
  const exists = await sql<{ present: boolean }>`
    select exists (select 1 from information_schema.tables
      where table_schema = ${schema} and table_name = 'kysely_migration') as present`.execute(db);
  if (!exists.rows[0]?.present) return Object.keys(migrations);
  const all = await migratorFor(db, schema, migrations).getMigrations();
  return all.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}
