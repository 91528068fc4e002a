import {
  type Insertable,
  type Kysely,
  type Selectable,
  sql,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { ContentAndEventsDatabase, EventsTable } from '../../db/database';

type Db = Kysely<ContentAndEventsDatabase> | Transaction<ContentAndEventsDatabase>;

export type EventRow = Selectable<EventsTable>;
export type EventRowWithCounts = EventRow & { seatsTaken: number; waitlistCount: number };

/**
 * A registration that takes a seat: confirmed, pending payment on the day, or held for its payer
 * at checkout until the hold lapses (a lapsed hold stops counting at once; a job cleans it up).
 */
const seatTakingSql = sql`(status in ('confirmed', 'pending_payment') or (status = 'held' and held_until > now()))`;

/**
 * Events with their seats taken (confirmed, pending payment or held) and waitlist length, both in
 * people: a registration counts its whole party (decision 041).
 */
function eventsWithCounts(db: Db) {
  const counts = db
    .selectFrom('registrations')
    .select([
      'eventId',
      sql<number>`coalesce(sum(party_size) filter (where ${seatTakingSql}), 0)::int`.as('taken'),
      sql<number>`coalesce(sum(party_size) filter (where status = 'waitlisted'), 0)::int`.as('waiting'),
    ])
    .groupBy('eventId')
    .as('counts');
  return db
    .selectFrom('events')
    .leftJoin(counts, 'counts.eventId', 'events.id')
    .selectAll('events')
    .select((eb) => [
      eb.fn.coalesce('counts.taken', sql<number>`0`).as('seatsTaken'),
      eb.fn.coalesce('counts.waiting', sql<number>`0`).as('waitlistCount'),
    ]);
}

export async function listEvents(db: Db): Promise<EventRowWithCounts[]> {
  return eventsWithCounts(db).orderBy('events.date').orderBy('events.id').execute();
}

/** When the next seat hold still counting lapses (it then stops taking its seat), if any. */
export async function nextHoldLapse(db: Db): Promise<Date | null> {
  const row = await db
    .selectFrom('registrations')
    .select((eb) => eb.fn.min('heldUntil').as('lapse'))
    .where('status', '=', 'held')
    .where('heldUntil', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.lapse ? new Date(row.lapse) : null;
}

export async function findEvent(db: Db, id: number): Promise<EventRowWithCounts | undefined> {
  return eventsWithCounts(db).where('events.id', '=', id).executeTakeFirst();
}

export async function findEventsByIds(db: Db, ids: readonly number[]): Promise<EventRowWithCounts[]> {
  if (ids.length === 0) return [];
  return eventsWithCounts(db)
    .where('events.id', 'in', [...ids])
    .execute();
}

/**
 * The event row, locked until the transaction ends: every change to its seats (registering,
 * cancelling, promoting, changing capacity) runs under this lock, so they happen one at a time.
 */
export async function lockEvent(
  trx: Transaction<ContentAndEventsDatabase>,
  id: number,
): Promise<EventRow | undefined> {
  return trx.selectFrom('events').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function countSeats(
  db: Db,
  eventId: number,
): Promise<{ seatsTaken: number; waitlistCount: number }> {
  const row = await db
    .selectFrom('registrations')
    .select([
      sql<number>`coalesce(sum(party_size) filter (where ${seatTakingSql}), 0)::int`.as('seatsTaken'),
      sql<number>`coalesce(sum(party_size) filter (where status = 'waitlisted'), 0)::int`.as('waitlistCount'),
    ])
    .where('eventId', '=', eventId)
    .executeTakeFirstOrThrow();
  return row;
}

export async function insertEvent(db: Db, values: Insertable<EventsTable>): Promise<number> {
  const row = await db.insertInto('events').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts a demo event unless one with its seed key exists (the seed is idempotent). */
export async function insertSeedEvent(
  db: Db,
  values: Insertable<EventsTable> & { seedKey: string },
): Promise<void> {
  await db
    .insertInto('events')
    .values(values)
    .onConflict((conflict) => conflict.column('seedKey').doNothing())
    .execute();
}

/**
 * Gives a demo event its walk's details while it has none (no difficulty): a demo walk seeded before
 * the details existed gets them, and one an admin has given details keeps them.
 */
export async function fillSeedWalkDetails(
  db: Db,
  seedKey: string,
  details: Updateable<EventsTable>,
): Promise<void> {
  await db
    .updateTable('events')
    .set({ ...details, updatedAt: sql`now()` })
    .where('seedKey', '=', seedKey)
    .where('difficulty', 'is', null)
    .execute();
}

/**
 * A demo walk made to require the waiver and ask for an emergency contact (decision 038): once,
 * when the seed publishes the first waiver, so an admin's later choice is kept.
 */
export async function requireSeedWalkForms(db: Db, seedKey: string): Promise<void> {
  await db
    .updateTable('events')
    .set({ waiverRequired: true, askEmergencyContact: true, updatedAt: sql`now()` })
    .where('seedKey', '=', seedKey)
    .execute();
}

export async function updateEvent(db: Db, id: number, values: Updateable<EventsTable>): Promise<void> {
  await db
    .updateTable('events')
    // Every change is a new version of the walk for calendars that have it (SEQUENCE).
    .set({ ...values, updatedAt: sql`now()`, calendarSequence: sql`calendar_sequence + 1` })
    .where('id', '=', id)
    .execute();
}

export async function markEventCancelled(db: Db, id: number): Promise<void> {
  await db
    .updateTable('events')
    .set({ cancelledAt: sql`now()`, updatedAt: sql`now()`, calendarSequence: sql`calendar_sequence + 1` })
    .where('id', '=', id)
    .execute();
}

/** Deletes an event (its registrations go with it: only cancelled ones can be left). */
export async function deleteEvent(db: Db, id: number): Promise<void> {
  await db.deleteFrom('events').where('id', '=', id).execute();
}

/** Inserts walks in one statement (a series' copies of its template); their ids. */
export async function insertEvents(db: Db, values: readonly Insertable<EventsTable>[]): Promise<number[]> {
  if (values.length === 0) return [];
  const rows = await db
    .insertInto('events')
    .values([...values])
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Puts a walk in a series (the template that is its first walk). */
export async function setEventSeries(db: Db, id: number, seriesId: number): Promise<void> {
  await db.updateTable('events').set({ seriesId, updatedAt: sql`now()` }).where('id', '=', id).execute();
}

/** The walks of these series, soonest first. */
export async function listSeriesWalks(
  db: Db,
  seriesIds: readonly number[],
): Promise<Pick<EventRow, 'id' | 'seriesId' | 'title' | 'date' | 'cancelledAt'>[]> {
  if (seriesIds.length === 0) return [];
  return db
    .selectFrom('events')
    .select(['id', 'seriesId', 'title', 'date', 'cancelledAt'])
    .where('seriesId', 'in', [...seriesIds])
    .orderBy('date')
    .orderBy('id')
    .execute();
}

/** A demo event's id by its seed key (the seed's series starts from one). */
export async function findSeedEventId(db: Db, seedKey: string): Promise<number | undefined> {
  const row = await db.selectFrom('events').select('id').where('seedKey', '=', seedKey).executeTakeFirst();
  return row?.id;
}
