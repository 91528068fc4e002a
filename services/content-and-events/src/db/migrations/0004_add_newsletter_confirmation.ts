import type { Kysely } from 'kysely';

// Frozen: migrations never import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('waitlist')
    // Double opt-in: null until the subscriber confirms through the welcome e-mail's link.
    .addColumn('confirmed_at', 'timestamptz')
    // Kept rather than deleted, so counts stay true and a later subscription starts over cleanly.
    .addColumn('unsubscribed_at', 'timestamptz')
    // The last confirmation e-mail: one every few minutes per address at most.
    .addColumn('confirmation_sent_at', 'timestamptz')
    // Per-address limit of subscription attempts within a window.
    .addColumn('subscribe_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('attempts_window_started_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('waitlist')
    .dropColumn('attempts_window_started_at')
    .dropColumn('subscribe_attempts')
    .dropColumn('confirmation_sent_at')
    .dropColumn('unsubscribed_at')
    .dropColumn('confirmed_at')
    .execute();
}
