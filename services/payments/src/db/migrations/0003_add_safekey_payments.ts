import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // SafeKey's side of a checkout payment: what the network answered (it sends no webhooks, so
  // finalisation reads the stored outcome). The network is called outside any transaction; the
  // row is claimed ('processing') first so two calls never charge twice.
  await db.schema
    .createTable('safekey_payments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('client_secret', 'text', (col) => col.notNull().unique())
    .addColumn('payment_id', 'uuid', (col) => col.notNull())
    .addColumn('amount_cents', 'integer', (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn('currency', 'text', (col) => col.notNull().defaultTo('usd'))
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('requires_payment_method')
        .check(sql`status in ('requires_payment_method', 'processing', 'succeeded', 'canceled')`),
    )
    // 'sandbox' or 'live': which network answered (a refund goes back to the same one).
    .addColumn('network', 'text', (col) => col.notNull())
    .addColumn('auth_reference', 'text')
    .addColumn('failure_message', 'text')
    .addColumn('idempotency_key', 'text', (col) => col.unique())
    .addColumn('refund_reference', 'text')
    .addColumn('refunded_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('safekey_payments').execute();
}
