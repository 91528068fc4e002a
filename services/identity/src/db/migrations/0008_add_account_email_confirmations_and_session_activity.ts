import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
//
// A member's own page (issue 23):
// - users.name: the display name a member may give (null: none); users.pending_email: a new
//   address asked for, which becomes users.email only once the link sent to it is followed.
// - email_confirmations: one row per e-mail link sent (to verify the account's address, or to
//   confirm a new one). The link signs the row's id; the row says which account and which address
//   it confirms. A newer request for a new address deletes the older rows, so their links stop
//   working. Rows past the links' lifetime are deleted by the housekeeping job.
// - sessions.last_active_at: when the session was last used, for the member's list of sessions.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('name', 'text').addColumn('pending_email', 'text').execute();
  await db.schema
    .createTable('email_confirmations')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('email_confirmations_user_id_idx')
    .on('email_confirmations')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('email_confirmations_created_at_idx')
    .on('email_confirmations')
    .column('created_at')
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('last_active_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('last_active_at').execute();
  await db.schema.dropTable('email_confirmations').execute();
  await db.schema.alterTable('users').dropColumn('pending_email').dropColumn('name').execute();
}
