import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Usernames are unique regardless of case too, so logging in is case-insensitive and unambiguous.
  await sql`create unique index users_username_lower_key on users (lower(username))`.execute(db);

  // Failed logins and reset requests, counted per account and per client address for rate limits.
  await db.schema
    .createTable('auth_attempts')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('account_key', 'text')
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('auth_attempts_account_idx')
    .on('auth_attempts')
    .columns(['kind', 'account_key', 'created_at'])
    .execute();
  await db.schema
    .createIndex('auth_attempts_address_idx')
    .on('auth_attempts')
    .columns(['kind', 'address', 'created_at'])
    .execute();

  // Every e-mail the service sends (or would send, without SMTP).
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('from_address', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('text_body', 'text', (col) => col.notNull())
    .addColumn('html_body', 'text')
    .addColumn('headers', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('transport', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outbox').execute();
  await db.schema.dropTable('auth_attempts').execute();
  await sql`drop index users_username_lower_key`.execute(db);
}
