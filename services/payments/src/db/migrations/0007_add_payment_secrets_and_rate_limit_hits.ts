import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The SHA-256 (hex) of the secret the create-payment-intent answer gave the paying browser: the
  // calls that act on a payment (its contact, a card or token, a sandbox charge) must carry it.
  // Null for payments made before it existed: nobody can act on those, they lapse by themselves.
  await db.schema.alterTable('payments').addColumn('secret_hash', 'text').execute();

  // The kit's one rate_limit_hits shape (service-kit rate-limits): declined payment attempts per
  // payment, client address and member, and checkouts started per address. Keys compare byte by
  // byte, so a key prefix is an index range.
  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('bucket', 'text', (col) => col.notNull())
    .addColumn('key', sql`text collate "C"`, (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('rate_limit_hits_bucket_key_idx')
    .on('rate_limit_hits')
    .columns(['bucket', 'key', 'created_at'])
    .execute();
  await db.schema
    .createIndex('rate_limit_hits_created_at_idx')
    .on('rate_limit_hits')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit_hits').execute();
  await db.schema.alterTable('payments').dropColumn('secret_hash').execute();
}
