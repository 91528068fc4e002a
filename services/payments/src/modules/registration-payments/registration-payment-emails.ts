import type { EventCancellation } from '@jesus-walks/contracts/events';
import type { MailMessage } from '@jesus-walks/service-kit/mailer';
import {
  providerLabel,
  type RefundMeans,
  type RefundStatusWord,
  refundAlreadyClause,
  refundAuditClause,
  refundEmailLine,
  refundRequestedClause,
} from '../order-payments/order-payment-emails';

/**
 * The words of a registration's Cancel and refund, built on the order's (order-payment-emails.ts):
 * the same refund clauses, said to the registrant ("Your registration ... is cancelled") or to an
 * admin ("Cancelled Ada's registration ...").
 */

/** Who asked: an admin for someone else, or the registrant (a member, or a guest by their link). */
export type Asker = 'admin' | 'registrant' | 'guest';

export interface RegistrationWording {
  asker: Asker;
  /** The walk's title. */
  title: string;
  /** The registrant as the record names them: the member's username, or the guest's name. */
  registrant: string;
  /** Seats this cancellation gave to the waitlist (0 when it was cancelled already). */
  promoted: number;
}

export type RegistrationRefund = RefundMeans & { testMode: boolean };

function seatWent(wording: RegistrationWording): string {
  return wording.promoted > 0 ? ' Their seat went to the next person on the waitlist.' : '';
}

/** Nothing was paid online (a free walk, a seat paid on the day): cancelled, nothing to refund. */
export function registrationCancelledMessage(wording: RegistrationWording): string {
  return wording.asker === 'admin'
    ? `Cancelled ${wording.registrant}'s registration for ${wording.title}.${seatWent(wording)}`
    : `Your registration for ${wording.title} is cancelled.`;
}

/**
 * Cancelled by its walker after the walk's refund deadline: the payment is kept (the walk's
 * cancellation policy, shown on its page and in the cancel dialog).
 */
export function registrationNotRefundedMessage(wording: RegistrationWording, amount: string): string {
  return `Your registration for ${wording.title} is cancelled. It was cancelled after the walk's refund deadline, so the $${amount} you paid is not refunded.`;
}

/** The registration is cancelled and its payment's refund claimed now. */
export function registrationRefundRequestedMessage(
  wording: RegistrationWording,
  refund: RegistrationRefund,
): string {
  if (wording.asker === 'admin') {
    return `Cancelled ${wording.registrant}'s registration for ${wording.title}. ${refundRequestedClause(refund, 'the registrant')}${seatWent(wording)}`;
  }
  const cancelled = `Your registration for ${wording.title} is cancelled.`;
  if (refund.manual) {
    return `${cancelled} Crypto payments cannot be refunded automatically: your payment of $${refund.amount} is recorded for a manual refund and we will contact you by e-mail to return it.`;
  }
  if (refund.testMode) {
    return `${cancelled} Your payment of $${refund.amount} is being refunded; it was made in test mode, so no real money was taken.`;
  }
  return `${cancelled} Your payment of $${refund.amount} will be refunded through ${providerLabel(refund.provider)} to the card or account you paid with, usually within 5 to 10 business days.`;
}

/** The registration is cancelled and its payment's refund was asked for already (never twice). */
export function registrationRefundAlreadyMessage(
  wording: RegistrationWording,
  refund: RegistrationRefund,
  refundStatus: RefundStatusWord,
): string {
  if (wording.asker === 'admin') {
    return `${wording.registrant}'s registration for ${wording.title} is cancelled; ${refundAlreadyClause(refund, refundStatus)}`;
  }
  const cancelled = `Your registration for ${wording.title} is cancelled`;
  switch (refundStatus) {
    case 'requested':
      return `${cancelled}; the refund of your payment of $${refund.amount} is already on its way.`;
    case 'refunded':
      return `${cancelled}; your payment of $${refund.amount} has been refunded.`;
    case 'manual':
      return `${cancelled}; your payment of $${refund.amount} is recorded for a manual refund and we will contact you by e-mail to return it.`;
    case 'failed':
      return `${cancelled}, but ${providerLabel(refund.provider)} refused to refund your payment of $${refund.amount}: we will look into it and contact you.`;
  }
}

/** The activity record's target: 'Registration #34 for "Sunrise Walk"', marked when the sandbox took it. */
export function registrationAuditLabel(registrationId: number, title: string, testMode: boolean): string {
  return `Registration #${registrationId} for "${title}"${testMode ? ' (test mode)' : ''}`;
}

/** One sentence for the activity record: 'Cancelled Ada's registration for "Sunrise Walk" and refunded $25.00 by Stripe'. */
export function registrationRefundAuditSummary(wording: RegistrationWording, refund: RefundMeans): string {
  const how =
    wording.asker === 'admin'
      ? ''
      : wording.asker === 'guest'
        ? " at their request (their e-mail's link)"
        : ' at their request';
  return `Cancelled ${wording.registrant}'s registration for "${wording.title}"${how}${refundAuditClause(refund)}`;
}

/** The payer's e-mail: the registration is cancelled and how their money comes back. */
export function registrationRefundEmail(details: {
  to: string;
  /** The payer's name as given at checkout (null: a plain greeting). */
  name: string | null;
  wording: RegistrationWording;
  refund: RegistrationRefund;
  /** An admin's reason, said in the e-mail; the registrant's own cancellation needs none. */
  reason: string | null;
}): MailMessage {
  const { wording, refund } = details;
  const text = [
    details.name ? `Hi ${details.name},` : 'Hello,',
    `Your registration for ${wording.title} has been cancelled.${details.reason ? ` Reason: ${details.reason}` : ''}`,
    refundEmailLine(refund),
    'If you have a question, simply reply to this e-mail.',
    'Jesus Walks',
  ].join('\n\n');
  return {
    to: details.to,
    subject: refund.manual
      ? `Registration cancelled: your refund for ${wording.title}`
      : `Registration cancelled and refunded: ${wording.title}`,
    text,
  };
}

/** What the admin reads once a whole walk is cancelled and its seats' refunds claimed. */
export function walkCancelledMessage(
  cancellation: Pick<EventCancellation, 'outcome' | 'notified' | 'event'>,
  refunds: { requested: number; already: number; retrying: number; amount: string },
): string {
  const { title } = cancellation.event;
  if (cancellation.outcome === 'deleted') return `Deleted ${title} (nobody was registered).`;
  const told =
    cancellation.notified === 0
      ? ''
      : ` ${cancellation.notified === 1 ? '1 person was' : `${cancellation.notified} people were`} told by e-mail.`;
  const seats = (count: number) => (count === 1 ? '1 seat paid online' : `${count} seats paid online`);
  const requested =
    refunds.requested === 0
      ? ''
      : ` ${seats(refunds.requested)} ${refunds.requested === 1 ? 'is' : 'are'} being refunded ($${refunds.amount} in all); each payer gets an e-mail saying how.`;
  const already =
    refunds.already === 0
      ? ''
      : ` ${seats(refunds.already)} ${refunds.already === 1 ? 'was' : 'were'} refunded already.`;
  const retrying =
    refunds.retrying === 0
      ? ''
      : ` ${seats(refunds.retrying)} could not be refunded yet: we keep trying by ourselves, nothing is refunded twice.`;
  return `Cancelled ${title}.${told}${requested}${already}${retrying}`;
}
