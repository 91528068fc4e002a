import { createHash } from 'node:crypto';
import type { Attendance } from '@jesus-walks/contracts/check-in';
import { ticketPath } from '@jesus-walks/contracts/check-in';
import type { Identity } from '@jesus-walks/contracts/common';
import {
  type AdminRegistration,
  type Event,
  type EventRegistrations,
  GuestRegistrationSchema,
  type InternalCancelRegistrationBody,
  type MyRegistration,
  type Registration,
  type RegistrationBody,
  type RegistrationCancellation,
  type RegistrationPaymentSummary,
  RegistrationSchema,
  type RegistrationStatus,
  type WaitlistPromotion,
  type WalkStats,
} from '@jesus-walks/contracts/events';
import { recordAudit } from '@jesus-walks/service-kit/audit';
import { toCsv } from '@jesus-walks/service-kit/csv';
import {
  badRequest,
  businessRule,
  conflict,
  DomainError,
  forbidden,
  notFound,
} from '@jesus-walks/service-kit/errors';
import {
  claimIdempotencyKey,
  findIdempotencyKey,
  idempotencyScopeOf,
  storeIdempotentResponse,
} from '@jesus-walks/service-kit/idempotency';
import type { RegistrationStatusColumn } from '../../db/database';
import { type ContentDeps, type InTransaction, siteUrl } from '../../deps';
import { walkCalendarAttachment } from '../calendar/calendar.service';
import type { CheckedIn } from '../check-in/check-in-state';
import { toEvent } from '../events/event-mapping';
import {
  type EventRow,
  findEventsWithSeats,
  findEventWithSeats,
  lockEventSeats,
  raiseCapacity,
  refundDeadlineOf,
  seatsOf,
} from '../events/event-seats.service';
import type { MemberContact } from '../members/member-directory';
import { registrationRules, takeRateLimits } from '../rate-limits/rate-limits.service';
import { ticketForMail, ticketTokenFor } from '../tickets/walk-ticket';
import {
  checkWalkForms,
  recordWalkForms,
  walkFormsOf,
  walkFormsOfRegistration,
} from '../waivers/waivers.service';
import type { Registrant } from './registrant';
import { type EventForMail, registrationEmail } from './registration-emails';
import {
  cancelUrlFor,
  enqueueRegistrationNotices,
  noticeEventOf,
  noticeRegistrationOf,
  recipientOf,
} from './registration-notices';
import {
  activeRegistrations,
  attendanceCounts,
  findRegistrantRegistration,
  findRegistration,
  findRegistrationWithPosition,
  insertRegistration,
  insertWalkIn,
  listEventRegistrations,
  listUserRegistrations,
  nextWaitlisted,
  paidSeatsPerDay,
  paidSeatTotals,
  type RegistrationRow,
  type RegistrationRowWithPosition,
  reactivateRegistration,
  seatAsWalkIn,
  setAttendance,
  setPartyNames,
  setRegistrationStatus,
} from './registrations.repository';

export type { RegistrationRow };

/** The status of a registration that gets a seat: paid events are paid on the day (or at checkout). */
export function seatStatus(price: number): 'confirmed' | 'pending_payment' {
  return price > 0 ? 'pending_payment' : 'confirmed';
}

/**
 * The status as the contract knows it. A seat held at checkout is kept out of every list; should
 * one be shown, it is a seat awaiting its payment.
 */
export function shownStatus(status: RegistrationStatusColumn): RegistrationStatus {
  return status === 'held' ? 'pending_payment' : status;
}

