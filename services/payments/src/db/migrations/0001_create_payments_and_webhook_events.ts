import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payments')
    // Random rather than sequential: the id travels through the browser to the order call.
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('provider_reference', 'text', (col) => col.notNull())
    .addColumn('amount', 'numeric(12, 2)', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull().defaultTo('USD'))
    .addColumn('quote', 'jsonb', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('customer_email', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('payments_amount_check', sql`amount >= 0`)
    // Webhooks find the payment by the provider's own reference.
    .addUniqueConstraint('payments_provider_reference_key', ['provider', 'provider_reference'])
    .execute();
  await db.schema.createIndex('payments_created_at_idx').on('payments').column('created_at').execute();

  await db.schema
    .createTable('webhook_events')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('received_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // Providers redeliver: an event already recorded is not processed twice.
    .addUniqueConstraint('webhook_events_provider_event_id_key', ['provider', 'event_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_events').execute();
  await db.schema.dropTable('payments').execute();
}
