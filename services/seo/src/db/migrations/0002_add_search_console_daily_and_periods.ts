import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The period a snapshot covers, so its per-day series can be read back with it.
  await db.schema
    .alterTable('search_console_snapshots')
    .addColumn('start_date', 'date')
    .addColumn('end_date', 'date')
    .execute();

  // Clicks and impressions per day, one row per property and day: each refresh overwrites the
  // days it fetched (Google revises recent days), older days stay as history.
  await db.schema
    .createTable('search_console_daily')
    .addColumn('site_url', 'text', (col) => col.notNull())
    .addColumn('date', 'date', (col) => col.notNull())
    .addColumn('clicks', 'integer', (col) => col.notNull().check(sql`clicks >= 0`))
    .addColumn('impressions', 'integer', (col) => col.notNull().check(sql`impressions >= 0`))
    .addColumn('fetched_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('search_console_daily_pkey', ['site_url', 'date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('search_console_daily').execute();
  await db.schema
    .alterTable('search_console_snapshots')
    .dropColumn('start_date')
    .dropColumn('end_date')
    .execute();
}
