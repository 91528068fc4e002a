import type { OrderCreated, PaidRegistration } from '@jesus-walks/contracts/checkout';
import { fromCents, toCents } from '@jesus-walks/contracts/money';
import type { PaymentMethod } from '@jesus-walks/contracts/orders';
import { conflict, notFound, upstreamUnavailable } from '@jesus-walks/service-kit/errors';
import type { PaymentsDeps } from '../../deps';
import { fillContact, findPayment, lockPayment, updatePayment } from '../checkout/payments.repository';
import type { PaymentProvider } from '../providers/provider';
import { isTestModePayment } from '../providers/test-mode';
import { payableSeller } from '../sellers/seller-registry';

/** Refunds through the processor, retried with backoff; keyed by payment so it refunds once. */
export const REFUND_PAYMENT_QUEUE = 'refund-payment';

export type Finalisation =
  | { kind: 'ordered'; order: OrderCreated }
  | { kind: 'registered'; registration: PaidRegistration }
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

function manualRefundMessage(amount: string, reason: string | null): string {
  const why = reason ? ` (${reason})` : '';
  return `We could not complete your order${why}. Crypto payments cannot be refunded automatically: your payment of $${amount} is recorded for a manual refund and we will contact you by e-mail.`;
}

function refundedMessage(amount: string, reason: string | null, what = 'order'): string {
  const why = reason ? ` (${reason})` : '';
  return `We could not complete your ${what}${why}. Your payment of $${amount} has been refunded.`;
}

/**
 * The one finalisation (ARCHITECTURE.md section 4), reached by the browser's POST /api/orders and
 * by every webhook's job: the processor itself must say the payment succeeded, for exactly the
 * quoted amount; then the seller's fulfil (idempotent on the payment id) creates the paid order,
 * and the order is recorded on the payment in a short transaction. No processor or seller call
 * runs inside a transaction. An unfulfillable outcome (paid after the reservation lapsed, stock
 * gone) queues the refund in the transaction that records it.
 */
export async function finalisePayment(deps: PaymentsDeps, input: FinaliseInput): Promise<Finalisation> {
  if (input.customerEmail || input.phoneNumber) {
    await fillContact(deps.db, input.paymentId, {
      customerEmail: input.customerEmail,
      customerPhone: input.phoneNumber,
    });
  }
  const payment = await findPayment(deps.db, input.paymentId);
  if (!payment) throw notFound('No such payment');
  // Nothing was bought with it (no seller's quote to fulfil): a state of the payment, not a fault.
  if (!payment.quoteId) {
    throw conflict('This payment is not for an order or a registration: it has nothing to fulfil');
  }

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
    await updatePayment(deps.db, payment.id, {
      failureReason: `Paid ${fromCents(intent.amountCents)} ${intent.currency}, quoted ${payment.amount} usd`,
    });
    return { kind: 'amount_mismatch' };
  }

  // The seller whose quote this payment pays (stored on the row when the intent was made).
  const fulfilment = await payableSeller(
    { catalog: deps.seller, events: deps.eventSeller },
    payment.seller,
  ).fulfil(
    payment.quoteId,
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

  const { record } = fulfilment;
  // What the row keeps of the seller's answer: the order (catalog) or the registration (events).
  const recordOf = (row: { orderId: number | null; registrationId: number | null }) =>
    record.kind === 'order' ? row.orderId : row.registrationId;
  const recordId = record.kind === 'order' ? record.orderId : record.registrationId;
  const recordColumns =
    record.kind === 'order' ? { orderId: record.orderId } : { registrationId: record.registrationId };
  await deps.db.transaction().execute(async (trx) => {
    const row = await lockPayment(trx, payment.id);
    if (!row) throw notFound('No such payment');
    if (recordOf(row) !== null) {
      if (recordOf(row) !== recordId) {
        // The seller is idempotent on the payment id, so this cannot happen; never record a second one.
        throw new Error(
          `Payment ${row.id} already has ${record.kind} ${recordOf(row)}, the seller answered ${recordId}`,
        );
      }
      return;
    }
    if (fulfilment.outcome === 'fulfilled') {
      await updatePayment(trx, row.id, {
        ...recordColumns,
        status: row.status === 'refunded' ? 'refunded' : 'succeeded',
        failureReason: null,
      });
    } else if (refundsManually(row)) {
      await updatePayment(trx, row.id, {
        ...recordColumns,
        status: row.status === 'refunded' ? 'refunded' : 'succeeded',
        refundStatus: row.refundStatus ?? 'manual',
        refundReason: fulfilment.reason ?? 'The order could not be fulfilled',
      });
    } else {
      await updatePayment(trx, row.id, {
        ...recordColumns,
        status: row.status === 'refunded' ? 'refunded' : 'succeeded',
        refundStatus: row.refundStatus ?? 'requested',
        refundReason: fulfilment.reason ?? 'The order could not be fulfilled',
      });
      await deps.jobs.enqueue(
        trx,
        REFUND_PAYMENT_QUEUE,
        { paymentId: row.id },
        { singletonKey: `refund:${row.id}` },
      );
    }
  });

  if (fulfilment.outcome === 'fulfilled') {
    if (record.kind === 'registration') {
      return {
        kind: 'registered',
        registration: {
          registrationId: record.registrationId,
          eventId: record.eventId,
          status: 'confirmed',
          total: fulfilment.total,
        },
      };
    }
    return {
      kind: 'ordered',
      order: { id: record.orderId, status: record.status as OrderCreated['status'], total: fulfilment.total },
    };
  }
  return {
    kind: 'refunded',
    message: refundsManually(payment)
      ? manualRefundMessage(payment.amount, fulfilment.reason)
      : refundedMessage(
          payment.amount,
          fulfilment.reason,
          record.kind === 'order' ? 'order' : 'registration',
        ),
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
  const payment = await findPayment(deps.db, paymentId);
  if (!payment) return { refundReference: null };
  if (payment.refundStatus === 'refunded') return { refundReference: payment.refundReference };
  const { refundReference } = await deps.providers.byName(payment.provider).refund({
    reference: payment.providerReference,
    amountCents: toCents(payment.amount),
    idempotencyKey: `refund:${payment.id}`,
    reason: payment.refundReason ?? 'The order could not be fulfilled',
  });
  await updatePayment(deps.db, payment.id, {
    status: 'refunded',
    refundStatus: 'refunded',
    refundReference,
    refundedAt: new Date(),
  });
  return { refundReference };
}