export function toRegistration(row: RegistrationRowWithPosition): Registration {
  return {
    id: row.id,
    eventId: row.eventId,
    status: shownStatus(row.status),
    waitlistPosition: row.status === 'waitlisted' ? (row.waitlistPosition ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    partySize: row.partySize,
    party: row.partyNames,
  };
}

export function eventForMail(event: EventRow): EventForMail {
  return { title: event.title, date: event.date, location: event.location, price: event.price };
}

/** The registrant as an admin knows them: the member's username or the guest's name. */
export function registrantNameOf(
  row: Pick<RegistrationRow, 'userId' | 'guestName'>,
  members: ReadonlyMap<number, MemberContact>,
): string {
  if (row.userId === null) return row.guestName ?? '';
  return members.get(row.userId)?.username ?? `User ${row.userId}`;
}

/**
 * The name of a registration's registrant for the activity record, asked before the event's lock
 * is taken (a member's name is identity's, and no network call runs under the lock). Null when
 * there is no such registration (the locked transaction then answers 404).
 */
async function registrantNameFor(
  deps: ContentDeps,
  registrationId: number,
  requestId: string,
): Promise<string | null> {
  const row = await findRegistration(deps.db, registrationId);
  if (!row) return null;
  const member = row.userId === null ? null : await deps.members.find(row.userId, requestId);
  return registrantNameOf(row, member ? new Map([[member.id, member]]) : new Map());
}

/** A seat held at checkout that lapsed: it no longer counts and may be taken up again. */
export function isLapsedHold(row: RegistrationRow, now = new Date()): boolean {
  return row.status === 'held' && (row.heldUntil === null || row.heldUntil <= now);
}

/*
 * Registrations as the other modules of this service reach them (events, event-quotes), inside
 * their transaction ({ db: trx }) or not.
 */

/** A registration by id; undefined when there is none. */
export async function findRegistrationById(
  deps: Pick<ContentDeps, 'db'>,
  registrationId: number,
): Promise<RegistrationRow | undefined> {
  return findRegistration(deps.db, registrationId);
}

/** The registrant's registration for an event, whatever its status (one row per person and event). */
export async function findRegistrationOf(
  deps: Pick<ContentDeps, 'db'>,
  input: { eventId: number; registrant: Registrant },
): Promise<RegistrationRow | undefined> {
  return findRegistrantRegistration(deps.db, input.eventId, input.registrant);
}

/** An event's registrations that are not cancelled (the people to tell of a change to it). */
export async function activeRegistrationsOf(
  deps: Pick<ContentDeps, 'db'>,
  eventId: number,
): Promise<RegistrationRow[]> {
  return activeRegistrations(deps.db, eventId);
}

/**
 * Gives free seats to the waitlist, first come first served, while the event is upcoming and not
 * cancelled. A party is seated whole or not at all (decision 041): the first in line that fits the
 * free seats takes them, so a family of four first in line keeps its place for four seats while one
 * seat freed goes to a walker behind it who comes alone (a seat is never left empty while someone
 * who fits it waits, and "seats left" on the page is what a registration gets now). Runs under the
 * event's lock (the caller's transaction); returns the registrations it promoted.
 */
export async function fillFreedSeats(deps: InTransaction, event: EventRow): Promise<RegistrationRow[]> {
  const trx = deps.db;
  if (event.cancelledAt || event.date <= new Date()) return [];
  const { seatsTaken } = await seatsOf(deps, event.id);
  let free = event.capacity - seatsTaken;
  const promoted: RegistrationRow[] = [];
  for (const registration of await nextWaitlisted(trx, event.id, free)) {
    if (free <= 0) break;
    if (registration.partySize > free) continue;
    promoted.push(await setRegistrationStatus(trx, registration.id, seatStatus(event.price)));
    free -= registration.partySize;
  }
  return promoted;
}

/**
 * A party that can never have its seats: larger than the whole walk. Refused rather than left on a
 * waitlist it could not leave, as a detail of the form to change (400, under the party's names).
 */
export function checkPartyFits(event: Pick<EventRow, 'capacity' | 'title'>, partySize: number): void {
  if (partySize > event.capacity) {
    const message = `${event.title} has ${event.capacity === 1 ? 'one seat' : `${event.capacity} seats`} in all, so a party of ${partySize} cannot come.`;
    throw new DomainError('validation_failed', message, [{ path: ['body', 'party'], message }]);
  }
}

// ---------------------------------------------------------------------------------------------
// Registering

export interface RegisterInput {
  eventId: number;
  identity: Identity | null;
  /** The client's address: guests are limited per address. */
  clientAddress: string;
  /** The client's browser (User-Agent), kept with a waiver's signature; null when not sent. */
  userAgent: string | null;
  body: RegistrationBody;
  idempotencyKey: string | undefined;
  requestId: string;
}

export interface RegisterResult {
  registration: Registration;
  /** True when this answers a retry with the same Idempotency-Key. */
  replayed: boolean;
}

function registrantOf(identity: Identity | null, body: RegistrationBody): Registrant {
  if (identity) return { kind: 'member', userId: identity.id };
  const guest = GuestRegistrationSchema.safeParse(body);
  if (!guest.success) {
    throw new DomainError(
      'validation_failed',
      'Please give your name and e-mail address to register as a guest, or log in.',
      guest.error.issues.map((issue) => ({
        path: ['body', ...issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part))],
        message: issue.message,
      })),
    );
  }
  return { kind: 'guest', name: guest.data.name, email: guest.data.email };
}

function fingerprintOf(eventId: number, registrant: Registrant): string {
  return createHash('sha256')
    .update(JSON.stringify({ route: 'POST /api/events/:id/registrations', eventId, registrant }))
    .digest('hex');
}

/**
 * Registers a member or a guest. Everything that decides the status runs in one transaction under
 * the event's row lock, so simultaneous registrations are decided one at a time: never more seat
 * holders than the capacity, the rest waitlisted in order. With an Idempotency-Key, the key is
 * claimed in the same transaction and the answer stored with it: a retry gets the first answer.
 */
