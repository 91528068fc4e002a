import type { Kysely, Transaction } from 'kysely';
import type { PaymentsDatabase, RefundStatus } from '../../db/database';

type Db = Kysely<PaymentsDatabase> | Transaction<PaymentsDatabase>;

const columns = [
  'id',
  'orderId',
  'provider',
  'providerReference',
  'paymentMethod',
  'amount',
  'status',
  'refundStatus',
  'refundReason',
  'customerEmail',
  'customerName',
] as const;

export type OrderPaymentRow = NonNullable<Awaited<ReturnType<typeof findOrderPayment>>>;

/**
 * The payment that paid a catalog order. An order has at most one (orders.payment_id is unique
 * in catalog, and fulfil is idempotent on the payment); only a payment that went through carries
 * the order's id.
 */
export async function findOrderPayment(db: Db, orderId: number) {
  return db
    .selectFrom('payments')
    .select(columns)
    .where('seller', '=', 'catalog')
    .where('orderId', '=', orderId)
    .where('status', 'in', ['succeeded', 'refunded'])
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Claims the refund of a paid payment: sets its refund status only while it has none, so of any
 * number of concurrent requests exactly one gets the row back (and records, queues and e-mails).
 */
export async function claimRefund(
  trx: Transaction<PaymentsDatabase>,
  paymentId: string,
  claim: { refundStatus: Extract<RefundStatus, 'requested' | 'manual'>; refundReason: string },
) {
  return trx
    .updateTable('payments')
    .set({ ...claim, updatedAt: new Date() })
    .where('id', '=', paymentId)
    .where('status', '=', 'succeeded')
    .where('refundStatus', 'is', null)
    .returning(columns)
    .executeTakeFirst();
}
