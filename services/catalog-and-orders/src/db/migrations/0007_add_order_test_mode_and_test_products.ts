import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Paid through payments' built-in sandbox (no real money): payments says so at fulfilment. The
  // admin marks these orders and leaves them out of the revenue. Earlier orders cannot be told
  // apart here (payments keeps the processor), so they stay as they were.
  await db.schema
    .alterTable('orders')
    .addColumn('test_mode', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  // 'Create Test Product': seen and sold only by admins (their list and manual orders), never in
  // the public catalogue, its sitemap or a visitor's checkout.
  await db.schema
    .alterTable('products')
    .addColumn('is_test', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  // The test products made before this column: exactly what 'Create Test Product' makes (an admin's
  // product, category Test, 'Test Product' and four letters or digits).
  await sql`
    update products set is_test = true
    where sku is null and category = 'Test' and name ~ '^Test Product [0-9A-Z]{4}$'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('is_test').execute();
  await db.schema.alterTable('orders').dropColumn('test_mode').execute();
}
