import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
// Walk reminders (issue 24): when each walk reminds its walkers, and each reminder sent, once;
// and the walk's version for calendars.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    // Days before the start (at the walk's time of day); null: no early reminder.
    .addColumn('early_reminder_days', 'integer', (col) =>
      col.defaultTo(2).check(sql`early_reminder_days between 1 and 14`),
    )
    // The time of day (in the valley) of the walk day's reminder; null: none.
    .addColumn('day_reminder_time', 'time', (col) => col.defaultTo(sql`'07:00'`))
    // The walk's version in calendars (SEQUENCE): one more at every change of the walk.
    .addColumn('calendar_sequence', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('walk_reminders')
    .addColumn('registration_id', 'integer', (col) =>
      col.notNull().references('registrations.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('early', 'day')`))
    // The walk's start it was sent for: a walk moved to another day reminds again.
    .addColumn('walk_date', 'timestamptz', (col) => col.notNull())
    .addColumn('sent_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('walk_reminders_pkey', ['registration_id', 'kind', 'walk_date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('walk_reminders').execute();
  await db.schema
    .alterTable('events')
    .dropColumn('calendar_sequence')
    .dropColumn('day_reminder_time')
    .dropColumn('early_reminder_days')
    .execute();
}
