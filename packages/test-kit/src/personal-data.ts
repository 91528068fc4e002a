import { quoteIdentifier } from '@jesus-walks/service-kit/database';
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: any service's database
type AnyKysely = Kysely<any>;

/** Where a searched text was found: a table, a column, and how many rows hold it. */
export interface PersonalDataHit {
  table: string;
  column: string;
  needle: string;
  rows: number;
}

/** Column types that can hold a person's e-mail, name or phone as text. */
const TEXT_TYPES = ['text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED'];

/**
 * Searches every text, json and array column of every table of a schema (its information_schema,
 * so a table or column added later is searched too, pg-boss's job tables included) for each
 * needle, case-insensitively. Answers every place one is found: an erasure test expects none.
 */
export async function findPersonalData(
  db: AnyKysely,
  schema: string,
  needles: readonly string[],
): Promise<PersonalDataHit[]> {
  const columns = await sql<{ table: string; column: string }>`
    select c.table_name as table, c.column_name as column
      from information_schema.columns c
        join information_schema.tables t
          on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = ${schema} and t.table_type = 'BASE TABLE'
        and c.data_type = any(${TEXT_TYPES})
      order by c.table_name, c.ordinal_position`.execute(db.withoutPlugins());
  const hits: PersonalDataHit[] = [];
  for (const { table, column } of columns.rows) {
    const target = sql.raw(`${quoteIdentifier(schema)}.${quoteIdentifier(table)}`);
    const value = sql.raw(`${quoteIdentifier(column)}::text`);
    for (const needle of needles) {
      const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const { rows } = await sql<{ count: number }>`
        select count(*)::int as count from ${target} where ${value} ilike ${pattern}`.execute(
        db.withoutPlugins(),
      );
      const count = rows[0]?.count ?? 0;
      if (count > 0) hits.push({ table, column, needle, rows: count });
    }
  }
  return hits;
}
