import { randomUUID } from 'node:crypto';
import type { EventQuote, EventQuoteBody } from '@jesus-walks/contracts/events';
import type { FulfilBody, Fulfilment } from '@jesus-walks/contracts/payable';
import { addressLimitKey } from '@jesus-walks/service-kit/client-address';
import { businessRule, conflict, DomainError, notFound } from '@jesus-walks/service-kit/errors';
import type { Transaction } from 'kysely';
import type { ContentAndEventsDatabase } from '../../db/database';
import type { ContentDeps } from '../../deps';
import type { Env } from '../../env';
import { walkCalendarAttachment } from '../calendar/calendar.service';
import { type EventRow, lockEventSeats, seatsOf } from '../events/event-seats.service';
import type { Registrant } from '../registrations/registrant';
import {
  enqueueRegistrationNotices,
  noticeEventOf,
  noticeRegistrationOf,
} from '../registrations/registration-notices';
import {
  checkPartyFits,
  fillFreedSeats,
  findRegistrationById,
  findRegistrationOf,
  isLapsedHold,
  type RegistrationRow,
  shownStatus,
} from '../registrations/registrations.service';
import { checkWalkForms, recordWalkForms, walkFormsOfQuote } from '../waivers/waivers.service';
import {
  confirmPaidSeat,
  dropHold,
  type EventQuoteRow,
  eventsWithLapsedHolds,
  findEventQuote,
  holdSeat,
  insertEventQuote,
  insertHeldRegistration,
  lapsedHolds,
  lockEventQuote,
  lockHolder,
  lockPaymentId,
  markQuoteReleased,
  recordQuoteOutcome,
  releaseQuotesOfRegistrations,
  seatsHeldBy,
} from './event-quotes.repository';

type Trx = Transaction<ContentAndEventsDatabase>;

/** How long a checkout holds a seat, and how many seats one client may hold at once (env). */
export interface SeatHoldLimits {
  minutes: number;
  /** Seats of one walk in the client's open checkouts. */
  perEvent: number;
  /** Seats over all walks. */
  perClient: number;
}

export function seatHoldLimitsOf(env: Env): SeatHoldLimits {
  return {
    minutes: env.SEAT_HOLD_MINUTES,
    perEvent: env.SEAT_HOLDS_PER_EVENT_PER_CLIENT,
    perClient: env.SEAT_HOLDS_PER_CLIENT,
  };
}

/**
 * Refuses `wanted` more seats when the client would hold more than its share (429): of this walk, or of
 * all of them. A family pays for its party in one checkout; one visitor cannot hold a walk's seats
 * against everyone.
 */
function checkSeatShare(
  held: ReadonlyMap<number, number>,
  event: EventRow,
  limits: SeatHoldLimits,
  wanted: number,
): void {
  const seats = (count: number) => (count === 1 ? 'a seat' : `${count} seats`);
  const wait = (count: number) =>
    count === 1
      ? `Pay for it (or wait up to ${limits.minutes} minutes for it to lapse) before holding another.`
      : `Pay for those (or wait up to ${limits.minutes} minutes for them to lapse) before holding another.`;
  const ofEvent = held.get(event.id) ?? 0;
  if (ofEvent + wanted > limits.perEvent) {
    throw new DomainError(
      'rate_limited',
      `You already hold ${seats(ofEvent)} of ${event.title} in open checkouts, the most one person can hold at once. ${wait(ofEvent)}`,
    );
  }
  const total = [...held.values()].reduce((sum, count) => sum + count, 0);
  if (total + wanted > limits.perClient) {
    throw new DomainError(
      'rate_limited',
      `You already hold ${seats(total)} in open checkouts, the most one person can hold at once. ${wait(total)}`,
    );
  }
}

function registrantOf(buyer: EventQuoteBody['buyer']): Registrant {
  if ('userId' in buyer) return { kind: 'member', userId: buyer.userId };
  return { kind: 'guest', name: buyer.name, email: buyer.email.toLowerCase() };
}

const money = (dollars: number) => `${dollars}.00`;

