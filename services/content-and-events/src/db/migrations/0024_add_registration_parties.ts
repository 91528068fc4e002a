import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen: migrations never import application code.
// Parties (issue 24, decision 041): one registration brings up to 8 people, the registrant and the
// others by name. party_size is derived, so a seat count can never disagree with the names.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('registrations')
    .addColumn('party_names', sql`text[]`, (col) =>
      col.notNull().defaultTo(sql`'{}'::text[]`).check(sql`cardinality(party_names) <= 7`),
    )
    .execute();
  await sql`alter table registrations
    add column party_size integer generated always as (1 + cardinality(party_names)) stored`.execute(db);
  await db.schema
    .alterTable('event_quotes')
    // The seats the quote's total pays for (its price times these).
    .addColumn('seats', 'integer', (col) => col.notNull().defaultTo(1).check(sql`seats between 1 and 8`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('event_quotes').dropColumn('seats').execute();
  await db.schema.alterTable('registrations').dropColumn('party_size').execute();
  await db.schema.alterTable('registrations').dropColumn('party_names').execute();
}
