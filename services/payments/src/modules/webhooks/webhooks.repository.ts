import { type Kysely, sql, type Transaction } from 'kysely';
import type { PaymentsDatabase } from '../../db/database';

type Db = Kysely<PaymentsDatabase> | Transaction<PaymentsDatabase>;

/**
 * Records an event once per provider; false when it was already recorded (a redelivery).
 * `processed`: its effect is already done, so it is recorded processed.
 */
export async function recordEvent(
  db: Db,
  event: { provider: string; eventId: string; type: string; payload: unknown; processed?: boolean },
): Promise<boolean> {
  const { processed, ...values } = event;
  const inserted = await db
    .insertInto('webhookEvents')
    .values({
      ...values,
      payload: JSON.stringify(event.payload),
      ...(processed ? { processedAt: sql<Date>`now()` } : {}),
    })
    .onConflict((conflict) => conflict.columns(['provider', 'eventId']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function markEventProcessed(db: Db, provider: string, eventId: string): Promise<void> {
  await db
    .updateTable('webhookEvents')
    .set({ processedAt: sql<Date>`coalesce(processed_at, now())` })
    .where('provider', '=', provider)
    .where('eventId', '=', eventId)
    .execute();
}
