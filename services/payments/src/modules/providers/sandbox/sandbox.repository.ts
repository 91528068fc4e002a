import type { Kysely, Transaction } from 'kysely';
import type { PaymentsDatabase, SandboxIntentStatus } from '../../../db/database';

type Db = Kysely<PaymentsDatabase> | Transaction<PaymentsDatabase>;

const columns = [
  'id',
  'clientSecret',
  'amountCents',
  'currency',
  'status',
  'failureMessage',
  'paymentId',
  'refundId',
] as const;

/** Inserts an intent, or answers the one already created with this idempotency key. */
export async function insertSandboxIntent(
  db: Db,
  values: {
    id: string;
    clientSecret: string;
    amountCents: number;
    currency: string;
    paymentId: string;
    idempotencyKey: string;
  },
) {
  const inserted = await db
    .insertInto('sandboxIntents')
    .values(values)
    .onConflict((conflict) => conflict.column('idempotencyKey').doNothing())
    .returning(columns)
    .executeTakeFirst();
  if (inserted) return inserted;
  return db
    .selectFrom('sandboxIntents')
    .select(columns)
    .where('idempotencyKey', '=', values.idempotencyKey)
    .executeTakeFirstOrThrow();
}

export async function findSandboxIntent(db: Db, id: string) {
  return db.selectFrom('sandboxIntents').select(columns).where('id', '=', id).executeTakeFirst();
}

export async function lockSandboxIntent(
  trx: Transaction<PaymentsDatabase>,
  by: { id: string } | { clientSecret: string },
) {
  const query = trx.selectFrom('sandboxIntents').select(columns).forUpdate();
  return (
    'id' in by ? query.where('id', '=', by.id) : query.where('clientSecret', '=', by.clientSecret)
  ).executeTakeFirst();
}

/**
 * Changes an intent still open to payment (neither succeeded nor cancelled) and answers it as
 * changed, locked for the rest of the transaction; undefined when it is not open (or not there).
 */
export async function updateOpenSandboxIntent(
  trx: Transaction<PaymentsDatabase>,
  id: string,
  changes: Partial<{ status: SandboxIntentStatus; failureMessage: string | null }>,
) {
  return trx
    .updateTable('sandboxIntents')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', id)
    .where('status', 'not in', ['succeeded', 'canceled'])
    .returning(columns)
    .executeTakeFirst();
}

export async function updateSandboxIntent(
  trx: Transaction<PaymentsDatabase>,
  id: string,
  changes: Partial<{
    status: SandboxIntentStatus;
    failureMessage: string | null;
    refundId: string;
    refundedAt: Date;
  }>,
): Promise<void> {
  await trx
    .updateTable('sandboxIntents')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Cancels an intent nobody paid; a paid one is left as it is. */
export async function cancelUnpaidSandboxIntent(db: Db, id: string): Promise<void> {
  await db
    .updateTable('sandboxIntents')
    .set({ status: 'canceled', updatedAt: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'requires_payment_method')
    .execute();
}
