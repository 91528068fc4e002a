import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    // A deleted product leaves the shop but stays for the orders that include it.
    .addColumn('deleted_at', 'timestamptz')
    // Natural key of catalog entries the seed owns (admin-created products have none).
    .addColumn('sku', 'text', (col) => col.unique())
    .execute();
  await db.schema
    .createIndex('products_on_sale_idx')
    .on('products')
    .column('id')
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();

  await db.schema
    .alterTable('orders')
    // True while the order's items are counted out of stock: set when stock is taken, cleared
    // when a cancellation or deletion puts unshipped items back, so stock moves exactly once.
    .addColumn('stock_held', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('stock_held').execute();
  await db.schema.dropIndex('products_on_sale_idx').execute();
  await db.schema.alterTable('products').dropColumn('sku').dropColumn('deleted_at').execute();
}