export async function register(deps: ContentDeps, input: RegisterInput): Promise<RegisterResult> {
  const registrant = registrantOf(input.identity, input.body);
  const key = input.idempotencyKey;
  const scope = idempotencyScopeOf({ userId: input.identity?.id, clientAddress: input.clientAddress });
  const fingerprint = fingerprintOf(input.eventId, registrant);
  // A member's address comes from identity: asked before the event's lock is taken.
  const member =
    registrant.kind === 'member' ? await deps.members.find(registrant.userId, input.requestId) : null;

  const outcome = await deps.db.transaction().execute(async (trx) => {
    if (key && !(await claimIdempotencyKey(trx, { scope, key, fingerprint }))) {
      const first = await findIdempotencyKey(trx, scope, key);
      if (!first || first.fingerprint !== fingerprint) {
        throw businessRule('This Idempotency-Key was already used for a different request.');
      }
      if (first.response === null) {
        throw conflict('A request with this Idempotency-Key is still being processed.');
      }
      return { kind: 'replay' as const, registration: RegistrationSchema.parse(first.response) };
    }

    // Counted in this transaction: a registration that fails (full, closed, a duplicate) is not.
    await takeRateLimits({ db: trx }, registrationRules(deps.limits, input, input.eventId));
    const event = await lockEventSeats({ db: trx }, input.eventId);
    if (!event) throw notFound('Event not found');
    if (event.cancelledAt) throw businessRule('This event has been cancelled, so registration is closed.');
    if (event.date <= new Date()) {
      throw businessRule('This event has already taken place, so registration is closed.');
    }
    const existing = await findRegistrantRegistration(trx, event.id, registrant);
    if (existing && existing.status !== 'cancelled' && !isLapsedHold(existing)) {
      throw conflict(
        registrant.kind === 'member'
          ? 'You are already registered for this event.'
          : 'This e-mail address is already registered for this event.',
      );
    }
    // The waiver and the emergency contact the walk asks for (decision 038), checked before the seat.
    const forms = await checkWalkForms(
      { db: trx },
      event,
      walkFormsOfRegistration(input.body, { address: input.clientAddress, userAgent: input.userAgent }),
    );
    // A party has its seats all together, or waits in line as one (decision 041).
    const party = input.body.party ?? [];
    checkPartyFits(event, 1 + party.length);
    const { seatsTaken } = await seatsOf({ db: trx }, event.id);
    const status: RegistrationStatusColumn =
      seatsTaken + 1 + party.length <= event.capacity ? seatStatus(event.price) : 'waitlisted';
    const row = existing
      ? await reactivateRegistration(
          trx,
          existing.id,
          status,
          registrant.kind === 'guest' ? registrant.name : null,
          party,
        )
      : await insertRegistration(trx, event.id, registrant, status, party);
    await recordWalkForms({ db: trx }, row.id, forms);
    const withPosition = await findRegistrationWithPosition(trx, row.id);
    const registration = toRegistration(withPosition ?? { ...row, waitlistPosition: null });
    if (key) await storeIdempotentResponse(trx, { scope, key, statusCode: 201, response: registration });
    const recipient = recipientOf(row, member ? new Map([[member.id, member]]) : new Map());
    const seat = registration.status;
    if (recipient && seat !== 'cancelled') {
      await deps.notifier.enqueue(
        trx,
        registrationEmail({
          to: recipient,
          event: eventForMail(event),
          status: seat,
          waitlistPosition: registration.waitlistPosition,
          eventUrl: siteUrl(deps, `/events/${event.id}`),
          cancelUrl: cancelUrlFor(deps, row),
          calendar: walkCalendarAttachment(deps, event),
          party: row.partyNames,
          // A seat's ticket (decision 040): its QR code drawn here, a few milliseconds of CPU.
          ...(seat === 'waitlisted' ? {} : { ticket: await ticketForMail(deps, row.id) }),
        }),
      );
    }
    return { kind: 'new' as const, registration };
  });

  if (outcome.kind === 'replay') return { registration: outcome.registration, replayed: true };
  return { registration: outcome.registration, replayed: false };
}

// ---------------------------------------------------------------------------------------------
// Cancelling

export type CancellingActor = { kind: 'member'; identity: Identity } | { kind: 'guest-link' };

/**
 * Which door a cancellation came through. `public`: this service's own routes (DELETE, the
 * guest's link), which refuse a registration paid at checkout, since cancelling it must refund it and
 * only payments refunds (content-and-events never calls payments, ARCHITECTURE.md section 4).
 * `refund`: payments' Cancel and refund, which cancels it here first and then refunds its payment.
 */
type CancellationDoor = 'public' | 'refund';

interface CancelInput {
  eventId: number;
  registrationId: number;
  actor: CancellingActor;
  requestId: string;
  door: CancellationDoor;
}

interface CancelOutcome {
  event: EventRow;
  cancelled: RegistrationRow;
  /** False when it was cancelled already: nothing changed. */
  changed: boolean;
  promoted: RegistrationRow[];
  /** An admin's registrant as identity names them (asked before the lock); null otherwise. */
  registrantName: string | null;
}

