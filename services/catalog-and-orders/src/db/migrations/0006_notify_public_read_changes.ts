import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
// Every committed change to the products tells the replicas' read caches (service-kit's
// public-read-cache) on the channel catalog_and_orders_public_reads; once per statement, and
// Postgres sends a transaction's notifications only when it commits.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function notify_public_read_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('catalog_and_orders_public_reads', tg_table_name);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger products_public_read_change
      after insert or update or delete or truncate on products
      for each statement execute function notify_public_read_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger products_public_read_change on products`.execute(db);
  await sql`drop function notify_public_read_change()`.execute(db);
}
