import type { Identity } from '@jesus-walks/contracts/common';
import { orderAuditLabel } from '@jesus-walks/contracts/orders';
import type { CancelAndRefundResult, OrderPayment } from '@jesus-walks/contracts/payments';
import { DomainError, notFound, upstreamUnavailable } from '@jesus-walks/service-kit/errors';
import type { PaymentsDeps } from '../../deps';
import { claimSaleRefund, refundsManually } from '../finalisation/finalisation.service';
import { isTestModePayment } from '../providers/test-mode';
import {
  orderCancelledEmail,
  type RefundWording,
  refundAlreadyMessage,
  refundAuditSummary,
  refundRequestedMessage,
} from './order-payment-emails';
import { findOrderPayment, type OrderPaymentRow } from './order-payments.repository';

export const NO_ORDER_PAYMENT = 'No payment found for this order';

function isTestMode(deps: PaymentsDeps, payment: Pick<OrderPaymentRow, 'provider'>): boolean {
  return isTestModePayment(deps.providers, payment);
}

function toOrderPayment(deps: PaymentsDeps, orderId: number, row: OrderPaymentRow): OrderPayment {
  return {
    orderId,
    paymentId: row.id,
    paymentMethod: row.paymentMethod,
    provider: row.provider,
    amount: row.amount,
    status: row.status,
    refundStatus: row.refundStatus,
    refundReason: row.refundReason,
    testMode: isTestMode(deps, row),
  };
}

function wordingOf(orderId: number, row: OrderPaymentRow): RefundWording {
  return { orderId, amount: row.amount, provider: row.provider, manual: refundsManually(row) };
}

/** GET /api/admin/orders/:id/payment: how the order was paid and where its refund stands. */
export async function getOrderPayment(deps: PaymentsDeps, orderId: number): Promise<OrderPayment> {
  const row = await findOrderPayment(deps.db, orderId);
  if (!row) throw notFound(NO_ORDER_PAYMENT);
  return toOrderPayment(deps, orderId, row);
}

export interface CancelAndRefundInput {
  orderId: number;
  reason: string;
  actor: Identity;
  requestId?: string;
}

/**
 * Cancel and refund (ARCHITECTURE.md section 4, issue 11). Catalog cancels the order and returns
 * its stock first (the seller's cancel: idempotent; 409 once shipped), outside any transaction: a
 * refund is never queued for an order that stays with the customer. Then finalisation's
 * claimSaleRefund claims the payment's refund with a conditional update, records the activity, and
 * queues the refund job (the processor's call with the payment's idempotency key) and the
 * customer's e-mail, in one transaction. Of concurrent requests exactly one claims; the others, and
 * any later request, answer the refund as it stands: the same payment is never refunded twice. An
 * order cancelled whose claim then failed (database gone) is claimed by the next request.
 */
export async function cancelAndRefund(
  deps: PaymentsDeps,
  input: CancelAndRefundInput,
): Promise<CancelAndRefundResult> {
  const { orderId } = input;
  const payment = await findOrderPayment(deps.db, orderId);
  if (!payment) throw notFound(NO_ORDER_PAYMENT);
  // A refund we started (this route or finalisation's unfulfillable order) carries its reason and
  // came with the order's cancellation: asked again, it answers as it stands. A refund made
  // elsewhere (the processor's dashboard, reported by webhook) has none: its order is cancelled now.
  if (payment.refundStatus !== null && payment.refundReason !== null) {
    return currentState(deps, orderId, payment);
  }

  await cancelOrderAtCatalog(deps, input);

  const claimed = await claimSaleRefund(deps, {
    payment,
    reason: input.reason,
    actor: { id: input.actor.id, username: input.actor.username },
    describe: (row, refund) => {
      const wording = wordingOf(orderId, row);
      return {
        label: orderAuditLabel(orderId, refund.testMode),
        summary: refundAuditSummary(wording),
        email: row.customerEmail
          ? orderCancelledEmail({
              ...wording,
              to: row.customerEmail,
              name: row.customerName,
              reason: input.reason,
              testMode: refund.testMode,
            })
          : null,
      };
    },
  });

  if (claimed) {
    return {
      orderId,
      orderStatus: 'cancelled',
      payment: toOrderPayment(deps, orderId, claimed),
      message: refundRequestedMessage(wordingOf(orderId, claimed)),
    };
  }
  // Someone else claimed it meanwhile (or it was refunded elsewhere): the refund as it stands.
  const current = await findOrderPayment(deps.db, orderId);
  if (!current) throw notFound(NO_ORDER_PAYMENT);
  return currentState(deps, orderId, current);
}

function currentState(deps: PaymentsDeps, orderId: number, row: OrderPaymentRow): CancelAndRefundResult {
  return {
    orderId,
    orderStatus: 'cancelled',
    payment: toOrderPayment(deps, orderId, row),
    message: row.refundStatus
      ? refundAlreadyMessage(wordingOf(orderId, row), row.refundStatus)
      : refundRequestedMessage(wordingOf(orderId, row)),
  };
}

/**
 * Catalog's internal cancel, the seller's (it answers an order cancelled already as it is, so
 * concurrent and retried requests may all ask). Its 409 (shipped) and 404 reach the admin with
 * catalog's words; anything else is catalog unreachable or misbehaving: 503, details in the log only.
 */
async function cancelOrderAtCatalog(deps: PaymentsDeps, input: CancelAndRefundInput): Promise<void> {
  try {
    await deps.sellers.catalog.cancel(
      {
        orderId: input.orderId,
        reason: input.reason,
        actor: { id: input.actor.id, username: input.actor.username },
      },
      input.requestId,
    );
  } catch (error) {
    if (error instanceof DomainError && (error.code === 'conflict' || error.code === 'not_found')) {
      throw error;
    }
    deps.logger.warn(
      { err: error, orderId: input.orderId },
      'catalog could not cancel an order for its refund',
    );
    throw upstreamUnavailable('The shop could not cancel the order right now. Please try again.');
  }
}
