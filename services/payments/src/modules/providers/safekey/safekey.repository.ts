import type { Kysely, Transaction } from 'kysely';
import type { PaymentsDatabase, SafekeyPaymentStatus } from '../../../db/database';

type Db = Kysely<PaymentsDatabase> | Transaction<PaymentsDatabase>;

const columns = [
  'id',
  'clientSecret',
  'paymentId',
  'amountCents',
  'currency',
  'status',
  'network',
  'authReference',
  'failureMessage',
  'refundReference',
] as const;

export type SafekeyPaymentRow = NonNullable<Awaited<ReturnType<typeof findSafekeyPayment>>>;

/** Inserts SafeKey's side of a payment, or answers the one already made with this idempotency key. */
export async function insertSafekeyPayment(
  db: Db,
  values: {
    id: string;
    clientSecret: string;
    paymentId: string;
    amountCents: number;
    currency: string;
    network: string;
    idempotencyKey: string;
  },
) {
  const inserted = await db
    .insertInto('safekeyPayments')
    .values(values)
    .onConflict((conflict) => conflict.column('idempotencyKey').doNothing())
    .returning(columns)
    .executeTakeFirst();
  if (inserted) return inserted;
  return db
    .selectFrom('safekeyPayments')
    .select(columns)
    .where('idempotencyKey', '=', values.idempotencyKey)
    .executeTakeFirstOrThrow();
}

export async function findSafekeyPayment(db: Db, id: string) {
  return db.selectFrom('safekeyPayments').select(columns).where('id', '=', id).executeTakeFirst();
}

/**
 * Claims an unpaid payment for one authorisation ('processing'): two calls at once never both reach
 * the network. Answers false when it is not open (paid, cancelled, or another call has it).
 */
export async function claimSafekeyPayment(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('safekeyPayments')
    .set({ status: 'processing', updatedAt: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'requires_payment_method')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updateSafekeyPayment(
  db: Db,
  id: string,
  changes: Partial<{
    status: SafekeyPaymentStatus;
    authReference: string | null;
    failureMessage: string | null;
    refundReference: string;
    refundedAt: Date;
  }>,
): Promise<void> {
  await db
    .updateTable('safekeyPayments')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Cancels a payment nobody paid; a paid or processing one is left as it is. */
export async function cancelUnpaidSafekeyPayment(db: Db, id: string): Promise<void> {
  await db
    .updateTable('safekeyPayments')
    .set({ status: 'canceled', updatedAt: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'requires_payment_method')
    .execute();
}
