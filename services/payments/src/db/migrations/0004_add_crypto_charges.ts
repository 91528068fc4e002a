import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The sandbox's crypto charges (what Coinbase Commerce would hold on its side): the hosted page
  // shows one, the payer completes it or lets it expire; its sandbox intent carries the outcome.
  await db.schema
    .createTable('crypto_charges')
    .addColumn('code', 'text', (col) => col.primaryKey())
    .addColumn('payment_id', 'uuid', (col) => col.notNull())
    .addColumn('intent_id', 'text', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull().check(sql`provider in ('stripe', 'coinbase')`))
    .addColumn('cryptocurrency', 'text', (col) => col.notNull())
    .addColumn('crypto_amount', 'text', (col) => col.notNull())
    .addColumn('wallet_address', 'text', (col) => col.notNull())
    .addColumn('amount', sql`numeric(12, 2)`, (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('open').check(sql`status in ('open', 'completed', 'expired')`),
    )
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('crypto_charges_payment_id_idx')
    .on('crypto_charges')
    .column('payment_id')
    .execute();

  // Crypto sent on-chain cannot be pulled back by an API: such refunds are recorded for a person.
  await db.schema.alterTable('payments').dropConstraint('payments_refund_status_check').execute();
  await db.schema
    .alterTable('payments')
    .addCheckConstraint(
      'payments_refund_status_check',
      sql`refund_status is null or refund_status in ('requested', 'refunded', 'failed', 'manual')`,
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').dropConstraint('payments_refund_status_check').execute();
  await db.schema
    .alterTable('payments')
    .addCheckConstraint(
      'payments_refund_status_check',
      sql`refund_status is null or refund_status in ('requested', 'refunded', 'failed')`,
    )
    .execute();
  await db.schema.dropTable('crypto_charges').execute();
}
