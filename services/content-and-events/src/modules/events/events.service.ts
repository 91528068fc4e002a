import type { Identity } from '@jesus-walks/contracts/common';
import type {
  AdminEvent,
  DeleteEventResult,
  Event,
  EventCancellation,
  EventInput,
  ListedEvent,
} from '@jesus-walks/contracts/events';
import { listInWords } from '@jesus-walks/contracts/words';
import { diffChanges, recordAudit } from '@jesus-walks/service-kit/audit';
import { businessRule, conflict, DomainError, notFound } from '@jesus-walks/service-kit/errors';
import type { ContentDeps } from '../../deps';
import { formatEventDateTime } from '../../lib/event-time';
import { walkCalendarAttachment } from '../calendar/calendar.service';
import {
  enqueueRegistrationNotices,
  noticeEventOf,
  noticeRegistrationOf,
} from '../registrations/registration-notices';
import {
  activeRegistrationsOf,
  fillFreedSeats,
  type RegistrationRow,
  registrantNameOf,
} from '../registrations/registrations.service';
import { seriesTagsOf } from '../series/series.service';
import { hasPublishedWaiver } from '../waivers/waivers.service';
import {
  byUpcomingThenPast,
  meetingPointOf,
  toAdminEvent,
  toEvent,
  toWalkDetailColumns,
} from './event-mapping';
import {
  countSeats,
  deleteEvent as deleteEventRow,
  type EventRow,
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
  distanceMiles: 'distance',
  elevationGainFeet: 'elevation gain',
  difficulty: 'difficulty',
  durationMinutes: 'expected duration',
  minimumAge: 'minimum age',
  familyFriendly: 'family-friendly mark',
  dogsAllowed: 'dogs-allowed mark',
  accessibilityNotes: 'accessibility notes',
  // One name for both coordinates: the summary names it once.
  meetingLatitude: 'meeting point on the map',
  meetingLongitude: 'meeting point on the map',
  whatToBring: 'what to bring',
  waiverRequired: 'waiver requirement',
  askEmergencyContact: 'emergency contact question',
  leaderContactName: "leader's name",
  leaderContactPhone: "leader's phone",
  earlyReminderDays: 'early reminder',
  dayReminderTime: "walk day's reminder",
  refundCutoffDays: 'refund deadline',
} as const;
type EditableField = keyof typeof editableFields;
const editableFieldNames = Object.keys(editableFields) as EditableField[];

function peopleCount(count: number): string {
  return count === 1 ? '1 person' : `${count} people`;
}

/**
 * A walk can only require the waiver once a version is published (the form would have nothing to
 * show). Checked before the walk is written; versions are never deleted, so it stays true.
 */
