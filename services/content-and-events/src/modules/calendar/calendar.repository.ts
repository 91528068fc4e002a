import type { Kysely, Selectable } from 'kysely';
import type { ContentAndEventsDatabase, EventsTable } from '../../db/database';

/** What a calendar shows of a stored walk (never the leader's contact, which is admins' only). */
const walkColumns = [
  'id',
  'title',
  'description',
  'location',
  'date',
  'durationMinutes',
  'meetingLatitude',
  'meetingLongitude',
  'createdAt',
  'updatedAt',
  'cancelledAt',
  'calendarSequence',
] as const;

export type WalkRow = Pick<Selectable<EventsTable>, (typeof walkColumns)[number]>;

/** Walks starting at `since` or later, cancelled ones included (the feed says they are), soonest first. */
export async function listWalksSince(db: Kysely<ContentAndEventsDatabase>, since: Date): Promise<WalkRow[]> {
  return db
    .selectFrom('events')
    .select(walkColumns)
    .where('date', '>=', since)
    .orderBy('date')
    .orderBy('id')
    .execute();
}

export async function findWalk(
  db: Kysely<ContentAndEventsDatabase>,
  id: number,
): Promise<WalkRow | undefined> {
  return db.selectFrom('events').select(walkColumns).where('id', '=', id).executeTakeFirst();
}