/** The registration was paid at checkout: its cancellation goes through payments, which refunds it. */
function paidRegistrationRefusal(row: RegistrationRow, actor: CancellingActor): DomainError {
  const route =
    actor.kind === 'guest-link'
      ? `POST /api/events/${row.eventId}/registrations/cancel-and-refund with this link's token`
      : `POST /api/events/${row.eventId}/registrations/${row.id}/cancel-and-refund`;
  return conflict(
    `This registration was paid online ($${row.amountPaid ?? '0.00'}), so cancelling it also refunds the payment: use Cancel and refund (${route}).`,
  );
}

/**
 * Cancels a registration: its owner (a member, or a guest through their signed link) or an admin.
 * A seat it held goes to the first on the waitlist, in the same transaction. Cancelling twice is
 * not an error. A paid registration is refused at the public door (see CancellationDoor).
 */
async function cancelUnderLock(deps: ContentDeps, input: CancelInput): Promise<CancelOutcome> {
  const { actor } = input;
  // An admin cancelling someone else's registration is an admin mutation: recorded with the name.
  const admin = actor.kind === 'member' && actor.identity.isAdmin ? actor.identity : null;
  const name = admin ? await registrantNameFor(deps, input.registrationId, input.requestId) : null;
  return deps.db.transaction().execute(async (trx) => {
    const event = await lockEventSeats({ db: trx }, input.eventId);
    const row = event ? await findRegistration(trx, input.registrationId) : undefined;
    if (!event || !row || row.eventId !== event.id) throw notFound('Registration not found');
    if (actor.kind === 'member' && !actor.identity.isAdmin && row.userId !== actor.identity.id) {
      // Payments' internal client reads a peer's 403 as its own credentials refused: behind the
      // refund door someone else's registration is one the caller has none of.
      if (input.door === 'refund') throw notFound('Registration not found');
      throw forbidden('You can only cancel your own registration.');
    }
    if (row.status === 'cancelled') {
      return { event, cancelled: row, changed: false, promoted: [], registrantName: name };
    }
    if (event.date <= new Date()) throw businessRule('This event has already taken place.');
    const paid = row.paymentId !== null;
    if (paid && input.door === 'public') throw paidRegistrationRefusal(row, actor);
    // The walk's policy, as it stands now: its walker (not the group) cancelling after the refund
    // deadline gives the refund up. Kept on the row, so a refund claimed later follows it.
    const deadline = refundDeadlineOf(event);
    const byGroup = admin !== null && row.userId !== admin.id;
    const refundForfeited = paid && !byGroup && deadline !== null && new Date() > deadline;
    const cancelled = await setRegistrationStatus(trx, row.id, 'cancelled', { refundForfeited });
    const promoted = await fillFreedSeats({ db: trx }, event);
    // Their e-mails are a notice queued with the change; its job looks the members up once this
    // transaction (and the event's lock) is over. A paid one's says its payment is refunded
    // (payments writes to the payer about the refund itself).
    await enqueueRegistrationNotices(deps, trx, {
      event: noticeEventOf(event),
      notices: [
        {
          kind: 'cancelled',
          registrations: [noticeRegistrationOf(cancelled)],
          ...(paid && row.amountPaid
            ? refundForfeited
              ? { forfeited: row.amountPaid }
              : { refunded: row.amountPaid }
            : {}),
        },
        { kind: 'promoted', registrations: promoted.map(noticeRegistrationOf) },
      ],
      requestId: input.requestId,
    });
    if (admin && row.userId !== admin.id) {
      const who = name ?? registrantNameOf(row, new Map());
      const seatWent = promoted.length > 0 ? ' Their seat went to the next person on the waitlist.' : '';
      await recordAudit(trx, {
        actor: admin,
        action: 'registration.cancelled',
        // A seat paid in test mode is marked, as the Activity tab marks such orders.
        target: {
          type: 'registration',
          id: row.id,
          label: paid && row.testMode ? `${who} (test mode)` : who,
        },
        summary: `Cancelled ${who}'s registration for "${event.title}".${seatWent}`,
        changes: { status: { from: shownStatus(row.status), to: 'cancelled' } },
      });
    }
    return { event, cancelled, changed: true, promoted, registrantName: name };
  });
}

/**
 * DELETE /api/events/:id/registrations/:registrationId: its owner or an admin cancels a
 * registration not paid at checkout (409 for a paid one: payments' Cancel and refund).
 */
export async function cancelRegistration(
  deps: ContentDeps,
  input: { eventId: number; registrationId: number; actor: CancellingActor; requestId: string },
): Promise<Registration> {
  const outcome = await cancelUnderLock(deps, { ...input, door: 'public' });
  return toRegistration({ ...outcome.cancelled, waitlistPosition: null });
}

// ---------------------------------------------------------------------------------------------
// A registration's party (decision 041)

const people = (count: number) => (count === 1 ? '1 person' : `${count} people`);

/**
 * PUT /api/events/:id/registrations/:registrationId/party: who else comes, set by the registration's
 * owner (or an admin) until the walk starts, under the walk's lock like every seat. Someone added
 * needs a free seat (a party with seats never splits: 409 when there are not enough); a party on
 * the waitlist just grows or shrinks, keeping its place. Someone removed frees their seat for the
 * waitlist. A party paid online keeps its number (the payment was for so many seats): the names
 * change, the number does not, so nobody is charged or refunded here.
 */
