import type { SeriesWalk } from '@jesus-walks/contracts/series';
import type { Insertable } from 'kysely';
import type { EventsTable } from '../../db/database';
import type { ContentDeps, InTransaction } from '../../deps';
import {
  type EventRow,
  findEvent,
  insertEvents,
  listSeriesWalks,
  lockEvent,
  setEventSeries,
} from './events.repository';

/*
 * The walks of a series as the series module makes and reads them (decision 039): copies of a
 * template walk in the events table. The series module reaches the events only through here, and
 * this file never imports the series module, so the two never import each other.
 */

/**
 * Every column of a walk, and whether a series' copy takes the template's value ('copied': it
 * describes the walk: what, where, how hard, its price, seats, reminders and policies) or has its
 * own ('own': ids, its date, its life: created, changed, cancelled, calendar version, seed key).
 * Exhaustive on purpose: a column added to the events table stops the type check here until
 * someone decides whether a copy takes it.
 */
const copyOfColumn = {
  id: 'own',
  title: 'copied',
  description: 'copied',
  location: 'copied',
  date: 'own',
  capacity: 'copied',
  price: 'copied',
  imageUrl: 'copied',
  createdAt: 'own',
  cancelledAt: 'own',
  seedKey: 'own',
  updatedAt: 'own',
  distanceMiles: 'copied',
  elevationGainFeet: 'copied',
  difficulty: 'copied',
  durationMinutes: 'copied',
  minimumAge: 'copied',
  familyFriendly: 'copied',
  dogsAllowed: 'copied',
  accessibilityNotes: 'copied',
  meetingLatitude: 'copied',
  meetingLongitude: 'copied',
  whatToBring: 'copied',
  leaderContactName: 'copied',
  leaderContactPhone: 'copied',
  earlyReminderDays: 'copied',
  dayReminderTime: 'copied',
  calendarSequence: 'own',
  waiverRequired: 'copied',
  askEmergencyContact: 'copied',
  refundCutoffDays: 'copied',
  seriesId: 'own',
} as const satisfies Record<keyof EventsTable, 'copied' | 'own'>;

const copiedColumns = (Object.keys(copyOfColumn) as (keyof typeof copyOfColumn)[]).filter(
  (column) => copyOfColumn[column] === 'copied',
);

/** A new walk of a series: the template's description of the walk, on its own date. */
export function walkCopyOf(template: EventRow, date: Date, seriesId: number): Insertable<EventsTable> {
  const copy: Record<string, unknown> = { date, seriesId };
  for (const column of copiedColumns) {
    // A column the database does not have yet (its migration not run) is not read, nor written.
    if (template[column] !== undefined) copy[column] = template[column];
  }
  return copy as Insertable<EventsTable>;
}

/** The template walk as it is now (a preview of its series). */
export async function findTemplateWalk(
  deps: Pick<ContentDeps, 'db'>,
  eventId: number,
): Promise<EventRow | undefined> {
  return findEvent(deps.db, eventId);
}

/** The template walk, locked until the series is made: two series never take it at once. */
export async function lockTemplateWalk(deps: InTransaction, eventId: number): Promise<EventRow | undefined> {
  return lockEvent(deps.db, eventId);
}

/**
 * Makes a series' walks: the template itself as its first walk when it joins, and a copy of it at
 * each start. Their ids: the template's first when it joins, then the copies'.
 */
export async function addSeriesWalks(
  deps: InTransaction,
  input: { template: EventRow; seriesId: number; templateJoins: boolean; starts: readonly Date[] },
): Promise<number[]> {
  if (input.templateJoins) await setEventSeries(deps.db, input.template.id, input.seriesId);
  const copies = await insertEvents(
    deps.db,
    input.starts.map((start) => walkCopyOf(input.template, start, input.seriesId)),
  );
  return input.templateJoins ? [input.template.id, ...copies] : copies;
}

/** Each series' walks now, soonest first (a series without walks left has an empty list). */
export async function walksOfSeries(
  deps: Pick<ContentDeps, 'db'>,
  seriesIds: readonly number[],
  now = new Date(),
): Promise<Map<number, SeriesWalk[]>> {
  const walks = new Map<number, SeriesWalk[]>(seriesIds.map((id) => [id, []]));
  for (const row of await listSeriesWalks(deps.db, seriesIds)) {
    if (row.seriesId === null) continue;
    walks.get(row.seriesId)?.push({
      id: row.id,
      title: row.title,
      date: row.date.toISOString(),
      isPast: row.date <= now,
      isCancelled: row.cancelledAt !== null,
    });
  }
  return walks;
}
