import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // 'held': a seat of a paid event held for its payer during checkout, until held_until.
  await db.schema.alterTable('registrations').dropConstraint('registrations_status_check').execute();
  await db.schema
    .alterTable('registrations')
    .addCheckConstraint(
      'registrations_status_check',
      sql`status in ('confirmed', 'pending_payment', 'waitlisted', 'cancelled', 'held')`,
    )
    .execute();
  await db.schema
    .alterTable('registrations')
    .addColumn('held_until', 'timestamptz')
    // The quote whose hold this is: a later quote of the same payer takes the hold over.
    .addColumn('held_by_quote_id', 'uuid')
    // Set once paid through checkout: one payment per registration.
    .addColumn('payment_id', 'uuid', (col) => col.unique())
    .addColumn('amount_paid', 'numeric(10, 2)')
    .execute();
  await db.schema
    .alterTable('registrations')
    .addCheckConstraint('registrations_held_until_check', sql`status <> 'held' or held_until is not null`)
    .execute();
  // The lapsed holds the scheduled release looks for.
  await sql`create index registrations_held_until_idx on registrations (held_until) where status = 'held'`.execute(
    db,
  );

  // A seat's quote as priced, and what its payment became (fulfil answers the same twice).
  await db.schema
    .createTable('event_quotes')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id').onDelete('cascade'))
    .addColumn('registration_id', 'integer', (col) =>
      col.notNull().references('registrations.id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('total', 'numeric(10, 2)', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('released_at', 'timestamptz')
    .addColumn('payment_id', 'uuid', (col) => col.unique())
    .addColumn('outcome', 'text', (col) => col.check(sql`outcome in ('fulfilled', 'unfulfillable')`))
    .addColumn('outcome_status', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('event_quotes_registration_id_idx')
    .on('event_quotes')
    .column('registration_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('event_quotes').execute();
  await db.schema.dropIndex('registrations_held_until_idx').execute();
  await db.schema.alterTable('registrations').dropConstraint('registrations_held_until_check').execute();
  await sql`update registrations set status = 'cancelled', cancelled_at = now() where status = 'held'`.execute(
    db,
  );
  await db.schema
    .alterTable('registrations')
    .dropColumn('held_until')
    .dropColumn('held_by_quote_id')
    .dropColumn('payment_id')
    .dropColumn('amount_paid')
    .execute();
  await db.schema.alterTable('registrations').dropConstraint('registrations_status_check').execute();
  await db.schema
    .alterTable('registrations')
    .addCheckConstraint(
      'registrations_status_check',
      sql`status in ('confirmed', 'pending_payment', 'waitlisted', 'cancelled')`,
    )
    .execute();
}