export async function updateParty(
  deps: ContentDeps,
  input: { eventId: number; registrationId: number; identity: Identity; party: string[]; requestId: string },
): Promise<Registration> {
  const { identity } = input;
  const admin = identity.isAdmin ? identity : null;
  const name = admin ? await registrantNameFor(deps, input.registrationId, input.requestId) : null;
  return deps.db.transaction().execute(async (trx) => {
    const event = await lockEventSeats({ db: trx }, input.eventId);
    const row = event ? await findRegistration(trx, input.registrationId) : undefined;
    if (!event || !row || row.eventId !== event.id || row.status === 'held') {
      throw notFound('Registration not found');
    }
    if (!admin && row.userId !== identity.id) {
      throw forbidden('You can only change your own registration.');
    }
    if (row.status === 'cancelled') throw conflict('This registration is cancelled.');
    if (event.cancelledAt) throw businessRule('This event has been cancelled.');
    if (event.date <= new Date()) {
      throw businessRule('This event has already started, so its parties can no longer change.');
    }
    const from = row.partySize;
    const to = 1 + input.party.length;
    if (row.paymentId !== null && to !== from) {
      throw conflict(
        `This registration was paid online for ${people(from)}, so its party stays at ${people(from)}: you can change the names. To come with fewer, cancel it (refunded as the walk's policy says) and book again.`,
      );
    }
    checkPartyFits(event, to);
    const seated = row.status === 'confirmed' || row.status === 'pending_payment';
    if (seated && to > from) {
      const { seatsTaken } = await seatsOf({ db: trx }, event.id);
      const free = event.capacity - seatsTaken;
      if (to - from > free) {
        throw conflict(
          free === 0
            ? `${event.title} is full, so nobody more can join your party. You can cancel and join the waitlist as a party of ${to}.`
            : `Only ${people(free)} more can join: ${event.title} has ${free === 1 ? 'one seat' : `${free} seats`} left.`,
        );
      }
    }
    const updated = await setPartyNames(trx, row.id, input.party);
    // Seats freed by those who no longer come go to the waitlist; a smaller waitlisted party may
    // now fit. The promoted are told by the notices job.
    const promoted = to < from || row.status === 'waitlisted' ? await fillFreedSeats({ db: trx }, event) : [];
    if (promoted.length > 0) {
      await enqueueRegistrationNotices(deps, trx, {
        event: noticeEventOf(event),
        notices: [{ kind: 'promoted', registrations: promoted.map(noticeRegistrationOf) }],
        requestId: input.requestId,
      });
    }
    if (admin && row.userId !== admin.id) {
      const who = name ?? registrantNameOf(row, new Map());
      await recordAudit(trx, {
        actor: admin,
        action: 'registration.party_changed',
        target: { type: 'registration', id: row.id, label: who },
        summary: `Changed ${who}'s party for "${event.title}" to ${people(to)}.`,
        changes: { partySize: { from, to } },
      });
    }
    const withPosition = await findRegistrationWithPosition(trx, updated.id);
    return toRegistration(withPosition ?? { ...updated, waitlistPosition: null });
  });
}

/** The registration a guest's signed cancellation link names, for that event (400 otherwise). */
async function registrationOfGuestLink(
  deps: ContentDeps,
  input: { eventId: number; token: string },
): Promise<number> {
  const registrationId = deps.links.verify('registration-cancel', input.token);
  if (registrationId === null) throw badRequest('This cancellation link is not valid.');
  const row = await findRegistration(deps.db, registrationId);
  if (!row || row.eventId !== input.eventId) throw badRequest('This cancellation link is not valid.');
  return registrationId;
}

/** A guest cancels with the token of their confirmation e-mail's link (409 for a paid registration). */
export async function cancelWithGuestLink(
  deps: ContentDeps,
  input: { eventId: number; token: string; requestId: string },
): Promise<Registration> {
  return cancelRegistration(deps, {
    eventId: input.eventId,
    registrationId: await registrationOfGuestLink(deps, input),
    actor: { kind: 'guest-link' },
    requestId: input.requestId,
  });
}

/**
 * POST /internal/registrations/cancel: payments' Cancel and refund cancels the registration here
 * first (the seat to the waitlist, in the same transaction), then refunds the payment this answers.
 * Who may is decided here, as for this service's own routes (the owner, an admin, a guest's link);
 * someone else's registration is a 404. Idempotent: one cancelled already (a repeated or concurrent
 * request, or a refund whose claim failed) is answered as it is, with its payment, even after the
 * walk has started, so its refund can still be claimed.
 */
