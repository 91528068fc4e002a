import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per client key and fixed window: every gateway replica adds its hits to the same row.
  await db.schema
    .createTable('rate_limit_counts')
    .addColumn('key', sql`text collate "C"`, (col) => col.notNull())
    .addColumn('window_start', 'timestamptz', (col) => col.notNull())
    .addColumn('hits', 'integer', (col) => col.notNull().check(sql`hits > 0`))
    .addPrimaryKeyConstraint('rate_limit_counts_pkey', ['key', 'window_start'])
    .execute();
  // Old windows are deleted by age.
  await db.schema
    .createIndex('rate_limit_counts_window_idx')
    .on('rate_limit_counts')
    .column('window_start')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit_counts').execute();
}
