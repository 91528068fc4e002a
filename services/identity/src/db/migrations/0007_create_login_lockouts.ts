import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
//
// OWASP's lockout list for device cookies: while a row's locked_until is ahead, logins to the
// account from browsers without its device cookie are refused. The row is written by the failure
// that starts the lockout, together with the owner's e-mail: its primary key makes that happen
// once per lockout, however many failures arrive at once. Expired rows are deleted by the
// housekeeping job.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_lockouts')
    // The account key the failures count under ('user:42', or a hash for a name without account).
    .addColumn('account_key', sql`text collate "C"`, (col) => col.primaryKey())
    .addColumn('started_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('locked_until', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('login_lockouts_locked_until_idx')
    .on('login_lockouts')
    .column('locked_until')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_lockouts').execute();
}
