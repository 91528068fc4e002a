import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update registrations set status = 'confirmed' where status = 'registered'`.execute(db);
  await db.schema
    .alterTable('registrations')
    .alterColumn('status', (col) => col.setDefault('confirmed'))
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .alterTable('registrations')
    .addCheckConstraint(
      'registrations_status_check',
      sql`status in ('confirmed', 'pending_payment', 'waitlisted', 'cancelled')`,
    )
    .execute();
  // A guest gives a name with the e-mail.
  await db.schema
    .alterTable('registrations')
    .addCheckConstraint(
      'registrations_registrant_name_check',
      sql`user_id is not null or (guest_name is not null and length(guest_name) > 0)`,
    )
    .execute();
  // Seats taken and the waitlist in order, per event.
  await db.schema
    .createIndex('registrations_event_status_created_idx')
    .on('registrations')
    .columns(['event_id', 'status', 'created_at', 'id'])
    .execute();
  // A member's own registrations.
  await sql`create index registrations_user_id_idx on registrations (user_id) where user_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('registrations_user_id_idx').execute();
  await db.schema.dropIndex('registrations_event_status_created_idx').execute();
  await db.schema.alterTable('registrations').dropConstraint('registrations_registrant_name_check').execute();
  await db.schema.alterTable('registrations').dropConstraint('registrations_status_check').execute();
  await db.schema
    .alterTable('registrations')
    .dropColumn('updated_at')
    .dropColumn('cancelled_at')
    .alterColumn('status', (col) => col.setDefault('registered'))
    .execute();
}
