import { fromCents, toCents } from '@jesus-walks/contracts/money';
import type { Fulfilment, PaymentMethod } from '@jesus-walks/contracts/payable';
import { type AuditActor, recordAudit } from '@jesus-walks/service-kit/audit';
import { conflict, notFound, upstreamUnavailable } from '@jesus-walks/service-kit/errors';
import type { MailMessage } from '@jesus-walks/service-kit/mailer';
import type { Transaction } from 'kysely';
import type { PaymentsDatabase, SellerName, StoredQuote } from '../../db/database';
import type { PaymentsDeps } from '../../deps';
import {
  changePayment,
  claimRefund,
  fillPaymentContact,
  getPayment,
  type PaymentRow,
  recordFulfilment,
  withLockedPayment,
} from '../payments/payments.service';
import type { PaymentProvider } from '../providers/provider';
import { isTestModePayment } from '../providers/test-mode';
import { sellerOf } from '../sellers/sellers';

/** Refunds through the processor, retried with backoff; keyed by payment so it refunds once. */
export const REFUND_PAYMENT_QUEUE = 'refund-payment';

/** Finalises a payment a webhook said succeeded: the same finalisation as the browser's order call. */
export const FINALISE_PAYMENT_QUEUE = 'finalise-payment';

export type Finalisation =
  | {
      kind: 'fulfilled';
      /** Whose quote it paid, what the seller made of it, and the quote as it was paid. */
      seller: SellerName;
      fulfilment: Fulfilment;
      quote: StoredQuote;
    }
  | { kind: 'not_paid'; failureMessage: string | null }
  | { kind: 'amount_mismatch' }
  | { kind: 'refunded'; message: string };

export interface FinaliseInput {
  paymentId: string;
  /** From the browser's order call: used only where the contact step left them empty. */
  customerEmail?: string | undefined;
  phoneNumber?: string | undefined;
  requestId?: string | undefined;
}

/**
 * Crypto paid on-chain (Coinbase Commerce, and the sandbox's crypto charges that stand in for it)
 * cannot be pulled back by an API: such a refund is recorded 'manual' for a person to make.
 * Stripe's crypto payments are refunded by Stripe like any other.
 */
export function refundsManually(payment: { paymentMethod: string; provider: string }): boolean {
  return payment.paymentMethod === 'crypto' && payment.provider !== 'stripe';
}

/** Queues a payment's refund in the transaction that decided it: once per payment, whoever asks. */
export async function queueRefund(
  deps: Pick<PaymentsDeps, 'jobs'>,
  trx: Transaction<PaymentsDatabase>,
  paymentId: string,
): Promise<void> {
  await deps.jobs.enqueue(trx, REFUND_PAYMENT_QUEUE, { paymentId }, { singletonKey: `refund:${paymentId}` });
}

/** How a claimed refund is made: by a person (crypto), and whether the sandbox took the money. */
export interface RefundKind {
  manual: boolean;
  testMode: boolean;
}

/** What a cancelled sale's refund records and tells, worded from the payment as claimed. */
export interface SaleRefund {
  /** The payment as read before the claim (its refund fields are the activity record's "from"). */
  payment: Pick<PaymentRow, 'id' | 'paymentMethod' | 'provider' | 'refundStatus' | 'refundReason'>;
  /** Kept on the payment; the processor gets it with the refund. */
  reason: string;
  /** Who asked, for the activity record (null: a guest through their e-mail's link). */
  actor: AuditActor | null;
  /** The activity record's target label and summary, and the payer's e-mail (null: no address). */
  describe(
    claimed: PaymentRow,
    refund: RefundKind,
  ): { label: string; summary: string; email: MailMessage | null };
}

/**
 * Cancel and refund's claim, for whatever a seller sold, once the seller has cancelled it (an order,
 * a registration): one transaction claims the payment's refund with a conditional update (its
 * refund status from none), records the activity, and queues the refund job (the processor's call
 * with the payment's idempotency key; a crypto payment is recorded 'manual' for a person instead)
 * and the payer's e-mail. Of concurrent claims exactly one gets the payment back; the others (and
 * a payment refunded already) get null and answer the refund as it stands: the same payment is
 * never refunded twice.
 */
