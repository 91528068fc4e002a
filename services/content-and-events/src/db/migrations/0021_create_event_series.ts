import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
// Walk series (issue 24, decision 039): a rule (weekly, or monthly on the Nth weekday) and an end
// (a valley date or a count) that made ordinary walks from a template walk. The walks keep their
// series by `events.series_id`; each stays editable and cancellable on its own.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('event_series')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('frequency', 'text', (col) => col.notNull().check(sql`frequency in ('weekly', 'monthly')`))
    .addColumn('weekday', 'text', (col) =>
      col
        .notNull()
        .check(
          sql`weekday in ('sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday')`,
        ),
    )
    // Monthly only: which of the month's weekdays ('second' Saturday, 'last' Sunday).
    .addColumn('week_of_month', 'text', (col) =>
      col.check(sql`week_of_month in ('first', 'second', 'third', 'fourth', 'last')`),
    )
    // The walks' time of day in the valley (America/Los_Angeles), the template's.
    .addColumn('time_of_day', 'time', (col) => col.notNull())
    // The end: the last valley day walks may fall on, or how many walks (at most 52).
    .addColumn('ends_on', 'date')
    .addColumn('walk_count', 'integer', (col) => col.check(sql`walk_count between 1 and 52`))
    // The walk it was made from; kept when that walk is deleted (it is only a record).
    .addColumn('template_event_id', 'integer', (col) => col.references('events.id').onDelete('set null'))
    // The admin who made it (identity's user, no foreign key across services); null: the seed.
    .addColumn('created_by_id', 'integer')
    .addColumn('created_by_username', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'event_series_monthly_week_check',
      sql`(frequency = 'monthly') = (week_of_month is not null)`,
    )
    .addCheckConstraint('event_series_one_end_check', sql`(ends_on is null) <> (walk_count is null)`)
    .execute();

  await db.schema
    .alterTable('events')
    // A walk outlives its series' row: deleting the series only ungroups its walks.
    .addColumn('series_id', 'integer', (col) => col.references('event_series.id').onDelete('set null'))
    .execute();
  await sql`create index events_series_id_idx on events (series_id) where series_id is not null`.execute(db);

  // The public list carries each walk's series (title, rule): a change to a series tells the
  // replicas' read caches as a change to the events does (migration 0013's function).
  await sql`
    create trigger event_series_public_read_change
      after insert or update or delete or truncate on event_series
      for each statement execute function notify_public_read_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger event_series_public_read_change on event_series`.execute(db);
  await sql`drop index events_series_id_idx`.execute(db);
  await db.schema.alterTable('events').dropColumn('series_id').execute();
  await db.schema.dropTable('event_series').execute();
}
