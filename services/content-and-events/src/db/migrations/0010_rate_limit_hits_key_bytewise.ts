import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen: migrations never import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The kit's one rate_limit_hits shape (service-kit rate-limits): keys compare byte by byte, so a
  // key prefix is an index range. Rebuilds the (bucket, key, created_at) index; no row changes.
  await sql`alter table rate_limit_hits alter column key type text collate "C"`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rate_limit_hits alter column key type text collate "default"`.execute(db);
}
