import type { PaymentContact } from '@jesus-walks/contracts/checkout';
import { conflict, notFound } from '@jesus-walks/service-kit/errors';
import type { Transaction, Updateable } from 'kysely';
import type {
  PaymentRecordColumn,
  PaymentsDatabase,
  PaymentsTable,
  RefundStatus,
  SellerName,
} from '../../db/database';
import type { PaymentsDeps } from '../../deps';
import { sellerOf } from '../sellers/sellers';
import {
  cancelOpenPayment,
  claimPaymentRefund,
  fillContact,
  findExpiredOpenPayments,
  findPayment,
  findPaymentByReference,
  insertPayment,
  lockPayment,
  markFailed,
  type PaymentRow,
  recordFulfilled,
  setContact,
  updatePayment,
} from './payments.repository';

/**
 * The payments table, the one record of money taken (ARCHITECTURE.md section 4): every other
 * module of this service reaches it through these functions. Each takes the service's deps, or
 * `{ db: trx }` to run inside a transaction the caller holds.
 */
export type { PaymentRow };

type PaymentsDb = Pick<PaymentsDeps, 'db'>;
type Changes = Omit<Updateable<PaymentsTable>, 'id' | 'updatedAt'>;

export function getPayment(deps: PaymentsDb, paymentId: string): Promise<PaymentRow | undefined> {
  return findPayment(deps.db, paymentId);
}

export function getPaymentByReference(
  deps: PaymentsDb,
  input: { provider: string; reference: string },
): Promise<PaymentRow | undefined> {
  return findPaymentByReference(deps.db, input.provider, input.reference);
}

export function recordPayment(deps: PaymentsDb, values: Parameters<typeof insertPayment>[1]): Promise<void> {
  return insertPayment(deps.db, values);
}

/** Records a seller's fulfilment on a payment that has none yet (one statement); false when it had one. */
export function recordFulfilment(
  deps: PaymentsDb,
  paymentId: string,
  fulfilment: { column: PaymentRecordColumn; recordId: number },
): Promise<boolean> {
  return recordFulfilled(deps.db, paymentId, fulfilment.column, fulfilment.recordId);
}

export function changePayment(deps: PaymentsDb, paymentId: string, changes: Changes): Promise<void> {
  return updatePayment(deps.db, paymentId, changes);
}

/**
 * Claims a paid payment's refund in the caller's transaction (`{ db: trx }`): its refund status is
 * set only while it has none, so of concurrent claims exactly one gets the row back; undefined for
 * the others (and for a payment not paid, or refunded already).
 */
export function claimRefund(
  deps: { db: Transaction<PaymentsDatabase> },
  paymentId: string,
  claim: { refundStatus: Extract<RefundStatus, 'requested' | 'manual'>; refundReason: string },
): Promise<PaymentRow | undefined> {
  return claimPaymentRefund(deps.db, paymentId, claim);
}

/** A failed attempt (the buyer may try another card on the same intent). */
export function markPaymentFailed(deps: PaymentsDb, paymentId: string, reason: string): Promise<void> {
  return markFailed(deps.db, paymentId, reason);
}

/**
 * Contact fields from after the call that paid: the order call's e-mail and phone fill only what
 * is empty; what the buyer gave the processor's own form (Stripe's Payment Element, reached only
 * with the payment's client secret) replaces (`replace`), as the contact given with any other
 * method's payment does.
 */
export function fillPaymentContact(
  deps: PaymentsDb,
  paymentId: string,
  contact: {
    customerName?: string | undefined;
    customerEmail?: string | undefined;
    customerPhone?: string | undefined;
  },
  replace = false,
): Promise<void> {
  return fillContact(deps.db, paymentId, contact, replace);
}

/** Open payments (nobody paid, no order) whose quote's hold has lapsed. */
export function expiredOpenPayments(deps: PaymentsDb, limit: number): Promise<PaymentRow[]> {
  return findExpiredOpenPayments(deps.db, limit);
}

/** Runs `work` with the payment's row locked until the transaction ends; 404 when there is none. */
export async function withLockedPayment<T>(
  deps: PaymentsDb,
  paymentId: string,
  work: (payment: PaymentRow, trx: Transaction<PaymentsDatabase>) => Promise<T>,
): Promise<T> {
  return deps.db.transaction().execute(async (trx) => {
    const payment = await lockPayment(trx, paymentId);
    if (!payment) throw notFound('No such payment');
    return work(payment, trx);
  });
}

/**
 * The buyer's contact that came with the call that pays (the browser that started the payment:
 * the caller checked its secret), recorded before the charge, so that whatever finalises the
 * payment (the webhook's job or the browser's order call) has it. A finalised payment's contact no
 * longer changes.
 */
export async function recordContact(
  deps: PaymentsDb,
  paymentId: string,
  contact: PaymentContact | undefined,
): Promise<void> {
  if (!contact) return;
  const updated = await setContact(deps.db, paymentId, {
    customerName: contact.fullName,
    customerEmail: contact.email ?? null,
    customerPhone: contact.phone ?? null,
  });
  if (!updated) throw conflict('This payment is already finalised; its contact can no longer change');
}

/**
 * Cancels an open payment: its intent at the processor (so it can no longer be paid, where the
 * processor allows it), the row, and its quote's hold unless the seller already released it.
 */
export async function cancelPayment(
  deps: Pick<PaymentsDeps, 'db' | 'providers' | 'sellers' | 'logger'>,
  payment: PaymentRow,
  reason: string,
  options: { release: boolean; requestId?: string | undefined },
): Promise<boolean> {
  const provider = deps.providers.byName(payment.provider);
  await provider.cancelIntent?.(payment.providerReference);
  const cancelled = await cancelOpenPayment(deps.db, payment.id, reason);
  if (cancelled && options.release && payment.quoteId) {
    await releaseQuietly(deps, payment.seller, payment.quoteId, options.requestId);
  }
  return cancelled;
}

/** A hold not released lapses by itself within minutes: a failed release is logged, not fatal. */
export async function releaseQuietly(
  deps: Pick<PaymentsDeps, 'sellers' | 'logger'>,
  seller: SellerName,
  quoteId: string,
  requestId?: string,
): Promise<void> {
  try {
    await sellerOf(deps.sellers, seller).release(quoteId, requestId);
  } catch (error) {
    deps.logger.warn({ err: error, quoteId }, 'could not release a quote; its hold will lapse');
  }
}
