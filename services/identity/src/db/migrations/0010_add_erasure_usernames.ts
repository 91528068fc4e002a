import type { Kysely } from 'kysely';

// Frozen: migrations never import application code.
// The usernames a deleted account had, kept beside its addresses until every service has erased
// its part: the services scrub them from their own activity records (a registration cancelled by
// an admin names its member there).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('account_erasures').addColumn('usernames', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('account_erasures').dropColumn('usernames').execute();
}
