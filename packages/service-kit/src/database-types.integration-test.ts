import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDatabase } from './database';

const serverUrl = () => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run through the root vitest config');
  return url;
};

describe('type parsing', () => {
  it("importing the kit's database module leaves pg's global parsers alone", async () => {
    expect(pg.types.getTypeParser(pg.types.builtins.INT8)('42')).toBe('42');
    const client = new pg.Client({ connectionString: serverUrl() });
    await client.connect();
    try {
      const { rows } = await client.query('select count(*) as n from (values (1), (2)) as v(x)');
      expect(rows[0]).toEqual({ n: '2' });
    } finally {
      await client.end();
    }
  });

  it('a pool from createDatabase reads bigint as a number and numeric as an exact string', async () => {
    const db = createDatabase<unknown>({ connectionString: serverUrl(), schema: 'public', poolMax: 1 });
    try {
      const { rows } = await sql<{ n: number; big: number; price: string; small: number }>`
        select (select count(*) from (values (1), (2)) as v(x)) as n, 9007199254::int8 as big,
          12345678.91::numeric(12, 2) as price, 7::int4 as small`.execute(db);
      expect(rows[0]).toEqual({ n: 2, big: 9_007_199_254, price: '12345678.91', small: 7 });
    } finally {
      await db.destroy();
    }
  });
});
