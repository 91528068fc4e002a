import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
// A walk's structured details beside its description (issue 24): the trail's facts, the meeting
// point on the map, what to bring, and the leader's contact for the day (admins only). All may be
// left blank, so the walks stored before stay valid. Miles and feet: the group walks in California.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('distance_miles', 'numeric(4, 1)', (col) => col.check(sql`distance_miles > 0`))
    .addColumn('elevation_gain_feet', 'integer', (col) => col.check(sql`elevation_gain_feet >= 0`))
    .addColumn('difficulty', 'text', (col) =>
      col.check(sql`difficulty in ('easy', 'moderate', 'challenging')`),
    )
    .addColumn('duration_minutes', 'integer', (col) => col.check(sql`duration_minutes > 0`))
    // Null: walkers of any age.
    .addColumn('minimum_age', 'integer', (col) => col.check(sql`minimum_age between 0 and 120`))
    .addColumn('family_friendly', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('dogs_allowed', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('accessibility_notes', 'text')
    .addColumn('meeting_latitude', 'double precision', (col) =>
      col.check(sql`meeting_latitude between -90 and 90`),
    )
    .addColumn('meeting_longitude', 'double precision', (col) =>
      col.check(sql`meeting_longitude between -180 and 180`),
    )
    .addColumn('what_to_bring', 'text')
    // Never in a public read: the reminders and the admin's form only.
    .addColumn('leader_contact_name', 'text')
    .addColumn('leader_contact_phone', 'text')
    .execute();
  // A point on the map has both coordinates, or there is none.
  await db.schema
    .alterTable('events')
    .addCheckConstraint(
      'events_meeting_point_check',
      sql`(meeting_latitude is null) = (meeting_longitude is null)`,
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').dropConstraint('events_meeting_point_check').execute();
  await db.schema
    .alterTable('events')
    .dropColumn('leader_contact_phone')
    .dropColumn('leader_contact_name')
    .dropColumn('what_to_bring')
    .dropColumn('meeting_longitude')
    .dropColumn('meeting_latitude')
    .dropColumn('accessibility_notes')
    .dropColumn('dogs_allowed')
    .dropColumn('family_friendly')
    .dropColumn('minimum_age')
    .dropColumn('duration_minutes')
    .dropColumn('difficulty')
    .dropColumn('elevation_gain_feet')
    .dropColumn('distance_miles')
    .execute();
}
