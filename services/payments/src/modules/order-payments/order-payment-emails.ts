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

/** One sentence for the activity record: "Cancelled order #12 and refunded $45.00 by Stripe". */
export function refundAuditSummary(refund: RefundWording): string {
  return refund.manual
    ? `Cancelled order #${refund.orderId}; its $${refund.amount} crypto payment is to be refunded by hand`
    : `Cancelled order #${refund.orderId} and refunded $${refund.amount} by ${providerLabel(refund.provider)}`;
}

/** What the admin reads once the order is cancelled and the refund claimed. */
export function refundRequestedMessage(refund: RefundWording): string {
  return refund.manual
    ? `Order #${refund.orderId} cancelled. Crypto payments cannot be refunded automatically: $${refund.amount} is recorded for a manual refund and the customer was told we will contact them.`
    : `Order #${refund.orderId} cancelled. The refund of $${refund.amount} is on its way through ${providerLabel(refund.provider)}.`;
}

/** What the admin reads when the payment's refund was already asked for (nothing is refunded twice). */
export function refundAlreadyMessage(
  refund: RefundWording,
  refundStatus: 'requested' | 'refunded' | 'manual' | 'failed',
): string {
  const order = `Order #${refund.orderId} is cancelled`;
  switch (refundStatus) {
    case 'requested':
      return `${order}; its refund of $${refund.amount} is already on its way through ${providerLabel(refund.provider)}.`;
    case 'refunded':
      return `${order}; its payment of $${refund.amount} has been refunded.`;
    case 'manual':
      return `${order}; its payment of $${refund.amount} is recorded for a manual refund.`;
    case 'failed':
      return `${order}; ${providerLabel(refund.provider)} refused to refund its payment of $${refund.amount}: it needs a person to look at it.`;
  }
}

export interface CancellationEmailDetails extends RefundWording {
  to: string;
  /** The buyer's name as given at checkout (null: a plain greeting). */
  name: string | null;
  reason: string;
  /** The sandbox took the payment: no real money was taken, so none moves back. */
  testMode: boolean;
}

/** The customer's e-mail: the order is cancelled and how their money comes back. */
export function orderCancelledEmail(details: CancellationEmailDetails): MailMessage {
  const refundLine = details.manual
    ? `Crypto payments cannot be refunded automatically, so your payment of $${details.amount} is recorded for a manual refund: we will contact you at this address to return it.`
    : details.testMode
      ? `Your payment of $${details.amount} has been refunded. It was made in test mode, so no real money was taken.`
      : `Your payment of $${details.amount} has been refunded through ${providerLabel(details.provider)} to the card or account you paid with. Refunds usually appear on your statement within 5 to 10 business days.`;
  const text = [
    details.name ? `Hi ${details.name},` : 'Hello,',
    `Your order #${details.orderId} has been cancelled. Reason: ${details.reason}`,
    refundLine,
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
