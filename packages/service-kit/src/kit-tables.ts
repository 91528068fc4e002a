import { type Kysely, sql } from 'kysely';

/**
 * The tables every service keeps in its own schema for the kit's helpers: rate_limit_hits
 * (rate-limits.ts), idempotency_keys (idempotency.ts) and audit_log (audit.ts). Their DDL is
 * written once, here, and each service's migration calls it; nothing else in this file, so a
 * migration importing it imports no application code.
 *
 * Frozen like the migrations that call them: deployed databases have run them already. A change
 * to one of these tables is a new migration in each service (and, for the tables created from
 * then on, a new function here: createRateLimitHitsTableV2), never an edit of a V1. Each
 * service's migrations.integration-test.ts holds its migrated schema to a snapshot taken before
 * these helpers existed.
 */

/**
 * rate_limit_hits: one row per counted action under one (bucket, key). Keys compare byte by byte
 * (collate "C"), so a key prefix is an index range.
 */
export async function createRateLimitHitsTableV1(db: Kysely<unknown>): Promise<void> {
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
}

/** Undoes createRateLimitHitsTableV1 (its indexes go with it). */
export async function dropRateLimitHitsTable(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit_hits').execute();
}

/**
 * idempotency_keys: the first answer to a request carrying an Idempotency-Key, replayed for its
 * retries. One key per scope (who may replay it); the fingerprint (a hash of what was asked)
 * refuses the same key with another request; status_code is null while the first request runs.
 */
export async function createIdempotencyKeysTableV1(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('fingerprint', 'text', (col) => col.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response', 'jsonb')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('idempotency_keys_scope_key_key', ['scope', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created_at_idx')
    .on('idempotency_keys')
    .column('created_at')
    .execute();
}

/** Undoes createIdempotencyKeysTableV1. */
export async function dropIdempotencyKeysTable(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}

/** audit_log: the activity record of admin mutations, written in the mutation's transaction. */
export async function createAuditLogTableV1(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    // Millisecond precision: the cursor carries the time as ISO text, which holds no more.
    .addColumn('occurred_at', 'timestamptz', (col) =>
      col.notNull().defaultTo(sql`date_trunc('milliseconds', now())`),
    )
    .addColumn('actor_id', 'integer')
    .addColumn('actor_username', 'text')
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('target_type', 'text', (col) => col.notNull())
    .addColumn('target_id', 'text', (col) => col.notNull())
    .addColumn('target_label', 'text')
    .addColumn('summary', 'text', (col) => col.notNull())
    .addColumn('changes', 'jsonb')
    .execute();
  await db.schema
    .createIndex('audit_log_occurred_at_idx')
    .on('audit_log')
    .columns(['occurred_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('audit_log_target_idx')
    .on('audit_log')
    .columns(['target_type', 'target_id'])
    .execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').column('actor_id').execute();
}

/** Undoes createAuditLogTableV1. */
export async function dropAuditLogTable(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}

/**
 * take_rate_limit(locks, rules, hits): rate-limits.ts' takeRateLimit in one statement instead of a
 * transaction of five. It locks the keys `locks` names (advisory, to the end of the transaction:
 * the statement's own, or the caller's), counts every rule's hits within its window, and, when
 * none is at its max, records `hits`. Answers 0 when taken, else the 1-based position of the first
 * rule at its max (nothing recorded). PL/pgSQL because each of its statements takes a fresh
 * snapshot: the counts see every hit committed by whoever held the lock before (one statement of
 * plain SQL would count from before it waited). Dynamic SQL so that each count is planned with its
 * key, as an index range for a prefix.
 *   locks: text[], the lock names, sorted (taken in that order: never a deadlock crosswise)
 *   rules: jsonb, [{ bucket, key? or keyPattern? (LIKE, escaped by the caller), windowMinutes, max }]
 *   hits:  jsonb, [{ bucket, key }]
 */
export async function createTakeRateLimitFunctionV1(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function take_rate_limit(locks text[], rules jsonb, hits jsonb) returns integer
      language plpgsql volatile
      set search_path from current
    as $$
    declare
      rule jsonb;
      position integer := 0;
      broken integer := 0;
      counted integer;
    begin
      perform pg_advisory_xact_lock(hashtextextended(name, 0))
        from unnest(locks) with ordinality as locked(name, n) order by n;
      for rule in select value from jsonb_array_elements(rules) loop
        position := position + 1;
        if rule ? 'keyPattern' then
          execute 'select count(*)::int from rate_limit_hits where bucket = $1 and key like $2
                     and created_at > now() - make_interval(mins => $3)'
            into counted
            using rule->>'bucket', rule->>'keyPattern', (rule->>'windowMinutes')::int;
        else
          execute 'select count(*)::int from rate_limit_hits where bucket = $1 and key = $2
                     and created_at > now() - make_interval(mins => $3)'
            into counted
            using rule->>'bucket', rule->>'key', (rule->>'windowMinutes')::int;
        end if;
        if broken = 0 and counted >= (rule->>'max')::int then
          broken := position;
        end if;
      end loop;
      if broken = 0 then
        insert into rate_limit_hits (bucket, key)
          select value->>'bucket', value->>'key' from jsonb_array_elements(hits);
      end if;
      return broken;
    end
    $$`.execute(db);
}

/** Undoes createTakeRateLimitFunctionV1. */
export async function dropTakeRateLimitFunction(db: Kysely<unknown>): Promise<void> {
  await sql`drop function take_rate_limit(text[], jsonb, jsonb)`.execute(db);
}
