import type { Identity } from '@jesus-walks/contracts/common';
import type {
  EventCancellation,
  PaidSeat,
  RegistrationCancellation,
  RegistrationCanceller,
} from '@jesus-walks/contracts/events';
import { fromCents, toCents } from '@jesus-walks/contracts/money';
import type {
  EventCancelAndRefundResult,
  RegistrationCancelAndRefundResult,
  RegistrationPayment,
} from '@jesus-walks/contracts/payments';
import { DomainError, upstreamUnavailable } from '@jesus-walks/service-kit/errors';
import type { PaymentsDeps } from '../../deps';
import { claimSaleRefund, finalisePayment, refundsManually } from '../finalisation/finalisation.service';
import { getPayment, type PaymentRow } from '../payments/payments.service';
import { isTestModePayment } from '../providers/test-mode';
import {
  type Asker,
  type RegistrationRefund,
  type RegistrationWording,
  registrationAuditLabel,
  registrationCancelledMessage,
  registrationNotRefundedMessage,
  registrationRefundAlreadyMessage,
  registrationRefundAuditSummary,
  registrationRefundEmail,
  registrationRefundRequestedMessage,
  walkCancelledMessage,
} from './registration-payment-emails';

/** The refund reason when the caller gives none: an admin's is the order's default. */
const GROUP_REASON = 'Cancelled by the group';
const REGISTRANT_REASON = 'Cancelled by the registrant';

export interface CancelRegistrationInput {
  eventId: number;
  /** The member (owner or admin) and the registration, or a guest's signed link. */
  by: RegistrationCanceller;
  /** The caller's words (an admin's reason), if any. */
  reason?: string | undefined;
  requestId?: string | undefined;
}

function refundOf(deps: PaymentsDeps, row: PaymentRow): RegistrationRefund {
  return {
    amount: row.amount,
    provider: row.provider,
    manual: refundsManually(row),
    testMode: isTestModePayment(deps.providers, row),
  };
}

function toRegistrationPayment(deps: PaymentsDeps, row: PaymentRow): RegistrationPayment {
  return {
    paymentId: row.id,
    paymentMethod: row.paymentMethod,
    provider: row.provider,
    amount: row.amount,
    status: row.status,
    refundStatus: row.refundStatus,
    refundReason: row.refundReason,
    testMode: isTestModePayment(deps.providers, row),
  };
}

function askerOf(by: RegistrationCanceller, cancellation: RegistrationCancellation): Asker {
  if (by.kind === 'guest-link') return 'guest';
  return by.identity.isAdmin && cancellation.registrantUserId !== by.identity.id ? 'admin' : 'registrant';
}

/**
 * Cancel and refund of a registration (issue 23), the way an order's is (order-payments): the
 * seller cancels first, outside any transaction, then the payment's refund is claimed once.
 *
 * 1. content-and-events' internal cancel (the events seller's cancel) decides who may (the owner,
 *    an admin, a guest's signed link; someone else's is a 404), refuses once the walk has started
 *    (422), cancels under the event's lock and gives the seat to the waitlist, and answers the
 *    payment that paid the seat. A registration cancelled already is answered as it is, so
 *    concurrent and repeated requests may all ask, and a cancellation whose claim failed is
 *    claimed by the next request.
 * 2. Nothing paid online: cancelled, nothing to refund.
 * 3. Paid: finalisation's claimSaleRefund claims the refund with a conditional update, records the
 *    activity, and queues the refund job (the processor's call with the payment's idempotency key;
 *    the sandbox for a test-mode payment; a crypto payment is recorded for a person) and the
 *    payer's e-mail, in one transaction. Of concurrent requests exactly one claims; the others
 *    answer the refund as it stands. Refunded in full, unless its walker cancelled it after the
 *    walk's refund deadline (content-and-events decides and keeps that as it cancels): then the
 *    payment is kept and nothing is claimed.
 *
 * content-and-events never calls payments (ARCHITECTURE.md section 4), so this is the only way a
 * paid registration is cancelled: its own routes refuse one (409).
 */