function toQuote(quote: EventQuoteRow): EventQuote {
  return {
    quoteId: quote.id,
    currency: 'USD',
    items: [
      {
        productId: quote.eventId,
        name: quote.title,
        // A seat per person of the party (decision 041), at the walk's price.
        quantity: quote.seats,
        unitPrice: (Number(quote.total) / quote.seats).toFixed(2),
        lineTotal: quote.total,
      },
    ],
    subtotal: quote.total,
    shipping: '0.00',
    total: quote.total,
    shippingMethod: null,
    expiresAt: quote.expiresAt.toISOString(),
    eventId: quote.eventId,
    registrationId: quote.registrationId,
  };
}

/**
 * Gives up a hold and lets the waitlist have the seat; the promoted are told by the notices job.
 * Runs under the event's lock.
 */
async function freeHeldSeats(
  deps: Pick<ContentDeps, 'jobs'>,
  trx: Trx,
  event: EventRow,
  rows: RegistrationRow[],
  requestId?: string,
) {
  for (const row of rows) await dropHold(trx, row.id);
  await releaseQuotesOfRegistrations(
    trx,
    rows.map((row) => row.id),
  );
  const promoted = await fillFreedSeats({ db: trx }, event);
  if (promoted.length > 0) {
    await enqueueRegistrationNotices(deps, trx, {
      event: noticeEventOf(event),
      notices: [{ kind: 'promoted', registrations: promoted.map(noticeRegistrationOf) }],
      ...(requestId ? { requestId } : {}),
    });
  }
}

/**
 * POST /internal/event-quotes: a seat of a paid event held for its payer for a few minutes
 * (SEAT_HOLD_MINUTES). Decided under the event's row lock like every seat: an active hold counts as
 * a seat taken, so a full event answers 409 before anything is charged. The client whose checkout
 * it is may hold only so many seats at once (429 beyond, see checkSeatShare).
 */
export async function quoteSeat(
  deps: ContentDeps,
  body: EventQuoteBody,
  requestId?: string,
): Promise<EventQuote> {
  const registrant = registrantOf(body.buyer);
  const quoteId = randomUUID();
  return deps.db.transaction().execute(async (trx) => {
    const event = await lockEventSeats({ db: trx }, body.eventId);
    if (!event) throw notFound('Event not found');
    if (event.cancelledAt) throw businessRule('This event has been cancelled, so registration is closed.');
    const now = new Date();
    if (event.date <= now)
      throw businessRule('This event has already taken place, so registration is closed.');
    if (event.price <= 0)
      throw businessRule('This event is free: register from its page, no payment needed.');

    if (body.replacesQuoteId) {
      const replaced = await lockEventQuote(trx, body.replacesQuoteId);
      if (replaced && replaced.eventId === event.id && (await markQuoteReleased(trx, replaced.id))) {
        const row = await findRegistrationById({ db: trx }, replaced.registrationId);
        // Someone else's hold (the checkout changed hands) is given up; the payer's own is taken over below.
        if (row?.status === 'held' && row.heldByQuoteId === replaced.id) {
          const own = await findRegistrationOf({ db: trx }, { eventId: event.id, registrant });
          if (own?.id !== row.id) await freeHeldSeats(deps, trx, event, [row], requestId);
        }
      }
    }

    const existing = await findRegistrationOf({ db: trx }, { eventId: event.id, registrant });
    if (existing && (existing.status === 'confirmed' || existing.status === 'pending_payment')) {
      throw conflict(
        registrant.kind === 'member'
          ? 'You are already registered for this event.'
          : 'This e-mail address is already registered for this event.',
      );
    }
    if (existing?.status === 'waitlisted') {
      throw conflict('You are on the waitlist for this event: we will e-mail you when a seat opens up.');
    }
    // The waiver and the emergency contact from the checkout form (decision 038), checked before
    // the seat is held and recorded on the held registration, in this transaction.
    const forms = await checkWalkForms({ db: trx }, event, walkFormsOfQuote(body));
    // A seat for each of the party, all held together or none (decision 041).
    const seats = 1 + body.party.length;
    checkPartyFits(event, seats);
    const holdsOwnSeat = existing?.status === 'held' && !isLapsedHold(existing, now);
    const { seatsTaken } = await seatsOf({ db: trx }, event.id);
    const free = event.capacity - seatsTaken + (holdsOwnSeat && existing ? existing.partySize : 0);
    if (seats > free) {
      throw conflict(
        free <= 0
          ? `Sorry, ${event.title} is full: every seat is taken or held for someone paying.`
          : `Sorry, ${event.title} has only ${free === 1 ? 'one seat' : `${free} seats`} left, not enough for a party of ${seats}.`,
      );
    }
    if (holdsOwnSeat && existing) {
      // The payer's earlier checkout: its quote no longer holds the seat (paying it is refunded).
      await releaseQuotesOfRegistrations(trx, [existing.id]);
    }
    // The client's seats held elsewhere, counted under its lock (the payer's own hold is taken over).
    const holder = { address: addressLimitKey(body.holder.address), userId: body.holder.userId };
    await lockHolder(trx, holder);
    const held = await seatsHeldBy(
      trx,
      holder,
      now,
      holdsOwnSeat && existing ? { exceptRegistrationId: existing.id } : {},
    );
    checkSeatShare(held, event, deps.seatHolds, seats);
    const heldUntil = new Date(now.getTime() + deps.seatHolds.minutes * 60 * 1000);
    const guestName = registrant.kind === 'guest' ? registrant.name : null;
    const row = existing
      ? await holdSeat(trx, existing.id, { quoteId, heldUntil, guestName, partyNames: body.party })
      : await insertHeldRegistration(trx, event.id, registrant, {
          quoteId,
          heldUntil,
          partyNames: body.party,
        });
    await recordWalkForms({ db: trx }, row.id, forms);
    const quote = await insertEventQuote(trx, {
      id: quoteId,
      eventId: event.id,
      registrationId: row.id,
      title: event.title,
      total: money(event.price * seats),
      seats,
      expiresAt: heldUntil,
      holderAddress: holder.address,
      holderUserId: holder.userId,
    });
    return toQuote(quote);
  });
}

