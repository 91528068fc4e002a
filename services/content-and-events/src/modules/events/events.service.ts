import type { DeleteEventResult, Event, EventInput } from '@jesus-walks/contracts/events';
import { businessRule, DomainError, notFound } from '@jesus-walks/service-kit/errors';
import type { ContentDeps } from '../../deps';
import {
  enqueueRegistrationNotices,
  noticeEventOf,
  noticeRegistrationOf,
} from '../registrations/registration-notices';
import { activeRegistrations } from '../registrations/registrations.repository';
import { fillFreedSeats } from '../registrations/registrations.service';
import { byUpcomingThenPast, toEvent } from './event-mapping';
import {
  countSeats,
  deleteEvent as deleteEventRow,
  findEvent,
  insertEvent,
  listEvents as listEventRows,
  lockEvent,
  markEventCancelled,
  updateEvent as updateEventRow,
} from './events.repository';

function futureDateError(): DomainError {
  return new DomainError('validation_failed', 'The request is not valid', [
    { path: ['body', 'date'], message: 'The event date must be in the future' },
  ]);
}

export async function listEvents(deps: ContentDeps): Promise<Event[]> {
  const now = new Date();
  return (await listEventRows(deps.db)).map((row) => toEvent(row, now)).sort(byUpcomingThenPast);
}

export async function getEvent(deps: ContentDeps, id: number): Promise<Event> {
  const row = await findEvent(deps.db, id);
  if (!row) throw notFound('Event not found');
  return toEvent(row);
}

export async function createEvent(deps: ContentDeps, input: EventInput): Promise<Event> {
  const date = new Date(input.date);
  if (date <= new Date()) throw futureDateError();
  const id = await insertEvent(deps.db, {
    title: input.title,
    description: input.description,
    location: input.location,
    date,
    capacity: input.capacity,
    price: input.price,
    imageUrl: input.imageUrl ?? null,
  });
  return getEvent(deps, id);
}

/**
 * Updates an event. The capacity may not drop below the seats already taken; a larger one gives
 * the new seats to the waitlist. Registrants are told when the date or the meeting place changes.
 */
export async function updateEvent(
  deps: ContentDeps,
  id: number,
  input: EventInput,
  requestId: string,
): Promise<Event> {
  await deps.db.transaction().execute(async (trx) => {
    const before = await lockEvent(trx, id);
    if (!before) throw notFound('Event not found');
    if (before.cancelledAt) throw businessRule('This event has been cancelled and can no longer be changed.');
    const date = new Date(input.date);
    if (date.getTime() !== before.date.getTime() && date <= new Date()) throw futureDateError();
    const { seatsTaken } = await countSeats(trx, id);
    if (input.capacity < seatsTaken) {
      throw businessRule(`Capacity cannot be lower than the ${seatsTaken} seats already taken.`);
    }
    await updateEventRow(trx, id, {
      title: input.title,
      description: input.description,
      location: input.location,
      date,
      capacity: input.capacity,
      price: input.price,
      imageUrl: input.imageUrl ?? null,
    });
    const after = await lockEvent(trx, id);
    if (!after) throw notFound('Event not found');
    const promoted = await fillFreedSeats(trx, after);
    const moved = date.getTime() !== before.date.getTime() || input.location !== before.location;
    const registrants = moved && after.date > new Date() ? await activeRegistrations(trx, id) : [];
    // Registrants are told by a notice queued with the change; its job looks the members up once
    // this transaction (and the event's lock) is over.
    const promotedIds = new Set(promoted.map((row) => row.id));
    await enqueueRegistrationNotices(deps, trx, {
      event: noticeEventOf(after),
      notices: [
        {
          kind: 'event-changed',
          previous: { date: before.date.toISOString(), location: before.location },
          registrations: registrants.filter((row) => !promotedIds.has(row.id)).map(noticeRegistrationOf),
        },
        { kind: 'promoted', registrations: promoted.map(noticeRegistrationOf) },
      ],
      requestId,
    });
  });
  return getEvent(deps, id);
}

/**
 * Deletes an event nobody is registered for. An event with registrations is cancelled instead
 * (kept, shown as cancelled, registration closed) and every registrant gets an e-mail.
 */
export async function deleteEvent(
  deps: ContentDeps,
  id: number,
  requestId: string,
): Promise<DeleteEventResult> {
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const event = await lockEvent(trx, id);
    if (!event) throw notFound('Event not found');
    const registrants = await activeRegistrations(trx, id);
    if (registrants.length === 0) {
      await deleteEventRow(trx, id);
      return { outcome: 'deleted' as const, event, registrants };
    }
    if (event.cancelledAt) return { outcome: 'cancelled' as const, notified: 0 };
    await markEventCancelled(trx, id);
    // Every registrant is told by a notice queued with the change (members looked up by its job,
    // after the lock); `notified` counts the registrants it writes to.
    const notified = await enqueueRegistrationNotices(deps, trx, {
      event: noticeEventOf(event),
      notices: [{ kind: 'event-cancelled', registrations: registrants.map(noticeRegistrationOf) }],
      requestId,
    });
    return { outcome: 'cancelled' as const, notified };
  });

  if (outcome.outcome === 'deleted') return { outcome: 'deleted', notified: 0 };
  return { outcome: 'cancelled', notified: outcome.notified };
}