async function checkWaiverPublished(deps: ContentDeps, input: EventInput): Promise<void> {
  if (input.waiverRequired && !(await hasPublishedWaiver(deps))) {
    throw new DomainError('validation_failed', 'Publish the group’s waiver before requiring it for a walk.', [
      {
        path: ['body', 'waiverRequired'],
        message: 'Publish the group’s waiver (Admin, Waiver) before requiring it for a walk',
      },
    ]);
  }
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
export async function listEvents(deps: ContentDeps): Promise<{ events: ListedEvent[]; validUntil: Date }> {
  const now = new Date();
  const [rows, holdLapses] = await Promise.all([listEventRows(deps.db), nextHoldLapse(deps.db)]);
  // Each walk's series named (its title and rule), so that the events page groups them.
  const series = await seriesTagsOf(
    deps,
    rows.map((row) => row.seriesId),
  );
  const nextStart = rows.reduce<number>(
    (soonest, row) => (row.date > now && row.date.getTime() < soonest ? row.date.getTime() : soonest),
    Number.POSITIVE_INFINITY,
  );
  return {
    events: rows
      .map((row) => ({
        ...toEvent(row, now),
        series: row.seriesId === null ? null : (series.get(row.seriesId) ?? null),
      }))
      .sort(byUpcomingThenPast),
    validUntil: new Date(Math.min(nextStart, holdLapses?.getTime() ?? Number.POSITIVE_INFINITY)),
  };
}

export async function getEvent(deps: ContentDeps, id: number): Promise<Event> {
  const row = await findEvent(deps.db, id);
  if (!row) throw notFound('Event not found');
  return toEvent(row);
}

/** Every event as the admin edits it (with the leader's contact), in the public list's order. */
export async function listAdminEvents(deps: ContentDeps): Promise<AdminEvent[]> {
  const now = new Date();
  const rows = await listEventRows(deps.db);
  return rows.map((row) => toAdminEvent(row, now)).sort(byUpcomingThenPast);
}

async function getAdminEvent(deps: ContentDeps, id: number): Promise<AdminEvent> {
  const row = await findEvent(deps.db, id);
  if (!row) throw notFound('Event not found');
  return toAdminEvent(row);
}

export async function createEvent(
  deps: ContentDeps,
  input: EventInput,
  actor: Identity,
): Promise<AdminEvent> {
  const date = new Date(input.date);
  if (date <= new Date()) throw futureDateError();
  await checkWaiverPublished(deps, input);
  const id = await deps.db.transaction().execute(async (trx) => {
    const values = {
      title: input.title,
      description: input.description,
      location: input.location,
      date,
      capacity: input.capacity,
      price: input.price,
      imageUrl: input.imageUrl ?? null,
      ...toWalkDetailColumns(input),
    };
    const eventId = await insertEvent(trx, values);
    await recordAudit(trx, {
      actor,
      action: 'event.created',
      target: { type: 'event', id: eventId, label: input.title },
      summary: `Created the event "${input.title}" on ${formatEventDateTime(date)} with ${input.capacity} ${input.capacity === 1 ? 'seat' : 'seats'}${input.price > 0 ? ` at $${input.price}` : ', free'}.`,
      // Every field it was created with, each from nothing (the two marks from their default, off).
      changes: diffChanges<Partial<Record<EditableField, unknown>>>(
        { familyFriendly: false, dogsAllowed: false, waiverRequired: false, askEmergencyContact: false },
        values,
        editableFieldNames,
      ),
    });
    return eventId;
  });
  return getAdminEvent(deps, id);
}

/**
 * Updates an event. The capacity may not drop below the seats already taken; a larger one gives
 * the new seats to the waitlist. Registrants and the waitlist are told when the date, the meeting
 * place or its point on the map changes; seat holders get the walk's new .ics with it.
 */
export async function updateEvent(
  deps: ContentDeps,
  id: number,
  input: EventInput,
  context: { actor: Identity; requestId: string },
): Promise<AdminEvent> {
  await checkWaiverPublished(deps, input);
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
      ...toWalkDetailColumns(input),
    };
    await updateEventRow(trx, id, values);
    const after = await lockEvent(trx, id);
    if (!after) throw notFound('Event not found');
    const promoted = await fillFreedSeats({ db: trx }, after);
    const changes = diffChanges(before, values, editableFieldNames);
    const changed = editableFieldNames.filter((field) => field in changes);
    // Saving the form unchanged changes nothing, so it is not recorded.
    if (changed.length > 0) {
      // People, not registrations: a party moves up whole (decision 041).
      const movedUp = promoted.reduce((sum, row) => sum + row.partySize, 0);
      const seated = movedUp > 0 ? ` ${peopleCount(movedUp)} moved off the waitlist into the new seats.` : '';
      await recordAudit(trx, {
        actor: context.actor,
        action: 'event.updated',
        target: { type: 'event', id, label: after.title },
        summary: `Changed the ${listInWords([...new Set(changed.map((field) => editableFields[field]))])} of the event "${after.title}".${seated}`,
        changes,
      });
    }
    const pointBefore = meetingPointOf(before);
    const point = meetingPointOf(after);
    const moved =
      date.getTime() !== before.date.getTime() ||
      input.location !== before.location ||
      point?.latitude !== pointBefore?.latitude ||
      point?.longitude !== pointBefore?.longitude;
    const registrants = moved && after.date > new Date() ? await activeRegistrationsOf({ db: trx }, id) : [];
    // Registrants are told by a notice queued with the change; its job looks the members up once
    // this transaction (and the event's lock) is over.
    const promotedIds = new Set(promoted.map((row) => row.id));
    await enqueueRegistrationNotices(deps, trx, {
      event: noticeEventOf(after),
      notices: [
        {
          kind: 'event-changed',
          previous: { date: before.date.toISOString(), location: before.location, meetingPoint: pointBefore },
          registrations: registrants.filter((row) => !promotedIds.has(row.id)).map(noticeRegistrationOf),
        },
        { kind: 'promoted', registrations: promoted.map(noticeRegistrationOf) },
      ],
      calendar: walkCalendarAttachment(deps, after),
      requestId: context.requestId,
    });
  });
  return getAdminEvent(deps, id);
}

