import { type Kysely, sql } from 'kysely';

/**
 * The admin order list pages newest first (created_at, id) with optional filters on status and
 * customer: one index per way it is read, each ending in the sort so a page is read in order and
 * stops after its rows. They replace the single-column ones of 0001, which they cover.
 * The text search (customer name or e-mail, '%words%') scans: at tens of thousands of orders that
 * is milliseconds, and a trigram index would need the pg_trgm extension in every deployment.
 * The carrier of a shipment is kept next to its tracking number.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('shipping_carrier', 'text').execute();
  await db.schema
    .createIndex('orders_created_at_id_idx')
    .on('orders')
    .columns(['created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('orders_status_created_at_id_idx')
    .on('orders')
    .columns(['status', 'created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('orders_user_id_created_at_id_idx')
    .on('orders')
    .columns(['user_id', 'created_at desc', 'id desc'])
    .where(sql.ref('user_id'), 'is not', null)
    .execute();
  await db.schema.dropIndex('orders_created_at_idx').execute();
  await db.schema.dropIndex('orders_user_id_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('orders_user_id_idx').on('orders').column('user_id').execute();
  await db.schema.createIndex('orders_created_at_idx').on('orders').column('created_at').execute();
  await db.schema.dropIndex('orders_user_id_created_at_id_idx').execute();
  await db.schema.dropIndex('orders_status_created_at_id_idx').execute();
  await db.schema.dropIndex('orders_created_at_id_idx').execute();
  await db.schema.alterTable('orders').dropColumn('shipping_carrier').execute();
}
