import type { Kysely, Transaction } from 'kysely';
import type { PaymentsDatabase } from '../../db/database';

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
