import type { ContentDeps, InTransaction } from '../../deps';
import {
  countSeats,
  type EventRow,
  type EventRowWithCounts,
  findEvent,
  findEventsByIds,
  lockEvent,
  updateEvent,
} from './events.repository';

/*
 * An event's seats as the modules that give them (registrations, event-quotes) reach the events
 * table. Apart from events.service.ts, which itself calls registrations.service: the two modules
 * then never import each other.
 */

export { meetingPointOf, refundDeadlineOf } from './event-mapping';
export type { EventRow, EventRowWithCounts };

/**
 * The event, locked until the caller's transaction ends: every change to its seats (registering,
 * cancelling, promoting, holding, paying) runs under this lock, so they happen one at a time.
 */
export async function lockEventSeats(deps: InTransaction, eventId: number): Promise<EventRow | undefined> {
  return lockEvent(deps.db, eventId);
}

/** Seats taken (confirmed, pending payment, or held and not lapsed) and the waitlist, in people. */
export async function seatsOf(
  deps: Pick<ContentDeps, 'db'>,
  eventId: number,
): Promise<{ seatsTaken: number; waitlistCount: number }> {
  return countSeats(deps.db, eventId);
}

/** An admin's seat out of turn at a full event: its capacity goes up, under its lock. */
export async function raiseCapacity(
  deps: InTransaction,
  input: { eventId: number; capacity: number },
): Promise<void> {
  await updateEvent(deps.db, input.eventId, { capacity: input.capacity });
}

/** One event with its seats counted; undefined when there is none. */
export async function findEventWithSeats(
  deps: Pick<ContentDeps, 'db'>,
  eventId: number,
): Promise<EventRowWithCounts | undefined> {
  return findEvent(deps.db, eventId);
}

/** These events with their seats counted (unknown ids left out). */
export async function findEventsWithSeats(
  deps: Pick<ContentDeps, 'db'>,
  eventIds: readonly number[],
): Promise<EventRowWithCounts[]> {
  return findEventsByIds(deps.db, eventIds);
}