function fulfilment(
  quote: EventQuoteRow,
  outcome: Fulfilment['outcome'],
  status: RegistrationRow['status'],
  reason: string | null,
): Fulfilment {
  return {
    outcome,
    recordId: quote.registrationId,
    status: shownStatus(status),
    total: quote.total,
    reason,
  };
}

/** Why a paid seat cannot be given, or null when it can (under the event's lock). */
async function refusal(
  trx: Trx,
  event: EventRow,
  quote: EventQuoteRow,
  registration: RegistrationRow,
  paymentId: string,
  now: Date,
): Promise<string | null> {
  if (registration.paymentId !== null && registration.paymentId !== paymentId) {
    return 'The seat was already paid by another payment';
  }
  // A later checkout of the same payer changed the party: this payment is for another number.
  if (registration.partySize !== quote.seats) {
    return 'The party changed after this payment was started: the later checkout pays for it';
  }
  if (registration.status === 'confirmed' || registration.status === 'pending_payment') return null;
  // The payer's hold (this quote's, or a later checkout's of the same payer) is still theirs.
  if (registration.status === 'held' && !isLapsedHold(registration, now)) return null;
  if (event.cancelledAt) return 'The event was cancelled';
  if (event.date <= now) return 'The event has already taken place';
  const { seatsTaken } = await seatsOf({ db: trx }, event.id);
  if (seatsTaken + quote.seats > event.capacity) {
    return quote.releasedAt
      ? 'The seat held for you was released and the event is now full'
      : 'The seat held for you lapsed and the event is now full';
  }
  return null;
}

/**
 * POST /internal/event-quotes/:quoteId/fulfil, once payments saw the payment succeed for exactly the
 * quote's total: the registration is confirmed and its confirmation (the receipt, with the amount
 * paid) queued in the same transaction. Idempotent on the payment id: the outcome is stored on the
 * quote, and a repeated call answers it. A hold that lapsed still gets its seat when one is free;
 * otherwise the answer is unfulfillable and payments refunds.
 */
