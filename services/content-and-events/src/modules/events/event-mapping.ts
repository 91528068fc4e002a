import {
  type AdminEvent,
  DEFAULT_DAY_REMINDER_TIME,
  DEFAULT_EARLY_REMINDER_DAYS,
  type Event,
  type EventInput,
  type MeetingPoint,
} from '@jesus-walks/contracts/events';
import type { EventRow, EventRowWithCounts } from './events.repository';

/** The walk's meeting point on the map, when it has one (both coordinates, or neither). */
export function meetingPointOf(
  row: Pick<EventRow, 'meetingLatitude' | 'meetingLongitude'>,
): MeetingPoint | null {
  return row.meetingLatitude === null || row.meetingLongitude === null
    ? null
    : { latitude: row.meetingLatitude, longitude: row.meetingLongitude };
}

/**
 * Until when a paid walk's seat cancelled by its walker is refunded in full: its refund cutoff
 * before the start; null for a free walk or one without a cutoff (then: until it starts).
 */
export function refundDeadlineOf(row: Pick<EventRow, 'date' | 'price' | 'refundCutoffDays'>): Date | null {
  if (row.price <= 0 || row.refundCutoffDays === null) return null;
  return new Date(row.date.getTime() - row.refundCutoffDays * 24 * 60 * 60 * 1000);
}

/** A stored event as clients see it. */
export function toEvent(row: EventRowWithCounts, now = new Date()): Event {
  return {
    id: row.id,
    title: row.title,
    imageUrl: row.imageUrl,
    date: row.date.toISOString(),
    location: row.location,
    description: row.description,
    capacity: row.capacity,
    price: row.price,
    seatsTaken: row.seatsTaken,
    seatsLeft: Math.max(0, row.capacity - row.seatsTaken),
    waitlistCount: row.waitlistCount,
    isPast: row.date <= now,
    isCancelled: row.cancelledAt !== null,
    distanceMiles: row.distanceMiles === null ? null : Number(row.distanceMiles),
    elevationGainFeet: row.elevationGainFeet,
    difficulty: row.difficulty,
    durationMinutes: row.durationMinutes,
    minimumAge: row.minimumAge,
    familyFriendly: row.familyFriendly,
    dogsAllowed: row.dogsAllowed,
    accessibilityNotes: row.accessibilityNotes,
    meetingPoint: meetingPointOf(row),
    whatToBring: row.whatToBring,
    waiverRequired: row.waiverRequired,
    askEmergencyContact: row.askEmergencyContact,
    refundCutoffDays: row.refundCutoffDays,
    refundDeadline: refundDeadlineOf(row)?.toISOString() ?? null,
    seriesId: row.seriesId,
  };
}

/** A stored event as the admin edits it: with the leader's contact for the day. */
export function toAdminEvent(row: EventRowWithCounts, now = new Date()): AdminEvent {
  return {
    ...toEvent(row, now),
    leaderContactName: row.leaderContactName,
    leaderContactPhone: row.leaderContactPhone,
    earlyReminderDays: row.earlyReminderDays,
    // Postgres gives a time as 'HH:MM:SS'.
    dayReminderTime: row.dayReminderTime?.slice(0, 5) ?? null,
  };
}

type WalkDetailColumns = Pick<
  EventRow,
  | 'distanceMiles'
  | 'elevationGainFeet'
  | 'difficulty'
  | 'durationMinutes'
  | 'minimumAge'
  | 'familyFriendly'
  | 'dogsAllowed'
  | 'accessibilityNotes'
  | 'meetingLatitude'
  | 'meetingLongitude'
  | 'whatToBring'
  | 'waiverRequired'
  | 'askEmergencyContact'
  | 'leaderContactName'
  | 'leaderContactPhone'
  | 'earlyReminderDays'
  | 'dayReminderTime'
  | 'refundCutoffDays'
>;

/** A blank text detail is none. */
const textOrNull = (text: string | null | undefined) => text || null;

/**
 * The walk's details of the admin's input as stored: a detail left out is none (PUT replaces the
 * walk's details with what it sends). The distance is written as the text Postgres gives back
 * ('10.0'), so that saving it unchanged changes nothing in the activity record.
 */
export function toWalkDetailColumns(input: EventInput): WalkDetailColumns {
  return {
    distanceMiles: input.distanceMiles == null ? null : input.distanceMiles.toFixed(1),
    elevationGainFeet: input.elevationGainFeet ?? null,
    difficulty: input.difficulty ?? null,
    durationMinutes: input.durationMinutes ?? null,
    minimumAge: input.minimumAge ?? null,
    familyFriendly: input.familyFriendly ?? false,
    dogsAllowed: input.dogsAllowed ?? false,
    accessibilityNotes: textOrNull(input.accessibilityNotes),
    meetingLatitude: input.meetingPoint?.latitude ?? null,
    meetingLongitude: input.meetingPoint?.longitude ?? null,
    whatToBring: textOrNull(input.whatToBring),
    waiverRequired: input.waiverRequired ?? false,
    askEmergencyContact: input.askEmergencyContact ?? false,
    leaderContactName: textOrNull(input.leaderContactName),
    leaderContactPhone: textOrNull(input.leaderContactPhone),
    // Left out: the defaults; null: off. Stored as Postgres gives it back, so an unchanged form
    // changes nothing in the activity record.
    earlyReminderDays:
      input.earlyReminderDays === undefined ? DEFAULT_EARLY_REMINDER_DAYS : input.earlyReminderDays,
    dayReminderTime:
      input.dayReminderTime === null ? null : `${input.dayReminderTime ?? DEFAULT_DAY_REMINDER_TIME}:00`,
    refundCutoffDays: input.refundCutoffDays ?? null,
  };
}

/** Upcoming events first, soonest first; then past ones, latest first. */
export function byUpcomingThenPast(a: Event, b: Event): number {
  if (a.isPast !== b.isPast) return a.isPast ? 1 : -1;
  const difference = Date.parse(a.date) - Date.parse(b.date);
  return (a.isPast ? -difference : difference) || a.id - b.id;
}
