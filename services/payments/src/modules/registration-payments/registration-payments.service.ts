import type { RegistrationCancellation, RegistrationCanceller } from '@jesus-walks/contracts/events';
import type { RegistrationCancelAndRefundResult, RegistrationPayment } from '@jesus-walks/contracts/payments';
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
  registrationRefundAlreadyMessage,
  registrationRefundAuditSummary,
  registrationRefundEmail,
  registrationRefundRequestedMessage,
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
 *    answer the refund as it stands. Refunded in full: a per-walk cancellation policy comes later.
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

  const payment = await paymentOf(deps, cancellation, input.requestId);
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
async function paymentOf(
  deps: PaymentsDeps,
  cancellation: RegistrationCancellation,
  requestId: string | undefined,
): Promise<PaymentRow> {
  const paymentId = cancellation.payment?.paymentId ?? '';
  const registrationId = cancellation.registration.id;
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
