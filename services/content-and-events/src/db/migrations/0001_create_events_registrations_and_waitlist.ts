import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('location', 'text', (col) => col.notNull())
    .addColumn('date', 'timestamptz', (col) => col.notNull())
    .addColumn('capacity', 'integer', (col) => col.notNull())
    .addColumn('price', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('image_url', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('events_capacity_check', sql`capacity > 0`)
    .addCheckConstraint('events_price_check', sql`price >= 0`)
    .execute();
  await db.schema.createIndex('events_date_idx').on('events').column('date').execute();

  await db.schema
    .createTable('registrations')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    // A user of the identity service; no foreign key across services.
    .addColumn('user_id', 'integer')
    .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('registered'))
    .addColumn('guest_name', 'text')
    .addColumn('guest_email', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('registrations_registrant_check', sql`user_id is not null or guest_email is not null`)
    .execute();
  // One registration per person per event: a user by id, a guest by e-mail whatever its case.
  await sql`create unique index registrations_event_user_key on registrations (event_id, user_id)
    where user_id is not null`.execute(db);
  await sql`create unique index registrations_event_guest_email_key on registrations (event_id, lower(guest_email))
    where user_id is null`.execute(db);
  // Counting an event's registrations against its capacity.
  await db.schema.createIndex('registrations_event_id_idx').on('registrations').column('event_id').execute();

  await db.schema
    .createTable('waitlist')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // Stored lower-cased so that the plain unique constraint is case-insensitive.
    .addCheckConstraint('waitlist_email_lower_check', sql`email = lower(email)`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('waitlist').execute();
  await db.schema.dropTable('registrations').execute();
  await db.schema.dropTable('events').execute();
}
