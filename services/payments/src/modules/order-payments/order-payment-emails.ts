import type { MailMessage } from '@jesus-walks/service-kit/mailer';

/** Who moves the money back, as people name them. */
const providerNames: Record<string, string> = {
  stripe: 'Stripe',
  square: 'Square',
  safekey: 'SafeKey',
  coinbase: 'Coinbase Commerce',
  sandbox: 'the sandbox (test mode)',
};

export function providerLabel(provider: string): string {
  return providerNames[provider] ?? provider;
}

export interface RefundWording {
  orderId: number;
  /** The payment's amount as stored (numeric(12,2) text): never through a float. */
  amount: string;
  provider: string;
  /** A crypto payment no API can pull back: a person returns it. */
  manual: boolean;
}

/** How a refund is made, for any sale: the amount, who moves it back, by hand or not. */
export type RefundMeans = Pick<RefundWording, 'amount' | 'provider' | 'manual'>;

/**
 * The end of the activity record's sentence after what was cancelled ("Cancelled order #12"), for
 * any sale: " and refunded $45.00 by Stripe", or "; its $45.00 crypto payment is to be refunded by hand".
 */
export function refundAuditClause(refund: RefundMeans): string {
  return refund.manual
    ? `; its $${refund.amount} crypto payment is to be refunded by hand`
    : ` and refunded $${refund.amount} by ${providerLabel(refund.provider)}`;
}

/** One sentence for the activity record: "Cancelled order #12 and refunded $45.00 by Stripe". */
export function refundAuditSummary(refund: RefundWording): string {
  return `Cancelled order #${refund.orderId}${refundAuditClause(refund)}`;
}

/**
 * What an admin reads of a refund just claimed, after what was cancelled ("Order #12 cancelled."),
 * for any sale; `payer` names who was told ('the customer', 'the registrant').
 */
export function refundRequestedClause(refund: RefundMeans, payer: string): string {
  return refund.manual
    ? `Crypto payments cannot be refunded automatically: $${refund.amount} is recorded for a manual refund and ${payer} was told we will contact them.`
    : `The refund of $${refund.amount} is on its way through ${providerLabel(refund.provider)}.`;
}

/** What the admin reads once the order is cancelled and the refund claimed. */
export function refundRequestedMessage(refund: RefundWording): string {
  return `Order #${refund.orderId} cancelled. ${refundRequestedClause(refund, 'the customer')}`;
}

export type RefundStatusWord = 'requested' | 'refunded' | 'manual' | 'failed';

/**
 * What an admin reads of a refund asked for already (nothing is refunded twice), after what is
 * cancelled ("Order #12 is cancelled"), for any sale.
 */
export function refundAlreadyClause(refund: RefundMeans, refundStatus: RefundStatusWord): string {
  switch (refundStatus) {
    case 'requested':
      return `its refund of $${refund.amount} is already on its way through ${providerLabel(refund.provider)}.`;
    case 'refunded':
      return `its payment of $${refund.amount} has been refunded.`;
    case 'manual':
      return `its payment of $${refund.amount} is recorded for a manual refund.`;
    case 'failed':
      return `${providerLabel(refund.provider)} refused to refund its payment of $${refund.amount}: it needs a person to look at it.`;
  }
}

/** What the admin reads when the payment's refund was already asked for (nothing is refunded twice). */
export function refundAlreadyMessage(refund: RefundWording, refundStatus: RefundStatusWord): string {
  return `Order #${refund.orderId} is cancelled; ${refundAlreadyClause(refund, refundStatus)}`;
}

export interface CancellationEmailDetails extends RefundWording {
  to: string;
  /** The buyer's name as given at checkout (null: a plain greeting). */
  name: string | null;
  reason: string;
  /** The sandbox took the payment: no real money was taken, so none moves back. */
  testMode: boolean;
}

/** The payer's e-mail's sentence on how their money comes back, for any sale cancelled and refunded. */
export function refundEmailLine(details: RefundMeans & { testMode: boolean }): string {
  return details.manual
    ? `Crypto payments cannot be refunded automatically, so your payment of $${details.amount} is recorded for a manual refund: we will contact you at this address to return it.`
    : details.testMode
      ? `Your payment of $${details.amount} has been refunded. It was made in test mode, so no real money was taken.`
      : `Your payment of $${details.amount} has been refunded through ${providerLabel(details.provider)} to the card or account you paid with. Refunds usually appear on your statement within 5 to 10 business days.`;
}

/** The customer's e-mail: the order is cancelled and how their money comes back. */
export function orderCancelledEmail(details: CancellationEmailDetails): MailMessage {
  const text = [
    details.name ? `Hi ${details.name},` : 'Hello,',
    `Your order #${details.orderId} has been cancelled. Reason: ${details.reason}`,
    refundEmailLine(details),
    'If you have a question, simply reply to this e-mail.',
    'Jesus Walks',
  ].join('\n\n');
  return {
    to: details.to,
    subject: details.manual
      ? `Order #${details.orderId} cancelled: your refund`
      : `Order #${details.orderId} cancelled and refunded`,
    text,
  };
}