export async function cancelForRefund(
  deps: ContentDeps,
  body: InternalCancelRegistrationBody,
  requestId: string,
): Promise<RegistrationCancellation> {
  const { by } = body;
  const registrationId =
    by.kind === 'member'
      ? by.registrationId
      : await registrationOfGuestLink(deps, { ...body, token: by.token });
  const actor: CancellingActor =
    by.kind === 'member' ? { kind: 'member', identity: by.identity } : { kind: 'guest-link' };
  const outcome = await cancelUnderLock(deps, {
    eventId: body.eventId,
    registrationId,
    actor,
    requestId,
    door: 'refund',
  });
  const row = outcome.cancelled;
  const registrantName =
    row.userId === null
      ? (row.guestName ?? '')
      : by.kind === 'member' && by.identity.id === row.userId
        ? by.identity.username
        : (outcome.registrantName ?? `User ${row.userId}`);
  return {
    registration: toRegistration({ ...row, waitlistPosition: null }),
    event: { id: outcome.event.id, title: outcome.event.title, date: outcome.event.date.toISOString() },
    registrantUserId: row.userId,
    registrantName,
    payment:
      row.paymentId !== null && row.amountPaid !== null
        ? {
            paymentId: row.paymentId,
            amountPaid: row.amountPaid,
            testMode: row.testMode,
            refundable: !row.refundForfeited,
          }
        : null,
    cancelledNow: outcome.changed,
    promoted: outcome.promoted.length,
  };
}

// ---------------------------------------------------------------------------------------------
// Promoting from the waitlist

/**
 * An admin gives one waitlisted registrant a seat, out of turn (the waitlist otherwise moves in
 * order by itself as seats free up). A free seat is simply taken; at a full event (the usual case,
 * as a freed seat goes to the first in line at once) the capacity goes up by one in the same
 * transaction, so nobody loses a seat: overbooking only ever happens by this explicit choice, and
 * the record says so. Decided under the event's lock like every seat, so two admins giving seats
 * at once each add their own. The registrant is told by the registration-notices job.
 */
export async function promoteFromWaitlist(
  deps: ContentDeps,
  input: { eventId: number; registrationId: number; actor: Identity; requestId: string },
): Promise<WaitlistPromotion> {
  const name = await registrantNameFor(deps, input.registrationId, input.requestId);
  return deps.db.transaction().execute(async (trx) => {
    const event = await lockEventSeats({ db: trx }, input.eventId);
    const row = event ? await findRegistration(trx, input.registrationId) : undefined;
    if (!event || !row || row.eventId !== event.id) throw notFound('Registration not found');
    if (event.cancelledAt) throw businessRule('This event has been cancelled.');
    if (event.date <= new Date()) throw businessRule('This event has already taken place.');
    if (row.status !== 'waitlisted') {
      throw conflict('Only a registration on the waitlist can be given a seat.');
    }
    // The whole party is seated (decision 041): the capacity grows by what the free seats lack.
    const { seatsTaken } = await seatsOf({ db: trx }, event.id);
    const capacity = {
      from: event.capacity,
      to: Math.max(event.capacity, seatsTaken + row.partySize),
    };
    if (capacity.to !== capacity.from) {
      await raiseCapacity({ db: trx }, { eventId: event.id, capacity: capacity.to });
    }
    const seated = await setRegistrationStatus(trx, row.id, seatStatus(event.price));
    await enqueueRegistrationNotices(deps, trx, {
      event: noticeEventOf(event),
      notices: [{ kind: 'promoted', registrations: [noticeRegistrationOf(seated)] }],
      requestId: input.requestId,
    });
    const who = name ?? registrantNameOf(row, new Map());
    const raised =
      capacity.to !== capacity.from
        ? ` The event was full, so its capacity went from ${capacity.from} to ${capacity.to}.`
        : '';
    await recordAudit(trx, {
      actor: input.actor,
      action: 'registration.promoted',
      target: { type: 'registration', id: row.id, label: who },
      summary: `Gave ${who} a seat at "${event.title}" from the waitlist.${raised}`,
      changes: {
        status: { from: 'waitlisted', to: shownStatus(seated.status) },
        ...(capacity.to !== capacity.from ? { capacity } : {}),
      },
    });
    return { ...toRegistration({ ...seated, waitlistPosition: null }), capacity };
  });
}

// ---------------------------------------------------------------------------------------------
// Lists

/**
 * What the member paid online for it, and whether cancelling it now refunds it (null: nothing
 * paid). A walk the group cancelled refunded every paid seat (payments' Cancel and refund of it).
 */
function paymentSummaryOf(
  row: RegistrationRow,
  event: Event,
  now = new Date(),
): RegistrationPaymentSummary | null {
  if (row.paymentId === null || row.amountPaid === null) return null;
  const cancelled = row.status === 'cancelled';
  const withinPolicy = event.refundDeadline === null || now <= new Date(event.refundDeadline);
  return {
    amount: row.amountPaid,
    testMode: row.testMode,
    refundable: !cancelled && !event.isCancelled && !event.isPast && withinPolicy,
    refunded: event.isCancelled ? !row.refundForfeited : cancelled && !row.refundForfeited,
  };
}

