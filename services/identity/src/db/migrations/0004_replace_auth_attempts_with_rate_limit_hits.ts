import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Rate limits are counted the kit's one way (service-kit rate-limits): one row per counted action
  // under one (bucket, key), the table every service has. Keys compare byte by byte, so a key
  // prefix (an account's failures from every address) is an index range. The attempts counted so
  // far are not carried over: on upgrade, every client starts with a clean count (at most 15
  // minutes of rate-limit history is lost).
  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('bucket', 'text', (col) => col.notNull())
    .addColumn('key', sql`text collate "C"`, (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('rate_limit_hits_bucket_key_idx')
    .on('rate_limit_hits')
    .columns(['bucket', 'key', 'created_at'])
    .execute();
  await db.schema
    .createIndex('rate_limit_hits_created_at_idx')
    .on('rate_limit_hits')
    .column('created_at')
    .execute();
  await db.schema.dropTable('auth_attempts').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
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
  await db.schema.dropTable('rate_limit_hits').execute();
}
