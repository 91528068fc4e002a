import { createRateLimitHitsTableV1, dropRateLimitHitsTable } from '@jesus-walks/service-kit/kit-tables';
import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code (the kit's table helpers are frozen too).
export async function up(db: Kysely<unknown>): Promise<void> {
  // Rate limits are counted the kit's one way (service-kit rate-limits): one row per counted action
  // under one (bucket, key), the table every service has. Keys compare byte by byte, so a key
  // prefix (an account's failures from every address) is an index range. The attempts counted so
  // far are not carried over: on upgrade, every client starts with a clean count (at most 15
  // minutes of rate-limit history is lost).
  await createRateLimitHitsTableV1(db);
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
  await dropRateLimitHitsTable(db);
}
