import type { Kysely } from 'kysely';

// Frozen: migrations never import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A seat paid through payments' built-in sandbox (no real money): payments says so at fulfilment.
  // The admin marks it and leaves it out of the walks' revenue. Earlier paid seats cannot be told
  // apart here (payments keeps the processor), so they stay as they were.
  await db.schema
    .alterTable('registrations')
    .addColumn('test_mode', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('registrations').dropColumn('test_mode').execute();
}
