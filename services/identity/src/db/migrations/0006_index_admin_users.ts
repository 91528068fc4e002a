import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
//
// The few administrators among many members: the admin list's role filter and the lock taken
// before an admin is demoted read them through this small index instead of the whole table. The
// list's word search matches anywhere in the username or e-mail (ilike '%...%'), which no btree
// serves; pg_trgm is not available on every Postgres we run on, and at thousands of users the
// scan in id order is a few milliseconds.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index users_admins_idx on users (id) where is_admin`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index users_admins_idx`.execute(db);
}