export async function cancelRegistrationAndRefund(
  deps: PaymentsDeps,
  input: CancelRegistrationInput,
): Promise<RegistrationCancelAndRefundResult> {
  const cancellation = await cancelAtEvents(deps, input);
  const asker = askerOf(input.by, cancellation);
  const wording: RegistrationWording = {
    asker,
    title: cancellation.event.title,
    registrant: cancellation.registrantName,
    promoted: cancellation.promoted,
  };
  const answer = {
    registrationId: cancellation.registration.id,
    eventId: cancellation.event.id,
    registrationStatus: 'cancelled' as const,
  };
  if (!cancellation.payment) {
    return { ...answer, payment: null, message: registrationCancelledMessage(wording) };
  }
  if (!cancellation.payment.refundable) {
    // The walk's policy: its walker cancelled after the refund deadline. Nothing is claimed.
    const kept = await paymentOfSeat(
      deps,
      { paymentId: cancellation.payment.paymentId, registrationId: cancellation.registration.id },
      input.requestId,
    );
    return {
      ...answer,
      payment: toRegistrationPayment(deps, kept),
      message: registrationNotRefundedMessage(wording, cancellation.payment.amountPaid),
    };
  }

  const payment = await paymentOfSeat(
    deps,
    { paymentId: cancellation.payment.paymentId, registrationId: cancellation.registration.id },
    input.requestId,
  );
  const reason = input.reason ?? (asker === 'admin' ? GROUP_REASON : REGISTRANT_REASON);
  const claimed =
    payment.refundStatus === null
      ? await claimSaleRefund(deps, {
          payment,
          reason,
          actor:
            input.by.kind === 'member'
              ? { id: input.by.identity.id, username: input.by.identity.username }
              : null,
          describe: (row, refund) => ({
            label: registrationAuditLabel(answer.registrationId, wording.title, refund.testMode),
            summary: registrationRefundAuditSummary(wording, refundOf(deps, row)),
            email: row.customerEmail
              ? registrationRefundEmail({
                  to: row.customerEmail,
                  name: row.customerName,
                  wording,
                  refund: refundOf(deps, row),
                  reason: asker === 'admin' ? reason : null,
                })
              : null,
          }),
        })
      : null;
  if (claimed) {
    return {
      ...answer,
      payment: toRegistrationPayment(deps, claimed),
      message: registrationRefundRequestedMessage(wording, refundOf(deps, claimed)),
    };
  }
  // Claimed by someone else meanwhile, or earlier, or refunded elsewhere: the refund as it stands.
  const current = (await getPayment(deps, payment.id)) ?? payment;
  return {
    ...answer,
    payment: toRegistrationPayment(deps, current),
    message: current.refundStatus
      ? registrationRefundAlreadyMessage(wording, refundOf(deps, current), current.refundStatus)
      : registrationRefundRequestedMessage(wording, refundOf(deps, current)),
  };
}

/**
 * The events seller's cancel. Its 400 (a link that is not valid), 404 (not the caller's, or no such
 * registration) and 422 (the walk has started) reach the caller with its words; anything else is
 * content-and-events unreachable or misbehaving: 503, details in the log only.
 */
async function cancelAtEvents(
  deps: PaymentsDeps,
  input: CancelRegistrationInput,
): Promise<RegistrationCancellation> {
  try {
    return await deps.sellers.events.cancel({ eventId: input.eventId, by: input.by }, input.requestId);
  } catch (error) {
    if (
      error instanceof DomainError &&
      ['bad_request', 'validation_failed', 'not_found', 'business_rule', 'conflict'].includes(error.code)
    ) {
      throw error;
    }
    deps.logger.warn(
      { err: error, eventId: input.eventId },
      'content-and-events could not cancel a registration for its refund',
    );
    throw upstreamUnavailable('The registration could not be cancelled right now. Please try again.');
  }
}

/**
 * The payment content-and-events says paid the seat, as payments keeps it. A payment the seller
 * confirmed is one the processor said succeeded; should its finalisation not have been recorded
 * here yet (its job still to run), it is finalised now (idempotent), so its refund can be claimed.
 */
async function paymentOfSeat(
  deps: PaymentsDeps,
  seat: { paymentId: string; registrationId: number },
  requestId: string | undefined,
): Promise<PaymentRow> {
  const { paymentId, registrationId } = seat;
  let payment = await getPayment(deps, paymentId);
  // Its registration is recorded once finalised (null until then); a seat's payment, never an order's.
  const forThisSeat = payment?.seller === 'events' && [null, registrationId].includes(payment.registrationId);
  if (!payment || !forThisSeat) {
    deps.logger.error(
      {
        paymentId,
        registrationId,
        found: payment ? { seller: payment.seller, registrationId: payment.registrationId } : null,
      },
      'a paid registration names a payment payments does not hold for it',
    );
    throw new Error(
      `Registration ${registrationId} names payment ${paymentId}, which is not its payment here`,
    );
  }
  if (payment.status === 'pending') {
    await finalisePayment(deps, { paymentId, requestId });
    payment = (await getPayment(deps, paymentId)) ?? payment;
  }
  if (payment.status !== 'succeeded' && payment.status !== 'refunded') {
    throw upstreamUnavailable('Your payment is still being completed. Please try again in a minute.');
  }
  return payment;
}

export interface CancelEventInput {
  eventId: number;
  /** The admin who cancels the walk. */
  actor: Identity;
  reason?: string | undefined;
  requestId?: string | undefined;
}

/** The refund reason of a walk cancelled as a whole, when the admin gives none. */
const WALK_CANCELLED_REASON = 'The walk was cancelled';

/**
 * A cancelled walk's refunds that could not all be claimed at once (a payment still being completed,
 * the database gone for a moment): the whole Cancel and refund again, idempotent, retried with
 * backoff for about a day. One queued per walk at a time.
 */
export const WALK_REFUNDS_QUEUE = 'walk-refunds';
export type WalkRefundsJob = CancelEventInput;

interface WalkRefundClaims {
  requested: number;
  already: number;
  amountCents: number;
  failed: PaidSeat[];
}

