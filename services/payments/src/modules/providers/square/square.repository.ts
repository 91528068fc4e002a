import type { Kysely, Transaction } from 'kysely';
import type { PaymentsDatabase } from '../../../db/database';

type Db = Kysely<PaymentsDatabase> | Transaction<PaymentsDatabase>;

/**
 * Records Square's payment id on our payment in place of the placeholder reference, once:
 * 'adopted' when this call recorded it, 'same' when it was already recorded, 'other' when another
 * Square payment was recorded first.
 */
export async function adoptSquarePayment(
  db: Db,
  paymentId: string,
  squarePaymentId: string,
): Promise<'adopted' | 'same' | 'other'> {
  const updated = await db
    .updateTable('payments')
    .set({ providerReference: squarePaymentId, updatedAt: new Date() })
    .where('id', '=', paymentId)
    .where('provider', '=', 'square')
    .where('providerReference', 'like', 'sqpending\\_%')
    .returning('id')
    .executeTakeFirst();
  if (updated) return 'adopted';
  const current = await db
    .selectFrom('payments')
    .select('providerReference')
    .where('id', '=', paymentId)
    .executeTakeFirst();
  return current?.providerReference === squarePaymentId ? 'same' : 'other';
}