export async function claimSaleRefund(deps: PaymentsDeps, refund: SaleRefund): Promise<PaymentRow | null> {
  const { payment } = refund;
  const manual = refundsManually(payment);
  return deps.db.transaction().execute(async (trx) => {
    const claimed = await claimRefund({ db: trx }, payment.id, {
      refundStatus: manual ? 'manual' : 'requested',
      refundReason: refund.reason,
    });
    if (!claimed) return null;
    const told = refund.describe(claimed, { manual, testMode: isTestModePayment(deps.providers, claimed) });
    await recordAudit(trx, {
      actor: refund.actor,
      action: 'payment.refund_requested',
      target: { type: 'payment', id: claimed.id, label: told.label },
      summary: told.summary,
      changes: {
        refundStatus: { from: payment.refundStatus, to: claimed.refundStatus },
        refundReason: { from: payment.refundReason, to: claimed.refundReason },
      },
    });
    if (!manual) await queueRefund(deps, trx, claimed.id);
    if (told.email) await deps.mailer.enqueue(trx, told.email);
    return claimed;
  });
}

function manualRefundMessage(amount: string, reason: string | null): string {
  const why = reason ? ` (${reason})` : '';
  return `We could not complete your order${why}. Crypto payments cannot be refunded automatically: your payment of $${amount} is recorded for a manual refund and we will contact you by e-mail.`;
}

function refundedMessage(amount: string, reason: string | null, what: string): string {
  const why = reason ? ` (${reason})` : '';
  return `We could not complete your ${what}${why}. Your payment of $${amount} has been refunded.`;
}

type ContactFields = Pick<PaymentRow, 'customerName' | 'customerEmail' | 'customerPhone'>;

/**
 * The payment with the contact fields `given` stored (fillPaymentContact): only the empty ones,
 * or every one given with `replace`; no statement when nothing changes.
 */
async function completeContact(
  deps: PaymentsDeps,
  payment: PaymentRow,
  given: { [K in keyof ContactFields]?: string | undefined },
  replace = false,
): Promise<PaymentRow> {
  const changes: { [K in keyof ContactFields]?: string } = {};
  for (const field of ['customerName', 'customerEmail', 'customerPhone'] as const) {
    const value = given[field];
    if (value && value !== payment[field] && (replace || payment[field] === null)) changes[field] = value;
  }
  if (Object.keys(changes).length === 0) return payment;
  await fillPaymentContact(deps, payment.id, changes, replace);
  return { ...payment, ...changes };
}

/**
 * The one finalisation (ARCHITECTURE.md section 4), reached by the browser's POST /api/orders and
 * POST /api/checkout/complete-registration and by every webhook's job: the processor itself must
 * say the payment succeeded, for exactly the quoted amount; then the fulfil of the seller whose
 * quote it paid (idempotent on the payment id) makes the order or confirms the seat, and what it
 * made is recorded on the payment in a short transaction. No processor or seller call runs inside
 * a transaction. An unfulfillable outcome (paid after the hold lapsed, what it held gone) queues
 * the refund in the transaction that records it.
 */
