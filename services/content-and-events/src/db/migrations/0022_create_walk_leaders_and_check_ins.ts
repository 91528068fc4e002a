import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
// Tickets and check-in (issue 24, decision 040): who leads which walk, each registration's
// attendance, walk-ins, and the log of check-in operations that leaders' phones send (their ids
// make a resent operation count once).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('walk_leaders')
    .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id').onDelete('cascade'))
    // A user of the identity service; no foreign key across services.
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .addColumn('assigned_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('walk_leaders_pkey', ['event_id', 'user_id'])
    .execute();
  // "Which walks do I lead?" on every leader's request.
  await db.schema.createIndex('walk_leaders_user_id_idx').on('walk_leaders').column('user_id').execute();

  await db.schema
    .alterTable('registrations')
    // When its walker was checked in at the trailhead, and by which leader (identity's user id);
    // derived from check_in_operations (the first check-in since the last undo).
    .addColumn('checked_in_at', 'timestamptz')
    .addColumn('checked_in_by_id', 'integer')
    // Added by a leader on the spot (capacity ignored: they are there).
    .addColumn('walk_in', 'boolean', (col) => col.notNull().defaultTo(false))
    // A walk-in may leave a phone number instead of an e-mail address.
    .addColumn('guest_phone', 'text')
    .execute();
  // A walk-in need not give an e-mail address.
  await sql`alter table registrations drop constraint registrations_registrant_check`.execute(db);
  await sql`alter table registrations add constraint registrations_registrant_check
    check (user_id is not null or guest_email is not null or walk_in)`.execute(db);

  await db.schema
    .createTable('check_in_operations')
    // Made by the leader's phone, so that the same operation sent twice (offline, retried, by two
    // tabs) is one.
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id').onDelete('cascade'))
    .addColumn('registration_id', 'integer', (col) =>
      col.notNull().references('registrations.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('check-in', 'undo', 'walk-in')`))
    // When the leader tapped (the phone's clock, never later than when it arrived): the order
    // operations are decided in, whatever order they arrive in.
    .addColumn('made_at', 'timestamptz', (col) => col.notNull())
    .addColumn('leader_id', 'integer', (col) => col.notNull())
    .addColumn('received_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('check_in_operations_registration_id_idx')
    .on('check_in_operations')
    .column('registration_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('check_in_operations').execute();
  await sql`delete from registrations where user_id is null and guest_email is null`.execute(db);
  await sql`alter table registrations drop constraint registrations_registrant_check`.execute(db);
  await sql`alter table registrations add constraint registrations_registrant_check
    check (user_id is not null or guest_email is not null)`.execute(db);
  await db.schema
    .alterTable('registrations')
    .dropColumn('guest_phone')
    .dropColumn('walk_in')
    .dropColumn('checked_in_by_id')
    .dropColumn('checked_in_at')
    .execute();
  await db.schema.dropTable('walk_leaders').execute();
}
