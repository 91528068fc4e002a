import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A quote as priced: fulfilling it creates the order at these prices, whatever the catalog says
  // by then. Written in the transaction that reserves its stock.
  await db.schema
    .createTable('quotes')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    // [{productId, name, quantity, unitPrice, lineTotal}], quantities of one product summed.
    .addColumn('items', 'jsonb', (col) => col.notNull())
    .addColumn('subtotal', 'numeric(12, 2)', (col) => col.notNull())
    .addColumn('shipping_cost', 'numeric(12, 2)', (col) => col.notNull())
    .addColumn('total', 'numeric(12, 2)', (col) => col.notNull())
    .addColumn('shipping_method_id', 'integer', (col) =>
      col.references('shipping_methods.id').onDelete('set null'),
    )
    // The method as quoted (it may be renamed or removed before the order ships).
    .addColumn('shipping_method_name', 'text', (col) => col.notNull())
    .addColumn('shipping_carrier', 'text', (col) => col.notNull())
    .addColumn('shipping_service', 'text', (col) => col.notNull())
    .addColumn('shipping_estimated_days', 'integer')
    .addColumn('destination', 'jsonb', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'quotes_amounts_check',
      sql`subtotal >= 0 and shipping_cost >= 0 and total = subtotal + shipping_cost`,
    )
    .execute();
  await db.schema.createIndex('quotes_created_at_idx').on('quotes').column('created_at').execute();

  await db.schema
    .alterTable('orders')
    // The quote a paid order was fulfilled from (null for manual orders). No foreign key: old
    // quotes may be pruned, the order keeps its own copy of everything it needs.
    .addColumn('quote_id', 'uuid')
    .addColumn('customer_name', 'text')
    .addColumn('shipping_method_name', 'text')
    // What fulfilling the payment answered, for good: a later status change by an admin never
    // turns a repeated fulfil call into a refund, nor the other way round. Null for manual orders.
    .addColumn('fulfilment_outcome', 'text', (col) =>
      col.check(sql`fulfilment_outcome in ('fulfilled', 'unfulfillable')`),
    )
    .execute();
  await db.schema
    .createIndex('orders_quote_id_idx')
    .on('orders')
    .column('quote_id')
    .where(sql.ref('quote_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_quote_id_idx').execute();
  await db.schema
    .alterTable('orders')
    .dropColumn('fulfilment_outcome')
    .dropColumn('shipping_method_name')
    .dropColumn('customer_name')
    .dropColumn('quote_id')
    .execute();
  await db.schema.dropTable('quotes').execute();
}
