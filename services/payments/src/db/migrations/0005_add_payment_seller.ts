import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('payments')
    // Who made the quote and is called to fulfil or release it: catalog (products) or events (seats).
    .addColumn('seller', 'text', (col) =>
      col.notNull().defaultTo('catalog').check(sql`seller in ('catalog', 'events')`),
    )
    // The paid registration (events); order_id stays the catalog's order. Not unique: content-and-events
    // keeps one payment per registration, and a refused late payment names the registration it was for.
    .addColumn('registration_id', 'integer')
    .execute();
  await db.schema
    .alterTable('payments')
    .addCheckConstraint('payments_seller_record_check', sql`seller = 'events' or registration_id is null`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').dropConstraint('payments_seller_record_check').execute();
  await db.schema.alterTable('payments').dropColumn('registration_id').dropColumn('seller').execute();
}
