import { createIdempotencyKeysTableV1, dropIdempotencyKeysTable } from '@jesus-walks/service-kit/kit-tables';
import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code (the kit's table helpers are frozen too).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('payments')
    // The seller's quote this payment pays (catalog's reservation): fulfilled or released by id.
    .addColumn('quote_id', 'uuid')
    .addColumn('quote_expires_at', 'timestamptz')
    // The order the seller created for it: one order per payment, one payment per order.
    .addColumn('order_id', 'integer')
    // A member's id (from the signed x-identity); null for a guest.
    .addColumn('user_id', 'integer')
    .addColumn('customer_name', 'text')
    .addColumn('customer_phone', 'text')
    // The address the quote was priced for: the webhook-only path fulfils with it.
    .addColumn('shipping_address', 'jsonb')
    // The tile the buyer chose (stripe, square, ...); `provider` is who processes it (stripe, sandbox).
    .addColumn('payment_method', 'text', (col) => col.notNull().defaultTo('stripe'))
    // What the provider was given to deduplicate the intent's creation.
    .addColumn('idempotency_key', 'text')
    // The provider's last word on a failed attempt ('Your card was declined.'), or why we stopped.
    .addColumn('failure_reason', 'text')
    // Refunds: requested (a job refunds through the provider), refunded, or failed for good.
    .addColumn('refund_status', 'text')
    .addColumn('refund_reason', 'text')
    .addColumn('refund_reference', 'text')
    .addColumn('refunded_at', 'timestamptz')
    .execute();
  await db.schema
    .alterTable('payments')
    .addCheckConstraint(
      'payments_status_check',
      sql`status in ('pending', 'succeeded', 'failed', 'cancelled', 'refunded')`,
    )
    .execute();
  await db.schema
    .alterTable('payments')
    .addCheckConstraint(
      'payments_refund_status_check',
      sql`refund_status is null or refund_status in ('requested', 'refunded', 'failed')`,
    )
    .execute();
  await db.schema
    .createIndex('payments_order_id_key')
    .unique()
    .on('payments')
    .column('order_id')
    .where(sql.ref('order_id'), 'is not', null)
    .execute();
  // The expiry job's scan: payments still open past their quote's reservation.
  await db.schema
    .createIndex('payments_open_expiry_idx')
    .on('payments')
    .column('quote_expires_at')
    .where(sql<boolean>`status in ('pending', 'failed') and order_id is null`)
    .execute();

  await db.schema
    .alterTable('webhook_events')
    .addColumn('payload', 'jsonb')
    // Set once the event's effect is done (a succeeded payment: once its order is recorded).
    .addColumn('processed_at', 'timestamptz')
    .execute();

  // The built-in sandbox processor's payment intents (what Stripe would hold on its side).
  await db.schema
    .createTable('sandbox_intents')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('client_secret', 'text', (col) => col.notNull().unique())
    .addColumn('amount_cents', 'integer', (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn('currency', 'text', (col) => col.notNull().defaultTo('usd'))
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('requires_payment_method')
        .check(sql`status in ('requires_payment_method', 'succeeded', 'canceled')`),
    )
    .addColumn('failure_message', 'text')
    .addColumn('payment_id', 'uuid', (col) => col.notNull())
    // The creation's idempotency key: a retried creation answers the same intent.
    .addColumn('idempotency_key', 'text', (col) => col.unique())
    .addColumn('refund_id', 'text')
    .addColumn('refunded_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  // The first answer to a request carrying an Idempotency-Key (service-kit idempotency.ts).
  await createIdempotencyKeysTableV1(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropIdempotencyKeysTable(db);
  await db.schema.dropTable('sandbox_intents').execute();
  await db.schema.alterTable('webhook_events').dropColumn('payload').dropColumn('processed_at').execute();
  await db.schema.dropIndex('payments_open_expiry_idx').execute();
  await db.schema.dropIndex('payments_order_id_key').execute();
  await db.schema.alterTable('payments').dropConstraint('payments_refund_status_check').execute();
  await db.schema.alterTable('payments').dropConstraint('payments_status_check').execute();
  await db.schema
    .alterTable('payments')
    .dropColumn('quote_id')
    .dropColumn('quote_expires_at')
    .dropColumn('order_id')
    .dropColumn('user_id')
    .dropColumn('customer_name')
    .dropColumn('customer_phone')
    .dropColumn('shipping_address')
    .dropColumn('payment_method')
    .dropColumn('idempotency_key')
    .dropColumn('failure_reason')
    .dropColumn('refund_status')
    .dropColumn('refund_reason')
    .dropColumn('refund_reference')
    .dropColumn('refunded_at')
    .execute();
}