export async function fulfilSeat(
  deps: ContentDeps,
  quoteId: string,
  body: FulfilBody,
  requestId?: string,
): Promise<Fulfilment> {
  const known = await findEventQuote(deps.db, quoteId);
  if (!known) throw notFound('No such quote');

  return deps.db.transaction().execute(async (trx) => {
    await lockPaymentId(trx, body.paymentId);
    const event = await lockEventSeats({ db: trx }, known.eventId);
    const quote = await lockEventQuote(trx, quoteId);
    if (!event || !quote) throw notFound('No such quote');
    if (quote.paymentId === body.paymentId && quote.outcome && quote.outcomeStatus) {
      return fulfilment(quote, quote.outcome, quote.outcomeStatus, quote.reason);
    }
    if (quote.paymentId !== null) {
      return fulfilment(quote, 'unfulfillable', 'cancelled', 'This seat was already paid by another payment');
    }
    if (body.amountPaid !== quote.total) {
      throw businessRule(`The amount paid ($${body.amountPaid}) is not the quote's total ($${quote.total})`);
    }
    const registration = await findRegistrationById({ db: trx }, quote.registrationId);
    if (!registration) throw notFound('No such registration');
    const now = new Date();
    const reason = await refusal(trx, event, quote, registration, body.paymentId, now);
    if (reason) {
      const heldByThis = registration.status === 'held' && registration.heldByQuoteId === quote.id;
      if (heldByThis) await dropHold(trx, registration.id);
      const status = heldByThis ? 'cancelled' : registration.status;
      await recordQuoteOutcome(trx, quote.id, {
        paymentId: body.paymentId,
        outcome: 'unfulfillable',
        outcomeStatus: status,
        reason,
      });
      return fulfilment(quote, 'unfulfillable', status, reason);
    }
    await recordQuoteOutcome(trx, quote.id, {
      paymentId: body.paymentId,
      outcome: 'fulfilled',
      outcomeStatus: 'confirmed',
      reason: null,
    });
    const confirmed = await confirmPaidSeat(trx, registration.id, {
      paymentId: body.paymentId,
      amountPaid: body.amountPaid,
      testMode: body.testMode,
    });
    // Another checkout of the same payer no longer holds anything.
    await releaseQuotesOfRegistrations(trx, [confirmed.id]);
    // The receipt is a registration notice: a member's address is asked of identity by its job,
    // never here, where the money is (a slow identity would hold the payment's finalisation).
    const contact =
      confirmed.userId !== null && body.buyer.email
        ? { name: body.buyer.fullName ?? 'friend', email: body.buyer.email }
        : null;
    const told = await enqueueRegistrationNotices(deps, trx, {
      event: noticeEventOf(event),
      notices: [
        {
          kind: 'paid',
          registrations: [noticeRegistrationOf(confirmed)],
          amountPaid: body.amountPaid,
          contact,
        },
      ],
      calendar: walkCalendarAttachment(deps, event),
      ...(requestId ? { requestId } : {}),
    });
    if (told === 0) {
      deps.logger.warn({ registrationId: confirmed.id }, 'a paid registration has no address to confirm to');
    }
    return fulfilment(quote, 'fulfilled', confirmed.status, null);
  });
}

/** POST /internal/event-quotes/:quoteId/release: the held seat goes back (to the waitlist first). */
export async function releaseSeat(
  deps: ContentDeps,
  quoteId: string,
  requestId?: string,
): Promise<{ released: boolean }> {
  const known = await findEventQuote(deps.db, quoteId);
  if (!known) return { released: false };
  const released = await deps.db.transaction().execute(async (trx) => {
    const event = await lockEventSeats({ db: trx }, known.eventId);
    if (!event || !(await markQuoteReleased(trx, quoteId))) return false;
    const registration = await findRegistrationById({ db: trx }, known.registrationId);
    if (registration?.status === 'held' && registration.heldByQuoteId === quoteId) {
      await freeHeldSeats(deps, trx, event, [registration], requestId);
    }
    return true;
  });
  return { released };
}

/**
 * The scheduled release of holds that lapsed (they stopped counting the moment they lapsed; this
 * cancels them, marks their quotes released and gives the seats to the waitlist).
 */
export async function releaseLapsedHolds(
  deps: Pick<ContentDeps, 'db' | 'jobs'>,
  now = new Date(),
): Promise<number> {
  let released = 0;
  for (const eventId of await eventsWithLapsedHolds(deps.db, now)) {
    released += await deps.db.transaction().execute(async (trx) => {
      const event = await lockEventSeats({ db: trx }, eventId);
      if (!event) return 0;
      const rows = await lapsedHolds(trx, eventId, now);
      if (rows.length > 0) await freeHeldSeats(deps, trx, event, rows);
      return rows.length;
    });
  }
  return released;
}
