import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
//
// A member's data, to take or to erase (issue 23, privacy):
// - users.deleted_at: the account was deleted. Its row stays, anonymised ('deleted-{id}', no
//   e-mail, name or password that works), so that the ids other services and the activity record
//   hold keep naming one (deleted) account; every lookup treats it as unknown.
// - previous_emails: verified addresses an account had before its current one (a confirmed change,
//   an admin's edit), so that a download or an erasure reaches rows other services keep by an
//   address the member used before. Deleted with the account.
// - data_exports: "Download my data": one row per request, prepared by a job; the JSON document is
//   kept until expires_at (the housekeeping job deletes it then).
// - account_erasures: one row per (deleted account, service) that must erase its part; the
//   addresses the erasure needs stay here (never in the job's data) until every service has done
//   its part, then they are removed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('deleted_at', 'timestamptz').execute();

  await db.schema
    .createTable('previous_emails')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('replaced_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('previous_emails_user_id_idx')
    .on('previous_emails')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('data_exports')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('preparing').check(sql`status in ('preparing', 'ready', 'failed')`),
    )
    .addColumn('message', 'text')
    .addColumn('document', 'jsonb')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('ready_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('data_exports_user_id_created_at_idx')
    .on('data_exports')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('data_exports_expires_at_idx')
    .on('data_exports')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('account_erasures')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('service', 'text', (col) => col.notNull())
    .addColumn('emails', 'jsonb')
    .addColumn('requested_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('erased_at', 'timestamptz')
    .addColumn('erased', 'jsonb')
    .addPrimaryKeyConstraint('account_erasures_pkey', ['user_id', 'service'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_erasures').execute();
  await db.schema.dropTable('data_exports').execute();
  await db.schema.dropTable('previous_emails').execute();
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
}
