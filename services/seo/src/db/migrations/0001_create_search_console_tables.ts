import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('search_console_snapshots')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('site_url', 'text', (col) => col.notNull())
    .addColumn('period_days', 'integer', (col) => col.notNull().defaultTo(30).check(sql`period_days > 0`))
    .addColumn('metrics', 'jsonb', (col) => col.notNull())
    .addColumn('top_pages', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('top_queries', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('fetched_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // The dashboard reads the latest snapshot of a site and period.
  await db.schema
    .createIndex('search_console_snapshots_latest_idx')
    .on('search_console_snapshots')
    .columns(['site_url', 'period_days', 'fetched_at desc'])
    .execute();

  await db.schema
    .createTable('sitemap_submissions')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('sitemap_url', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('submitted', 'failed')`))
    .addColumn('message', 'text')
    .addColumn('submitted_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('sitemap_submissions_submitted_at_idx')
    .on('sitemap_submissions')
    .column('submitted_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sitemap_submissions').execute();
  await db.schema.dropTable('search_console_snapshots').execute();
}
