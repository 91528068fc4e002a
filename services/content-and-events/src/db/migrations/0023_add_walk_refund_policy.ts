import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen: migrations never import application code.
// A paid walk's cancellation policy (issue 24): a full refund until N days before the walk, none
// after; and, on a seat cancelled by its walker after that deadline, the refund given up.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    // Null: refunded in full until the walk starts (as before).
    .addColumn('refund_cutoff_days', 'integer', (col) => col.check(sql`refund_cutoff_days between 1 and 60`))
    .execute();
  await db.schema
    .alterTable('registrations')
    // Decided as it is cancelled, so a refund claimed later (a retry) follows the policy of that moment.
    .addColumn('refund_forfeited', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('registrations').dropColumn('refund_forfeited').execute();
  await db.schema.alterTable('events').dropColumn('refund_cutoff_days').execute();
}