export async function listMyRegistrations(deps: ContentDeps, identity: Identity): Promise<MyRegistration[]> {
  const rows = await listUserRegistrations(deps.db, identity.id);
  const events = new Map(
    (await findEventsWithSeats(deps, [...new Set(rows.map((row) => row.eventId))])).map((event) => [
      event.id,
      toEvent(event),
    ]),
  );
  return rows.flatMap((row) => {
    const event = events.get(row.eventId);
    if (!event) return [];
    const seat = row.status === 'confirmed' || row.status === 'pending_payment';
    return [
      {
        ...toRegistration(row),
        event,
        payment: paymentSummaryOf(row, event),
        ticketPath: seat && !event.isCancelled ? ticketPath(ticketTokenFor(deps, row.id)) : null,
      },
    ];
  });
}

export async function listRegistrationsForAdmin(
  deps: ContentDeps,
  eventId: number,
  requestId: string,
): Promise<EventRegistrations> {
  const event = await findEventWithSeats(deps, eventId);
  if (!event) throw notFound('Event not found');
  const rows = await listEventRegistrations(deps.db, eventId);
  // The registrants and the leaders who checked them in: one lookup.
  const memberIds = rows.flatMap((row) => [
    ...(row.userId === null ? [] : [row.userId]),
    ...(row.checkedInById === null ? [] : [row.checkedInById]),
  ]);
  const members = memberIds.length > 0 ? await deps.members.findMany(memberIds, requestId) : new Map();
  const started = event.date <= new Date();
  const forms = await walkFormsOf(
    deps,
    rows.map((row) => row.id),
  );
  const registrations: AdminRegistration[] = rows.map((row) => {
    const member = row.userId === null ? undefined : members.get(row.userId);
    return {
      id: row.id,
      partySize: row.partySize,
      party: row.partyNames,
      status: shownStatus(row.status),
      waitlistPosition: row.status === 'waitlisted' ? (row.waitlistPosition ?? null) : null,
      name: registrantNameOf(row, members),
      email: row.userId === null ? row.guestEmail : (member?.email ?? null),
      userId: row.userId,
      isGuest: row.userId === null,
      createdAt: row.createdAt.toISOString(),
      cancelledAt: row.cancelledAt ? row.cancelledAt.toISOString() : null,
      amountPaid: row.paymentId ? row.amountPaid : null,
      testMode: row.paymentId !== null && row.testMode,
      // The waiver accepted and the emergency details: admins (and the walk's leaders) only.
      waiver: forms.get(row.id)?.waiver ?? null,
      emergency: forms.get(row.id)?.emergency ?? null,
      ...attendanceOf(row, { started, members }),
      walkIn: row.walkIn,
    };
  });
  // People, not registrations (decision 041).
  const count = (status: RegistrationStatusColumn) =>
    rows.filter((row) => row.status === status).reduce((sum, row) => sum + row.partySize, 0);
  return {
    event: toEvent(event),
    counts: {
      confirmed: count('confirmed'),
      pendingPayment: count('pending_payment'),
      waitlisted: count('waitlisted'),
      cancelled: count('cancelled'),
    },
    registrations,
  };
}

/**
 * Whether a registration's walker came (decision 040): checked in (a walk-in is one too), a
 * no-show once the walk started (a seat holder not checked in), else not known yet.
 */
export function attendanceOf(
  row: Pick<
    RegistrationRow,
    'status' | 'checkedInAt' | 'checkedInById' | 'checkedInPeople' | 'partySize' | 'walkIn'
  >,
  context: { started: boolean; members: ReadonlyMap<number, MemberContact> },
): Attendance {
  const seat = row.status === 'confirmed' || row.status === 'pending_payment';
  const by = row.checkedInById;
  return {
    attendance:
      seat && row.checkedInAt
        ? row.walkIn
          ? 'walk-in'
          : 'checked-in'
        : seat && context.started
          ? 'no-show'
          : null,
    checkedInAt: seat && row.checkedInAt ? row.checkedInAt.toISOString() : null,
    checkedInBy:
      seat && row.checkedInAt && by !== null ? (context.members.get(by)?.username ?? `User ${by}`) : null,
    checkedInPeople: seat && row.checkedInAt ? checkedInPeopleOf(row) : 0,
  };
}

/** How many of a checked-in party came: all, unless a leader said fewer (CHECKED_IN_PEOPLE in SQL). */
export function checkedInPeopleOf(row: Pick<RegistrationRow, 'checkedInPeople' | 'partySize'>): number {
  return Math.min(row.checkedInPeople ?? row.partySize, row.partySize);
}

export const registrationsCsvHeader = [
  'Registration ID',
  'Status',
  'Waitlist position',
  'Name',
  'Party size',
  'Others in the party',
  'Email',
  'Member ID',
  'Guest',
  'Registered at',
  'Cancelled at',
  'Paid',
  'Test mode',
  'Waiver version',
  'Waiver signed as',
  'Waiver signed at',
  'Emergency contact',
  'Emergency phone',
  'Note for the leader',
  'Attendance',
  'People checked in',
  'Checked in at',
  'Checked in by',
  'Walk-in',
] as const;

