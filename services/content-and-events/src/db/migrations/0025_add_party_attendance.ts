import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen: migrations never import application code.
// A party's attendance (decision 041): three of a family of four came. A check-in may say how many
// of the party are there; the registration keeps the number its operations decide (null: all).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('check_in_operations')
    .addColumn('present', 'smallint', (col) => col.check(sql`present between 1 and 8`))
    .execute();
  await db.schema
    .alterTable('registrations')
    .addColumn('checked_in_people', 'smallint', (col) => col.check(sql`checked_in_people between 1 and 8`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('registrations').dropColumn('checked_in_people').execute();
  await db.schema.alterTable('check_in_operations').dropColumn('present').execute();
}
