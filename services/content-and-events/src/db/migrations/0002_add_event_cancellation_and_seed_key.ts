import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    // An event with registrations is cancelled, never silently deleted.
    .addColumn('cancelled_at', 'timestamptz')
    // Demo events are found again by this key, so the seed stays idempotent.
    .addColumn('seed_key', 'text', (col) => col.unique())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    .dropColumn('updated_at')
    .dropColumn('seed_key')
    .dropColumn('cancelled_at')
    .execute();
}