export function registrationsCsv(list: EventRegistrations): string {
  return toCsv(
    registrationsCsvHeader,
    list.registrations.map((r) => [
      r.id,
      r.status,
      r.waitlistPosition,
      r.name,
      r.partySize,
      r.party.join('; '),
      r.email,
      r.userId,
      r.isGuest ? 'yes' : 'no',
      r.createdAt,
      r.cancelledAt,
      r.amountPaid,
      // Paid through the sandbox: no real money (left out of the walks' revenue).
      r.testMode ? 'yes' : 'no',
      r.waiver?.version ?? null,
      r.waiver?.signedName ?? null,
      r.waiver?.signedAt ?? null,
      r.emergency?.contactName ?? null,
      r.emergency?.contactPhone ?? null,
      r.emergency?.leaderNote ?? null,
      // Known once the walk started (decision 040): checked-in, walk-in or no-show.
      r.attendance,
      r.attendance === null ? null : r.checkedInPeople,
      r.checkedInAt,
      r.checkedInBy,
      r.walkIn ? 'yes' : 'no',
    ]),
  );
}

/**
 * GET /api/admin/events/stats: the paid walks' side of the overview, all time and per valley day,
 * seats paid in test mode counted apart.
 */
export async function walkStats(deps: Pick<ContentDeps, 'db'>, days: number): Promise<WalkStats> {
  const [totals, perDay] = await Promise.all([paidSeatTotals(deps.db), paidSeatsPerDay(deps.db, days)]);
  return {
    paidRegistrations: totals.paidRegistrations,
    revenue: totals.revenue,
    days,
    perDay,
    testMode: { count: totals.testModeRegistrations, revenue: totals.testModeRevenue },
  };
}

/**
 * Cancels a registration of a member whose account is being erased (issue 23), in the caller's
 * transaction: the same cancellation as the owner's (the event locked, the seat to the first on the
 * waitlist, whom a notice tells), but the erased member is told nothing (their address is going)
 * and a paid seat is not refunded here (refunds go through payments, and the member can ask for one
 * before deleting the account; the amount paid stays on the row for the books). Only a walk still
 * to come is cancelled: a past one is history. Answers whether it was cancelled now.
 */
export async function cancelForErasure(
  deps: Pick<ContentDeps, 'jobs'> & InTransaction,
  input: { registrationId: number; requestId?: string },
): Promise<boolean> {
  const trx = deps.db;
  const found = await findRegistration(trx, input.registrationId);
  if (!found || found.status === 'cancelled') return false;
  const event = await lockEventSeats({ db: trx }, found.eventId);
  const row = event ? await findRegistration(trx, input.registrationId) : undefined;
  if (!event || !row || row.status === 'cancelled' || event.date <= new Date()) return false;
  await setRegistrationStatus(trx, row.id, 'cancelled');
  const promoted = await fillFreedSeats({ db: trx }, event);
  await enqueueRegistrationNotices(deps, trx, {
    event: noticeEventOf(event),
    notices: [{ kind: 'promoted', registrations: promoted.map(noticeRegistrationOf) }],
    ...(input.requestId ? { requestId: input.requestId } : {}),
  });
  return true;
}

// ---------------------------------------------------------------------------------------------
// Attendance (decision 040): the check-in module decides, under the walk's lock; these write it.

/** Records whether a registration's walker is checked in (null: not), in the caller's transaction. */
export async function recordAttendance(
  deps: InTransaction,
  registrationId: number,
  attendance: CheckedIn | null,
): Promise<void> {
  await setAttendance(deps.db, registrationId, attendance);
}

/**
 * Someone who turned up without a seat, registered on the spot (under the walk's lock, the
 * caller's transaction): a seat whatever the capacity, marked as a walk-in, nobody e-mailed (they
 * are standing there). A guest already registered with this e-mail is that registration (given a
 * seat if they had none).
 */
export async function addWalkIn(
  deps: InTransaction,
  input: { event: EventRow; name: string; email: string | null; phone: string | null },
): Promise<RegistrationRow> {
  const status = seatStatus(input.event.price);
  if (input.email) {
    const existing = await findRegistrantRegistration(deps.db, input.event.id, {
      kind: 'guest',
      name: input.name,
      email: input.email,
    });
    if (existing) {
      return existing.status === 'confirmed' || existing.status === 'pending_payment'
        ? existing
        : seatAsWalkIn(deps.db, existing.id, status);
    }
  }
  return insertWalkIn(deps.db, {
    eventId: input.event.id,
    status,
    name: input.name,
    email: input.email,
    phone: input.phone,
  });
}

/** Per walk: its seat holders and how many are checked in. */
export async function attendanceCountsOf(
  deps: Pick<ContentDeps, 'db'>,
  eventIds: readonly number[],
): Promise<Map<number, { expected: number; checkedIn: number }>> {
  return attendanceCounts(deps.db, eventIds);
}
