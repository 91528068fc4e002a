import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
// The contact form's messages (issue 23) and the admins' replies to them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    // Stored lower-cased, as given: the sender's reply address.
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    // A user of the identity service (no foreign key across services): a member who wrote logged in.
    .addColumn('user_id', 'integer')
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('open').check(sql`status in ('open', 'done')`),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('done_at', 'timestamptz')
    .addColumn('done_by_id', 'integer')
    .addColumn('done_by_username', 'text')
    .execute();
  // The Messages tab: by status, newest first.
  await sql`create index contact_messages_status_created_idx
    on contact_messages (status, created_at desc, id desc)`.execute(db);
  await sql`create index contact_messages_created_idx on contact_messages (created_at desc, id desc)`.execute(
    db,
  );

  await db.schema
    .createTable('contact_replies')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('message_id', 'integer', (col) =>
      col.notNull().references('contact_messages.id').onDelete('cascade'),
    )
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('admin_id', 'integer')
    .addColumn('admin_username', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('contact_replies_message_id_idx')
    .on('contact_replies')
    .column('message_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contact_replies').execute();
  await db.schema.dropTable('contact_messages').execute();
}