/**
 * Cancel and refund of a whole walk (an admin's), the way a registration's is: the seller first,
 * outside any transaction, then each seat's refund claimed once.
 *
 * 1. content-and-events' internal cancel deletes a walk nobody registered for, or cancels it and
 *    queues the e-mail to every registrant and waitlisted person (a seat paid online is told it is
 *    refunded), and answers the seats paid online. A walk cancelled already answers them again.
 * 2. Each seat's refund is claimed as a registration's is (claimSaleRefund: a conditional update,
 *    the activity record, the refund job and the payer's e-mail with how the money comes back, in
 *    one transaction), so a seat refunded already, by this or by its own Cancel and refund, is
 *    left as it is. A seat that cannot be claimed now does not stop the others: the walk's refunds
 *    job (WALK_REFUNDS_QUEUE) asks again until every one is claimed, and the admin is told so.
 */
export async function cancelEventAndRefund(
  deps: PaymentsDeps,
  input: CancelEventInput,
): Promise<EventCancelAndRefundResult> {
  const cancellation = await cancelWalkAtEvents(deps, input);
  const claims = await claimWalkRefunds(deps, cancellation, input);
  if (claims.failed.length > 0) {
    await deps.jobs.enqueue(deps.db, WALK_REFUNDS_QUEUE, input satisfies WalkRefundsJob, {
      singletonKey: `walk:${input.eventId}`,
    });
  }
  const refunds = {
    requested: claims.requested,
    already: claims.already,
    retrying: claims.failed.length,
    amount: fromCents(claims.amountCents),
  };
  return {
    eventId: cancellation.event.id,
    outcome: cancellation.outcome,
    notified: cancellation.notified,
    refunds,
    message: walkCancelledMessage(cancellation, refunds),
  };
}

/** The walk refunds job: Cancel and refund again; a seat still not claimed fails it, to be retried. */
export async function retryWalkRefunds(
  deps: PaymentsDeps,
  job: WalkRefundsJob,
): Promise<{ requested: number; already: number }> {
  const claims = await claimWalkRefunds(deps, await cancelWalkAtEvents(deps, job), job);
  if (claims.failed.length > 0) {
    throw new Error(`${claims.failed.length} refund(s) of walk ${job.eventId} could not be claimed yet`);
  }
  return { requested: claims.requested, already: claims.already };
}

/** Claims each paid seat's refund, one after the other; one that fails is logged and counted. */
async function claimWalkRefunds(
  deps: PaymentsDeps,
  cancellation: EventCancellation,
  input: CancelEventInput,
): Promise<WalkRefundClaims> {
  const reason = input.reason ?? WALK_CANCELLED_REASON;
  const claims: WalkRefundClaims = { requested: 0, already: 0, amountCents: 0, failed: [] };
  for (const seat of cancellation.paidSeats) {
    try {
      const claimed = await claimSeatRefund(deps, { seat, title: cancellation.event.title, reason, input });
      if (claimed) {
        claims.requested += 1;
        claims.amountCents += toCents(claimed.amount);
      } else {
        claims.already += 1;
      }
    } catch (error) {
      deps.logger.error(
        {
          err: error,
          eventId: input.eventId,
          registrationId: seat.registrationId,
          paymentId: seat.paymentId,
        },
        "a cancelled walk's seat could not have its refund claimed: the walk refunds job asks again",
      );
      claims.failed.push(seat);
    }
  }
  return claims;
}

/** The seat's refund claimed now (its payment as claimed), or null when it was claimed before. */
async function claimSeatRefund(
  deps: PaymentsDeps,
  details: { seat: PaidSeat; title: string; reason: string; input: CancelEventInput },
): Promise<PaymentRow | null> {
  const { seat, input } = details;
  const payment = await paymentOfSeat(deps, seat, input.requestId);
  if (payment.refundStatus !== null) return null;
  const wording: RegistrationWording = {
    asker: 'admin',
    title: details.title,
    registrant: seat.registrant,
    promoted: 0,
  };
  return claimSaleRefund(deps, {
    payment,
    reason: details.reason,
    actor: { id: input.actor.id, username: input.actor.username },
    describe: (row, refund) => ({
      label: registrationAuditLabel(seat.registrationId, details.title, refund.testMode),
      summary: registrationRefundAuditSummary(wording, refundOf(deps, row)),
      email: row.customerEmail
        ? registrationRefundEmail({
            to: row.customerEmail,
            name: row.customerName,
            wording,
            refund: refundOf(deps, row),
            reason: details.reason,
          })
        : null,
    }),
  });
}

/** The events seller's walk cancel: its 404 reaches the admin; anything else is a 503 (details logged). */
async function cancelWalkAtEvents(deps: PaymentsDeps, input: CancelEventInput): Promise<EventCancellation> {
  try {
    return await deps.sellers.events.cancelEvent(input.eventId, input.actor, input.requestId);
  } catch (error) {
    if (
      error instanceof DomainError &&
      ['not_found', 'validation_failed', 'bad_request'].includes(error.code)
    ) {
      throw error;
    }
    deps.logger.warn(
      { err: error, eventId: input.eventId },
      'content-and-events could not cancel a walk for its refunds',
    );
    throw upstreamUnavailable('The walk could not be cancelled right now. Please try again.');
  }
}
