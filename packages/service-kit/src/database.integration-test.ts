import { createTestDatabase, type TestDatabase } from '@jesus-walks/test-kit/test-database';
import { type Generated, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDatabase,
  type Migrations,
  migrateToLatest,
  pendingMigrations,
  quoteIdentifier,
  statementCountOf,
} from './database';

const first: Migrations = {
  '0001_create_prices': {
    up: async (db: Kysely<unknown>) => {
      await db.schema
        .createTable('prices')
        .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
        .addColumn('amount', sql`numeric(12, 2)`, (col) => col.notNull())
        .addColumn('views', 'bigint', (col) => col.notNull().defaultTo(0))
        .execute();
    },
  },
};
const second: Migrations = {
  ...first,
  '0002_add_currency': {
    up: async (db: Kysely<unknown>) => {
      await db.schema
        .alterTable('prices')
        .addColumn('currency', 'text', (col) => col.notNull().defaultTo('USD'))
        .execute();
    },
  },
};

interface PricesDatabase {
  prices: { id: Generated<number>; amount: string; views: number; currency: Generated<string> };
}

let server: TestDatabase<unknown>;
let db: Kysely<PricesDatabase>;

beforeAll(async () => {
  // An empty database of our own; the schema under test does not exist in it yet.
  server = await createTestDatabase({ schema: 'kit_empty', migrations: {} });
  db = createDatabase<PricesDatabase>({ connectionString: server.url, schema: 'kit_prices', poolMax: 2 });
});
afterAll(async () => {
  await db.destroy();
  await server.destroy();
});

async function tablesIn(schema: string): Promise<string[]> {
  const { rows } = await sql<{ tableName: string }>`
    select table_name from information_schema.tables where table_schema = ${schema} order by table_name`.execute(
    db,
  );
  return rows.map((row) => row.tableName);
}

describe('migrations', () => {
  it('lists every migration as pending while the schema does not exist', async () => {
    expect(await pendingMigrations(db, 'kit_prices', second)).toEqual([
      '0001_create_prices',
      '0002_add_currency',
    ]);
  });

  it('creates the schema, applies the migrations once, and keeps the migration table in the schema', async () => {
    expect(await migrateToLatest(db, 'kit_prices', first)).toEqual(['0001_create_prices']);
    expect(await migrateToLatest(db, 'kit_prices', first)).toEqual([]);

    expect(await tablesIn('kit_prices')).toEqual(['kysely_migration', 'kysely_migration_lock', 'prices']);
    expect(await tablesIn('public')).toEqual([]);
  });

  it('lists only what is not applied yet, then nothing', async () => {
    expect(await pendingMigrations(db, 'kit_prices', first)).toEqual([]);
    expect(await pendingMigrations(db, 'kit_prices', second)).toEqual(['0002_add_currency']);
    expect(await migrateToLatest(db, 'kit_prices', second)).toEqual(['0002_add_currency']);
    expect(await pendingMigrations(db, 'kit_prices', second)).toEqual([]);
  });

  it('names the failing migration and schema when one fails', async () => {
    const broken: Migrations = {
      ...second,
      '0003_broken': {
        up: async (target: Kysely<unknown>) => {
          await sql`select * from no_such_table`.execute(target);
        },
      },
    };
    await expect(migrateToLatest(db, 'kit_prices', broken)).rejects.toThrow(
      /^Migration 0003_broken of schema kit_prices failed: .*no_such_table/,
    );
    expect(await pendingMigrations(db, 'kit_prices', broken)).toEqual(['0003_broken']);
  });
});

describe('createDatabase', () => {
  it('binds unqualified names to its schema', async () => {
    const path = await sql<{ searchPath: string }>`show search_path`.execute(db);
    expect(path.rows[0]?.searchPath).toBe('kit_prices');
  });

  it('returns numeric columns as exact strings and bigint as numbers', async () => {
    const row = await db
      .insertInto('prices')
      .values({ amount: '12345678.91', views: 9_007_199_254 })
      .returning(['amount', 'views', 'currency'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ amount: '12345678.91', views: 9_007_199_254, currency: 'USD' });
    const sum = await db
      .selectFrom('prices')
      .select((eb) => eb.fn.sum<string>('amount').as('total'))
      .executeTakeFirstOrThrow();
    expect(sum.total).toBe('12345678.91');
    const count = await db
      .selectFrom('prices')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    expect(count.count).toBe(1);
  });

  it('counts every statement it runs, one that fails and those of a transaction included', async () => {
    const before = statementCountOf(db);
    await sql`select 1`.execute(db);
    await expect(sql`select * from no_such_table`.execute(db)).rejects.toThrow();
    await db.transaction().execute(async (trx) => {
      await sql`select 2`.execute(trx);
    });
    await sql`select 3`.execute(db.withoutPlugins());
    // select 1, the failed one, begin + select 2 + commit, select 3.
    expect(statementCountOf(db) - before).toBe(6);
    expect(statementCountOf({})).toBe(0);
  });

  it('refuses an unsafe schema name before connecting', () => {
    expect(() => createDatabase({ connectionString: server.url, schema: 'x; drop schema public' })).toThrow(
      'Unsafe SQL identifier',
    );
  });
});

describe('quoteIdentifier', () => {
  it('quotes the names we use', () => {
    expect(quoteIdentifier('catalog_and_orders')).toBe('"catalog_and_orders"');
    expect(quoteIdentifier('t_ab12_9f')).toBe('"t_ab12_9f"');
    expect(quoteIdentifier('_x')).toBe('"_x"');
  });

  it.each([
    ['a quote', 'evil"; drop database x; --'],
    ['a space', 'two words'],
    ['a hyphen', 'catalog-and-orders'],
    ['upper case', 'Users'],
    ['a leading digit', '1abc'],
    ['nothing', ''],
    ['64 characters', 'a'.repeat(64)],
    ['a newline', 'abc\n'],
  ])('refuses a name with %s', (_label, name) => {
    expect(() => quoteIdentifier(name)).toThrow(`Unsafe SQL identifier: ${name}`);
  });

  it('accepts the longest name Postgres keeps (63 characters)', () => {
    expect(quoteIdentifier('a'.repeat(63))).toBe(`"${'a'.repeat(63)}"`);
  });
});
