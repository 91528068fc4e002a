import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A paid order's confirmation is written by a job (the member's address is asked of identity
  // there, not while the payment is finalised): when it was queued, so a retried job never sends
  // a second one. Orders confirmed before this have their e-mail already and are marked so.
  await db.schema.alterTable('orders').addColumn('confirmation_queued_at', 'timestamptz').execute();
  await sql`update orders set confirmation_queued_at = created_at where fulfilment_outcome = 'fulfilled'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('confirmation_queued_at').execute();
}
