import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Who each hold is for: the client's address (as counted: an IPv6 client by its /64) and the
  // member's id when logged in. A quote counts what one client holds at once by both, so that no
  // browser or address can hold more than its share. Holds made before this have neither and
  // count for nobody; they lapse within minutes anyway.
  await db.schema
    .alterTable('stock_reservations')
    .addColumn('holder_address', 'text')
    .addColumn('holder_user_id', 'integer')
    .execute();
  await db.schema
    .createIndex('stock_reservations_holder_address_idx')
    .on('stock_reservations')
    .column('holder_address')
    .where(sql.ref('consumed_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('stock_reservations_holder_user_id_idx')
    .on('stock_reservations')
    .column('holder_user_id')
    .where(sql<boolean>`consumed_at is null and holder_user_id is not null`)
    .execute();

  // The shop shows what a buyer can buy now (stock less active holds): a hold made, released or
  // consumed anywhere tells every replica's read cache, as a change of the products does (0006).
  await sql`
    create trigger stock_reservations_public_read_change
      after insert or update or delete or truncate on stock_reservations
      for each statement execute function notify_public_read_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger stock_reservations_public_read_change on stock_reservations`.execute(db);
  await db.schema.dropIndex('stock_reservations_holder_user_id_idx').execute();
  await db.schema.dropIndex('stock_reservations_holder_address_idx').execute();
  await db.schema
    .alterTable('stock_reservations')
    .dropColumn('holder_user_id')
    .dropColumn('holder_address')
    .execute();
}
