import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('products')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('price', 'numeric(12, 2)', (col) => col.notNull())
    .addColumn('image_url', 'text')
    .addColumn('category', 'text')
    .addColumn('stock', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('products_price_check', sql`price >= 0`)
    .addCheckConstraint('products_stock_check', sql`stock >= 0`)
    .execute();
  await db.schema.createIndex('products_category_idx').on('products').column('category').execute();

  await db.schema
    .createTable('shipping_methods')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('carrier', 'text', (col) => col.notNull())
    .addColumn('service_code', 'text', (col) => col.notNull().unique())
    .addColumn('estimated_days', 'integer', (col) => col.notNull())
    .addColumn('is_active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addCheckConstraint('shipping_methods_estimated_days_check', sql`estimated_days >= 0`)
    .execute();

  await db.schema
    .createTable('shipping_zones')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .addColumn('countries', sql`text[]`, (col) => col.notNull())
    .addColumn('regions', sql`text[]`)
    .addColumn('postal_codes', sql`text[]`)
    .execute();

  await db.schema
    .createTable('shipping_rates')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('method_id', 'integer', (col) =>
      col.notNull().references('shipping_methods.id').onDelete('cascade'),
    )
    .addColumn('zone_id', 'integer', (col) =>
      col.notNull().references('shipping_zones.id').onDelete('cascade'),
    )
    .addColumn('base_rate', 'numeric(12, 2)', (col) => col.notNull())
    .addColumn('per_weight_rate', 'numeric(12, 2)', (col) => col.notNull().defaultTo(0))
    .addColumn('minimum_weight', 'numeric(10, 3)', (col) => col.notNull().defaultTo(0))
    // No maximum: the band is open-ended.
    .addColumn('maximum_weight', 'numeric(10, 3)')
    .addCheckConstraint('shipping_rates_amounts_check', sql`base_rate >= 0 and per_weight_rate >= 0`)
    .addCheckConstraint(
      'shipping_rates_weights_check',
      sql`minimum_weight >= 0 and (maximum_weight is null or maximum_weight >= minimum_weight)`,
    )
    // One rate per weight band of a method in a zone; also the key the seed upserts on.
    .addUniqueConstraint('shipping_rates_method_zone_weight_key', ['method_id', 'zone_id', 'minimum_weight'])
    .execute();
  await db.schema.createIndex('shipping_rates_zone_id_idx').on('shipping_rates').column('zone_id').execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    // A user of the identity service; no foreign key across services.
    .addColumn('user_id', 'integer')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('total', 'numeric(12, 2)', (col) => col.notNull())
    .addColumn('shipping_method_id', 'integer', (col) =>
      col.references('shipping_methods.id').onDelete('set null'),
    )
    .addColumn('shipping_address', 'jsonb')
    .addColumn('shipping_cost', 'numeric(12, 2)', (col) => col.notNull().defaultTo(0))
    .addColumn('tracking_number', 'text')
    .addColumn('estimated_delivery_date', 'timestamptz')
    // Unique so that the browser and the provider's webhook creating the same order meet here.
    .addColumn('payment_id', 'text', (col) => col.unique())
    .addColumn('payment_method', 'text')
    .addColumn('customer_email', 'text')
    .addColumn('phone_number', 'text')
    .addColumn('cancellation_reason', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'orders_status_check',
      sql`status in ('pending', 'paid', 'processing', 'shipped', 'delivered', 'cancelled')`,
    )
    .addCheckConstraint('orders_amounts_check', sql`total >= 0 and shipping_cost >= 0`)
    .execute();
  await db.schema.createIndex('orders_user_id_idx').on('orders').column('user_id').execute();
  await db.schema.createIndex('orders_created_at_idx').on('orders').column('created_at').execute();

  await db.schema
    .createTable('order_items')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    // Restrict: a product that was ordered is kept for the order's history.
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('restrict'))
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('price', 'numeric(12, 2)', (col) => col.notNull())
    .addCheckConstraint('order_items_quantity_check', sql`quantity >= 1`)
    .addCheckConstraint('order_items_price_check', sql`price >= 0`)
    .execute();
  await db.schema.createIndex('order_items_order_id_idx').on('order_items').column('order_id').execute();
  await db.schema.createIndex('order_items_product_id_idx').on('order_items').column('product_id').execute();

  await db.schema
    .createTable('stock_reservations')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('quote_id', 'text', (col) => col.notNull())
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('stock_reservations_quantity_check', sql`quantity >= 1`)
    // Quantities of one product in a cart are summed before reserving: one row per product per quote.
    .addUniqueConstraint('stock_reservations_quote_product_key', ['quote_id', 'product_id'])
    .execute();
  // available = stock - active reservations: only unconsumed rows are ever summed.
  await db.schema
    .createIndex('stock_reservations_active_idx')
    .on('stock_reservations')
    .columns(['product_id', 'expires_at'])
    .where(sql.ref('consumed_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('cart_events')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('session_key', 'text')
    .addColumn('user_id', 'integer')
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('cart_events_owner_check', sql`session_key is not null or user_id is not null`)
    .execute();
  await db.schema
    .createIndex('cart_events_session_key_idx')
    .on('cart_events')
    .columns(['session_key', 'created_at'])
    .where(sql.ref('session_key'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('cart_events_user_id_idx')
    .on('cart_events')
    .columns(['user_id', 'created_at'])
    .where(sql.ref('user_id'), 'is not', null)
    .execute();
  await db.schema.createIndex('cart_events_product_id_idx').on('cart_events').column('product_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cart_events').execute();
  await db.schema.dropTable('stock_reservations').execute();
  await db.schema.dropTable('order_items').execute();
  await db.schema.dropTable('orders').execute();
  await db.schema.dropTable('shipping_rates').execute();
  await db.schema.dropTable('shipping_zones').execute();
  await db.schema.dropTable('shipping_methods').execute();
  await db.schema.dropTable('products').execute();
}
