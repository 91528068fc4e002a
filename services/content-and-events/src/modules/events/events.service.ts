import type { Identity } from '@jesus-walks/contracts/common';
import type { DeleteEventResult, Event, EventInput } from '@jesus-walks/contracts/events';
import { diffChanges, recordAudit } from '@jesus-walks/service-kit/audit';
import { businessRule, DomainError, notFound } from '@jesus-walks/service-kit/errors';
import type { ContentDeps } from '../../deps';
import { formatEventDateTime } from '../../lib/event-time';
import {
  enqueueRegistrationNotices,
  noticeEventOf,
  noticeRegistrationOf,
} from '../registrations/registration-notices';
import { activeRegistrationsOf, fillFreedSeats } from '../registrations/registrations.service';
import { byUpcomingThenPast, toEvent } from './event-mapping';
import {
  countSeats,
  deleteEvent as deleteEventRow,
  findEvent,
  insertEvent,
  listEvents as listEventRows,
  lockEvent,
  markEventCancelled,
  nextHoldLapse,
  updateEvent as updateEventRow,
} from './events.repository';

/** The fields an admin edits, as the activity record names them in a sentence. */
const editableFields = {
  title: 'title',
  description: 'description',
  location: 'location',
  date: 'date and time',
  capacity: 'capacity',
  price: 'price',
  imageUrl: 'image',
} as const;
type EditableField = keyof typeof editableFields;
const editableFieldNames = Object.keys(editableFields) as EditableField[];

/** 'a', 'a and b', 'a, b and c'. */
function listInWords(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

function peopleCount(count: number): string {
  return count === 1 ? '1 person' : `${count} people`;
}

function futureDateError(): DomainError {
  return new DomainError('validation_failed', 'The request is not valid', [
    { path: ['body', 'date'], message: 'The event date must be in the future' },
  ]);
}

/**
 * Every event, upcoming first, and until when the list holds without any write: the next event to
 * start turns past, and the next seat hold to lapse frees its seat.
 */
export async function listEvents(deps: ContentDeps): Promise<{ events: Event[]; validUntil: Date }> {
  const now = new Date();
  const [rows, holdLapses] = await Promise.all([listEventRows(deps.db), nextHoldLapse(deps.db)]);
  const nextStart = rows.reduce<number>(
    (soonest, row) => (row.date > now && row.date.getTime() < soonest ? row.date.getTime() : soonest),
    Number.POSITIVE_INFINITY,
  );
  return {
    events: rows.map((row) => toEvent(row, now)).sort(byUpcomingThenPast),
    validUntil: new Date(Math.min(nextStart, holdLapses?.getTime() ?? Number.POSITIVE_INFINITY)),
  };
}

export async function getEvent(deps: ContentDeps, id: number): Promise<Event> {
  const row = await findEvent(deps.db, id);
  if (!row) throw notFound('Event not found');
  return toEvent(row);
}

export async function createEvent(deps: ContentDeps, input: EventInput, actor: Identity): Promise<Event> {
  const date = new Date(input.date);
  if (date <= new Date()) throw futureDateError();
  const id = await deps.db.transaction().execute(async (trx) => {
    const values = {
      title: input.title,
      description: input.description,
      location: input.location,
      date,
      capacity: input.capacity,
      price: input.price,
      imageUrl: input.imageUrl ?? null,
    };
    const eventId = await insertEvent(trx, values);
    await recordAudit(trx, {
      actor,
      action: 'event.created',
      target: { type: 'event', id: eventId, label: input.title },
      summary: `Created the event "${input.title}" on ${formatEventDateTime(date)} with ${input.capacity} ${input.capacity === 1 ? 'seat' : 'seats'}${input.price > 0 ? ` at $${input.price}` : ', free'}.`,
      // Every field it was created with, each from nothing.
      changes: diffChanges<Partial<Record<EditableField, unknown>>>({}, values, editableFieldNames),
    });
    return eventId;
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
  context: { actor: Identity; requestId: string },
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
    const values = {
      title: input.title,
      description: input.description,
      location: input.location,
      date,
      capacity: input.capacity,
      price: input.price,
      imageUrl: input.imageUrl ?? null,
    };
    await updateEventRow(trx, id, values);
    const after = await lockEvent(trx, id);
    if (!after) throw notFound('Event not found');
    const promoted = await fillFreedSeats({ db: trx }, after);
    const changes = diffChanges(before, values, editableFieldNames);
    const changed = editableFieldNames.filter((field) => field in changes);
    // Saving the form unchanged changes nothing, so it is not recorded.
    if (changed.length > 0) {
      const seated =
        promoted.length > 0
          ? ` ${peopleCount(promoted.length)} moved off the waitlist into the new seats.`
          : '';
      await recordAudit(trx, {
        actor: context.actor,
        action: 'event.updated',
        target: { type: 'event', id, label: after.title },
        summary: `Changed the ${listInWords(changed.map((field) => editableFields[field]))} of the event "${after.title}".${seated}`,
        changes,
      });
    }
    const moved = date.getTime() !== before.date.getTime() || input.location !== before.location;
    const registrants = moved && after.date > new Date() ? await activeRegistrationsOf({ db: trx }, id) : [];
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
      requestId: context.requestId,
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
  context: { actor: Identity; requestId: string },
): Promise<DeleteEventResult> {
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const event = await lockEvent(trx, id);
    if (!event) throw notFound('Event not found');
    const registrants = await activeRegistrationsOf({ db: trx }, id);
    if (registrants.length === 0) {
      await deleteEventRow(trx, id);
      await recordAudit(trx, {
        actor: context.actor,
        action: 'event.deleted',
        target: { type: 'event', id, label: event.title },
        summary: `Deleted the event "${event.title}" (nobody was registered).`,
      });
      return { outcome: 'deleted' as const, notified: 0 };
    }
    // Cancelled already: nothing changes, so nothing is recorded or sent again.
    if (event.cancelledAt) return { outcome: 'cancelled' as const, notified: 0 };
    await markEventCancelled(trx, id);
    // Every registrant is told by a notice queued with the change (members looked up by its job,
    // after the lock); `notified` counts the registrants it writes to.
    const notified = await enqueueRegistrationNotices(deps, trx, {
      event: noticeEventOf(event),
      notices: [{ kind: 'event-cancelled', registrations: registrants.map(noticeRegistrationOf) }],
      requestId: context.requestId,
    });
    await recordAudit(trx, {
      actor: context.actor,
      action: 'event.cancelled',
      target: { type: 'event', id, label: event.title },
      summary: `Cancelled the event "${event.title}"; its ${registrants.length === 1 ? 'registrant is' : `${registrants.length} registrants are`} told by e-mail.`,
      changes: { cancelled: { from: false, to: true } },
    });
    return { outcome: 'cancelled' as const, notified };
  });
  return outcome;
}
