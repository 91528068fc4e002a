import { containsPattern, loweredEmails, replaceAll } from '@jesus-walks/service-kit/member-erasure';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { PaymentsDatabase } from '../../db/database';

/*
 * Every row of this schema that is about one member (issue 23), in one place: the member's export
 * reads them and their erasure rewrites them. A table that comes to hold a member's data is added
 * here; the erasure test searches every table of the schema, so one forgotten fails it.
 */

type Db = Kysely<PaymentsDatabase> | Transaction<PaymentsDatabase>;
type Trx = Transaction<PaymentsDatabase>;

/**
 * The member's payments: those of their account, and those made as a guest with one of their
 * addresses (never a payment of another account that gave the same address).
 */
export async function listMemberPayments(db: Db, member: { userId: number; emails: readonly string[] }) {
  return db
    .selectFrom('payments')
    .select([
      'id',
      'userId',
      'seller',
      'orderId',
      'registrationId',
      'provider',
      'providerReference',
      'paymentMethod',
      'amount',
      'currency',
      'status',
      'failureReason',
      'refundStatus',
      'refundReason',
      'refundedAt',
      'customerName',
      'customerEmail',
      'customerPhone',
      'shippingAddress',
      'createdAt',
      'updatedAt',
    ])
    .where((eb) =>
      eb.or([
        eb('userId', '=', member.userId),
        eb.and([
          eb('userId', 'is', null),
          eb(sql<string>`lower(customer_email)`, 'in', loweredEmails(member.emails)),
        ]),
      ]),
    )
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

export type MemberPaymentRow = Awaited<ReturnType<typeof listMemberPayments>>[number];

/**
 * Removes the payer's name, e-mail, phone and shipping address from these payments, keeping what
 * bookkeeping and refunds need (ids, amounts, method, provider and its reference, statuses,
 * dates, refund state). Answers how many payments still had something.
 */
export async function anonymisePayments(trx: Trx, paymentIds: readonly string[]): Promise<number> {
  if (paymentIds.length === 0) return 0;
  const rows = await trx
    .updateTable('payments')
    .set({
      customerName: null,
      customerEmail: null,
      customerPhone: null,
      shippingAddress: null,
      updatedAt: sql<Date>`now()`,
    })
    .where('id', 'in', [...paymentIds])
    .where((eb) =>
      eb.or([
        eb('customerName', 'is not', null),
        eb('customerEmail', 'is not', null),
        eb('customerPhone', 'is not', null),
        eb('shippingAddress', 'is not', null),
      ]),
    )
    .returning('id')
    .execute();
  return rows.length;
}

/**
 * The processors' notifications about these payments, once handled, keep their id and type (they
 * de-duplicate later deliveries) but not their payload: the processor's copy of the payer's
 * details. One not handled yet keeps it for its job.
 */
export async function forgetWebhookPayloads(
  trx: Trx,
  input: { references: readonly string[]; emails: readonly string[] },
): Promise<number> {
  const patterns = [...input.references, ...input.emails].filter((text) => text !== '').map(containsPattern);
  if (patterns.length === 0) return 0;
  const result = await trx
    .updateTable('webhookEvents')
    .set({ payload: null })
    .where('processedAt', 'is not', null)
    .where('payload', 'is not', null)
    .where(sql<string>`payload::text`, 'ilike', sql<string>`any(${patterns}::text[])`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The member's counts of declined attempts ('user:42', and 'user:42' + attempt). */
export async function deleteRateLimitHitsOf(trx: Trx, userId: number): Promise<number> {
  const whose = `user:${userId}`;
  const result = await trx
    .deleteFrom('rateLimitHits')
    .where((eb) => eb.or([eb('key', '=', whose), eb('key', 'like', `${whose}\n%`)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * What an admin wrote about these payments in words (refundReason, failureReason) stays, without the member's
 * names, addresses and phone numbers. Answers how many changed.
 */
export async function scrubReasons(
  trx: Trx,
  ids: readonly string[],
  needles: readonly string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await trx
    .selectFrom('payments')
    .select(['id', 'refundReason', 'failureReason'])
    .where('id', 'in', [...ids])
    .execute();
  let changed = 0;
  for (const row of rows) {
    const next = {
      refundReason: row.refundReason === null ? null : replaceAll(row.refundReason, needles),
      failureReason: row.failureReason === null ? null : replaceAll(row.failureReason, needles),
    };
    if (next.refundReason === row.refundReason && next.failureReason === row.failureReason) continue;
    await trx.updateTable('payments').set(next).where('id', '=', row.id).execute();
    changed += 1;
  }
  return changed;
}

// ---------------------------------------------------------------------------------------------
// The activity record and the job queue: kept, without the member
