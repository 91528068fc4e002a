import type { Insertable, Kysely, Transaction } from 'kysely';
import type { CryptoChargeStatus, CryptoChargesTable, PaymentsDatabase } from '../../db/database';

type Db = Kysely<PaymentsDatabase> | Transaction<PaymentsDatabase>;

const columns = [
  'code',
  'paymentId',
  'intentId',
  'provider',
  'cryptocurrency',
  'cryptoAmount',
  'walletAddress',
  'amount',
  'status',
  'expiresAt',
] as const;

export type CryptoChargeRow = Awaited<ReturnType<typeof findCharge>> & {};

export async function insertCharge(
  trx: Transaction<PaymentsDatabase>,
  values: Insertable<CryptoChargesTable>,
): Promise<CryptoChargeRow> {
  return trx.insertInto('cryptoCharges').values(values).returning(columns).executeTakeFirstOrThrow();
}

export async function findCharge(db: Db, code: string) {
  return db.selectFrom('cryptoCharges').select(columns).where('code', '=', code).executeTakeFirst();
}

export async function lockCharge(trx: Transaction<PaymentsDatabase>, code: string) {
  return trx
    .selectFrom('cryptoCharges')
    .select(columns)
    .where('code', '=', code)
    .forUpdate()
    .executeTakeFirst();
}

/** The newest charge of a payment (a retry after an expiry makes a new one). */
export async function latestChargeOf(db: Db, paymentId: string) {
  return db
    .selectFrom('cryptoCharges')
    .select(columns)
    .where('paymentId', '=', paymentId)
    .orderBy('createdAt', 'desc')
    .orderBy('code')
    .limit(1)
    .executeTakeFirst();
}

export async function lockOpenChargesOf(trx: Transaction<PaymentsDatabase>, paymentId: string) {
  return trx
    .selectFrom('cryptoCharges')
    .select(columns)
    .where('paymentId', '=', paymentId)
    .where('status', '=', 'open')
    .forUpdate()
    .execute();
}

export async function setChargeStatus(
  trx: Transaction<PaymentsDatabase>,
  code: string,
  status: CryptoChargeStatus,
): Promise<void> {
  await trx
    .updateTable('cryptoCharges')
    .set({ status, updatedAt: new Date() })
    .where('code', '=', code)
    .execute();
}