export async function finalisePayment(deps: PaymentsDeps, input: FinaliseInput): Promise<Finalisation> {
  const found = await getPayment(deps, input.paymentId);
  if (!found) throw notFound('No such payment');
  // The order call's e-mail and phone, where the call that paid gave none: kept even when the
  // payment turns out not to be paid yet, for the finalisation that follows.
  let payment = await completeContact(deps, found, {
    customerEmail: input.customerEmail,
    customerPhone: input.phoneNumber,
  });
  // Nothing was bought with it (no seller's quote to fulfil): a state of the payment, not a fault.
  if (!payment.quoteId) {
    throw conflict('This payment is not for an order or a registration: it has nothing to fulfil');
  }
  const { quoteId } = payment;

  let intent: Awaited<ReturnType<PaymentProvider['retrieveIntent']>>;
  try {
    intent = await deps.providers.byName(payment.provider).retrieveIntent(payment.providerReference);
  } catch (error) {
    deps.logger.warn({ err: error, paymentId: payment.id }, 'could not ask the processor about a payment');
    throw upstreamUnavailable('The payment processor is not reachable right now. Please try again.');
  }
  if (intent.status !== 'succeeded') return { kind: 'not_paid', failureMessage: intent.failureMessage };
  if (intent.amountCents !== toCents(payment.amount) || intent.currency.toLowerCase() !== 'usd') {
    deps.logger.error(
      { paymentId: payment.id, paid: intent.amountCents, quoted: payment.amount },
      'a payment succeeded for another amount than its quote: no order',
    );
    await changePayment(deps, payment.id, {
      failureReason: `Paid ${fromCents(intent.amountCents)} ${intent.currency}, quoted ${payment.amount} usd`,
    });
    return { kind: 'amount_mismatch' };
  }

  // What the buyer gave the processor's own form (Stripe's Payment Element) with the payment.
  if (intent.payer) {
    payment = await completeContact(
      deps,
      payment,
      {
        customerName: intent.payer.name ?? undefined,
        customerEmail: intent.payer.email ?? undefined,
        customerPhone: intent.payer.phone ?? undefined,
      },
      true,
    );
  }

  // The seller whose quote this payment pays (stored on the row when the intent was made).
  const seller = sellerOf(deps.sellers, payment.seller);
  const fulfilment = await seller.fulfil(
    quoteId,
    {
      paymentId: payment.id,
      amountPaid: fromCents(intent.amountCents),
      paymentMethod: payment.paymentMethod as PaymentMethod,
      buyer: {
        userId: payment.userId,
        email: payment.customerEmail,
        fullName: payment.customerName,
        phone: payment.customerPhone,
      },
      shippingAddress: payment.shippingAddress ?? {},
      testMode: isTestModePayment(deps.providers, payment),
    },
    input.requestId,
  );

  const column = seller.recordColumn;
  // The common case in one statement: fulfilled, and nothing recorded yet. Otherwise (recorded
  // already, or a refund to queue) under the payment's lock.
  const recordedNow =
    fulfilment.outcome === 'fulfilled' &&
    (await recordFulfilment(deps, payment.id, { column, recordId: fulfilment.recordId }));
  if (!recordedNow)
    await withLockedPayment(deps, payment.id, async (row, trx) => {
      const recorded = row[column];
      if (recorded !== null) {
        if (recorded !== fulfilment.recordId) {
          // The seller is idempotent on the payment id, so this cannot happen; never record a second one.
          throw new Error(
            `Payment ${row.id} already has ${column} ${recorded}, the seller answered ${fulfilment.recordId}`,
          );
        }
        return;
      }
      const status = row.status === 'refunded' ? 'refunded' : 'succeeded';
      if (fulfilment.outcome === 'fulfilled') {
        await changePayment({ db: trx }, row.id, {
          [column]: fulfilment.recordId,
          status,
          failureReason: null,
        });
        return;
      }
      const manual = refundsManually(row);
      await changePayment({ db: trx }, row.id, {
        [column]: fulfilment.recordId,
        status,
        refundStatus: row.refundStatus ?? (manual ? 'manual' : 'requested'),
        refundReason: fulfilment.reason ?? 'The order could not be fulfilled',
      });
      if (!manual) await queueRefund(deps, trx, row.id);
    });

  if (fulfilment.outcome === 'fulfilled') {
    return { kind: 'fulfilled', seller: seller.name, fulfilment, quote: payment.quote };
  }
  return {
    kind: 'refunded',
    message: refundsManually(payment)
      ? manualRefundMessage(payment.amount, fulfilment.reason)
      : refundedMessage(payment.amount, fulfilment.reason, seller.noun),
  };
}

/**
 * Refunds a payment whose order could not be fulfilled: through its processor with an
 * idempotency key (a retried job never refunds twice), then marks it refunded.
 */
export async function refundPayment(
  deps: PaymentsDeps,
  paymentId: string,
): Promise<{ refundReference: string | null }> {
  const payment = await getPayment(deps, paymentId);
  if (!payment) return { refundReference: null };
  if (payment.refundStatus === 'refunded') return { refundReference: payment.refundReference };
  const { refundReference } = await deps.providers.byName(payment.provider).refund({
    reference: payment.providerReference,
    amountCents: toCents(payment.amount),
    idempotencyKey: `refund:${payment.id}`,
    reason: payment.refundReason ?? 'The order could not be fulfilled',
  });
  await changePayment(deps, payment.id, {
    status: 'refunded',
    refundStatus: 'refunded',
    refundReference,
    refundedAt: new Date(),
  });
  return { refundReference };
}
