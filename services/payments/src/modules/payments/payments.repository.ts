import { type Kysely, sql, type Transaction, type Updateable } from 'kysely';
import type {
  PaymentRecordColumn,
  PaymentStatus,
  PaymentsDatabase,
  PaymentsTable,
  RefundStatus,
  StoredAddress,
  StoredQuote,
} from '../../db/database';

type Db = Kysely<PaymentsDatabase> | Transaction<PaymentsDatabase>;

const columns = [
  'id',
  'provider',
  'providerReference',
  'amount',
  'currency',
  'status',
  'quote',
  'quoteId',
  'quoteExpiresAt',
  'orderId',
  'userId',
  'customerName',
  'customerEmail',
  'customerPhone',
  'shippingAddress',
  'paymentMethod',
  'failureReason',
  'refundStatus',
  'refundReason',
  'refundReference',
  'seller',
  'registrationId',
  'secretHash',
] as const;

export type PaymentRow = Awaited<ReturnType<typeof findPayment>> & {};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function insertPayment(
  db: Db,
  values: {
    id: string;
    provider: string;
    providerReference: string;
    amount: string;
    quote: StoredQuote;
    quoteId: string;
    quoteExpiresAt: string;
    userId: number | null;
    customerName: string | null;
    shippingAddress: StoredAddress;
    paymentMethod: string;
    idempotencyKey: string;
    seller?: 'catalog' | 'events';
    customerEmail?: string | null;
    /** SHA-256 of the paying browser's payment secret (payment-secret.ts). */
    secretHash: string;
  },
): Promise<void> {
  await db.insertInto('payments').values(values).execute();
}

export async function findPayment(db: Db, id: string) {
  if (!UUID.test(id)) return undefined;
  return db.selectFrom('payments').select(columns).where('id', '=', id).executeTakeFirst();
}

export async function findPaymentByReference(db: Db, provider: string, reference: string) {
  return db
    .selectFrom('payments')
    .select(columns)
    .where('provider', '=', provider)
    .where('providerReference', '=', reference)
    .executeTakeFirst();
}

export async function lockPayment(trx: Transaction<PaymentsDatabase>, id: string) {
  return trx.selectFrom('payments').select(columns).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updatePayment(
  db: Db,
  id: string,
  changes: Omit<Updateable<PaymentsTable>, 'id' | 'updatedAt'>,
): Promise<void> {
  await db
    .updateTable('payments')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

/**
 * What a seller's fulfil made, recorded on a payment that has none yet, in one statement: the
 * payment succeeded (or stays refunded). False when the payment already had one (or is not there).
 */
export async function recordFulfilled(
  db: Db,
  id: string,
  column: PaymentRecordColumn,
  recordId: number,
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({
      [column]: recordId,
      status: sql<PaymentStatus>`case when status = 'refunded' then 'refunded' else 'succeeded' end`,
      failureReason: null,
      updatedAt: new Date(),
    })
    .where('id', '=', id)
    .where(column, 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The buyer's contact on a payment not yet finalised; false when there is none such. */
export async function setContact(
  db: Db,
  id: string,
  contact: { customerName: string; customerEmail: string | null; customerPhone: string | null },
): Promise<boolean> {
  const updated = await db
    .updateTable('payments')
    .set({ ...contact, updatedAt: new Date() })
    .where('id', '=', id)
    .where('orderId', 'is', null)
    .where('status', 'in', ['pending', 'failed'])
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

/**
 * The contact fields given, on a payment not yet finalised: filling only the empty ones, or
 * replacing what is there (`replace`).
 */
export async function fillContact(
  db: Db,
  id: string,
  contact: {
    customerName?: string | undefined;
    customerEmail?: string | undefined;
    customerPhone?: string | undefined;
  },
  replace = false,
): Promise<void> {
  const merged = (column: string, value: string | undefined) => {
    const given = sql<string | null>`${value ?? null}::text`;
    return replace
      ? sql<string | null>`coalesce(${given}, ${sql.ref(column)})`
      : sql<string | null>`coalesce(${sql.ref(column)}, ${given})`;
  };
  await db
    .updateTable('payments')
    .set({
      customerName: merged('customer_name', contact.customerName),
      customerEmail: merged('customer_email', contact.customerEmail),
      customerPhone: merged('customer_phone', contact.customerPhone),
    })
    .where('id', '=', id)
    .where('orderId', 'is', null)
    .execute();
}

/** A failed attempt (the buyer may try another card on the same intent). */
export async function markFailed(db: Db, id: string, reason: string): Promise<void> {
  await db
    .updateTable('payments')
    .set({ status: 'failed', failureReason: reason, updatedAt: new Date() })
    .where('id', '=', id)
    .where('orderId', 'is', null)
    .where('status', 'in', ['pending', 'failed'])
    .execute();
}

/** Open payments (nobody paid, no order) whose quote's reservation has lapsed. */
export async function findExpiredOpenPayments(db: Db, limit: number) {
  return db
    .selectFrom('payments')
    .select(columns)
    .where('status', 'in', ['pending', 'failed'])
    .where('orderId', 'is', null)
    .where('quoteExpiresAt', '<', sql<Date>`now()`)
    .orderBy('quoteExpiresAt')
    .limit(limit)
    .execute();
}

/** Cancels a payment that is still open; false when it moved on meanwhile. */
export async function cancelOpenPayment(db: Db, id: string, reason: string): Promise<boolean> {
  const updated = await db
    .updateTable('payments')
    .set({ status: 'cancelled', failureReason: reason, updatedAt: new Date() })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'failed'])
    .where('orderId', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

/**
 * Claims the refund of a paid payment: sets its refund status only while it has none, so of any
 * number of concurrent requests exactly one gets the row back (and records, queues and e-mails).
 */
export async function claimPaymentRefund(
  trx: Transaction<PaymentsDatabase>,
  id: string,
  claim: { refundStatus: Extract<RefundStatus, 'requested' | 'manual'>; refundReason: string },
) {
  return trx
    .updateTable('payments')
    .set({ ...claim, updatedAt: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'succeeded')
    .where('refundStatus', 'is', null)
    .returning(columns)
    .executeTakeFirst();
}
