import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
// Every committed change to the events or their registrations (the seats left) tells the
// replicas' read caches (service-kit's public-read-cache) on the channel
// content_and_events_public_reads; once per statement, sent by Postgres when the transaction commits.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function notify_public_read_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('content_and_events_public_reads', tg_table_name);
      return null;
    end $$`.execute(db);
  for (const table of ['events', 'registrations']) {
    await sql`
      create trigger ${sql.raw(`${table}_public_read_change`)}
        after insert or update or delete or truncate on ${sql.table(table)}
        for each statement execute function notify_public_read_change()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['events', 'registrations']) {
    await sql`drop trigger ${sql.raw(`${table}_public_read_change`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function notify_public_read_change()`.execute(db);
}