/** A seat paid online at checkout: cancelling its walk refunds it (payments' Cancel and refund). */
function isPaidOnline(row: RegistrationRow): boolean {
  return row.status === 'confirmed' && row.paymentId !== null && row.amountPaid !== null;
}

function paidSeatsInWords(count: number): string {
  return count === 1 ? 'its seat paid online is refunded' : `its ${count} seats paid online are refunded`;
}

/**
 * How a walk is removed: through its own DELETE (`public`), which refuses a walk with seats paid
 * online, since content-and-events never calls payments (ARCHITECTURE.md section 4); or through
 * payments' Cancel and refund (`refund`), which refunds the paid seats this answers.
 */
type RemovalDoor = 'public' | 'refund';

/**
 * Deletes an event nobody is registered for. An event with registrations is cancelled instead
 * (kept, shown as cancelled, registration closed) and every registrant and waitlisted person gets
 * an e-mail, which tells a seat paid online that it is refunded. A walk cancelled already changes
 * nothing and sends nothing again, but answers its paid seats, so their refunds can be claimed.
 */
async function removeEvent(
  deps: ContentDeps,
  id: number,
  context: { actor: Identity; requestId: string; door: RemovalDoor },
): Promise<DeleteEventResult & { event: EventRow; paidSeats: RegistrationRow[] }> {
  return deps.db.transaction().execute(async (trx) => {
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
      return { outcome: 'deleted' as const, notified: 0, event, paidSeats: [] };
    }
    const paidSeats = registrants.filter(isPaidOnline);
    if (event.cancelledAt) return { outcome: 'cancelled' as const, notified: 0, event, paidSeats };
    if (context.door === 'public' && paidSeats.length > 0) {
      throw conflict(
        'This walk has seats paid online: cancel it with Cancel and refund, so that they are refunded.',
      );
    }
    await markEventCancelled(trx, id);
    const cancelled = (await lockEvent(trx, id)) ?? event;
    // Every registrant is told by a notice queued with the change (members looked up by its job,
    // after the lock); `notified` counts the registrants it writes to. A seat holder's calendar
    // gets the walk as cancelled.
    const notified = await enqueueRegistrationNotices(deps, trx, {
      event: noticeEventOf(event),
      notices: [{ kind: 'event-cancelled', registrations: registrants.map(noticeRegistrationOf) }],
      calendar: walkCalendarAttachment(deps, cancelled),
      requestId: context.requestId,
    });
    await recordAudit(trx, {
      actor: context.actor,
      action: 'event.cancelled',
      target: { type: 'event', id, label: event.title },
      summary: `Cancelled the event "${event.title}"; its ${registrants.length === 1 ? 'registrant is' : `${registrants.length} registrants are`} told by e-mail${paidSeats.length > 0 ? ` and ${paidSeatsInWords(paidSeats.length)}` : ''}.`,
      changes: { cancelled: { from: false, to: true } },
    });
    return { outcome: 'cancelled' as const, notified, event, paidSeats };
  });
}

/** DELETE /api/events/:id: a walk with seats paid online is a 409 (payments' Cancel and refund). */
export async function deleteEvent(
  deps: ContentDeps,
  id: number,
  context: { actor: Identity; requestId: string },
): Promise<DeleteEventResult> {
  const { outcome, notified } = await removeEvent(deps, id, { ...context, door: 'public' });
  return { outcome, notified };
}

/**
 * POST /internal/events/:id/cancel: payments' Cancel and refund of a walk removes it as DELETE
 * does, then refunds each seat paid online this answers. Members are named for payments' activity
 * record by one identity lookup after the lock (a missing one is 'User N').
 */
export async function cancelEventForRefund(
  deps: ContentDeps,
  id: number,
  context: { actor: Identity; requestId: string },
): Promise<EventCancellation> {
  const { event, paidSeats, outcome, notified } = await removeEvent(deps, id, { ...context, door: 'refund' });
  const memberIds = paidSeats.flatMap((row) => (row.userId === null ? [] : [row.userId]));
  const members =
    memberIds.length > 0 ? await deps.members.findMany(memberIds, context.requestId) : new Map();
  return {
    outcome,
    notified,
    event: { id: event.id, title: event.title, date: event.date.toISOString() },
    paidSeats: paidSeats.map((row) => ({
      registrationId: row.id,
      registrant: registrantNameOf(row, members),
      paymentId: row.paymentId ?? '',
      amountPaid: row.amountPaid ?? '0.00',
      testMode: row.testMode,
    })),
  };
}
