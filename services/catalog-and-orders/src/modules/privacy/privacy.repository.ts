import { loweredEmails, replaceAll } from '@jesus-walks/service-kit/member-erasure';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { CatalogAndOrdersDatabase, OrdersTable } from '../../db/database';

/*
 * Every row of this schema that is about one member (issue 23), in one place: the member's export
 * reads them and their erasure rewrites them. A table that comes to hold a member's data is added
 * here; the erasure test searches every table of the schema, so one forgotten fails it.
 */

type Db = Kysely<CatalogAndOrdersDatabase> | Transaction<CatalogAndOrdersDatabase>;
type Trx = Transaction<CatalogAndOrdersDatabase>;

export type MemberOrderRow = Selectable<OrdersTable>;

/**
 * The member's orders: those of their account, and those placed as a guest with one of their
 * addresses (never an order of another account that happened to give the same address).
 */
export async function listMemberOrders(
  db: Db,
  member: { userId: number; emails: readonly string[] },
): Promise<MemberOrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
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

export async function listItemsOfOrders(db: Db, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('orderItems')
    .innerJoin('products', 'products.id', 'orderItems.productId')
    .select(['orderItems.orderId', 'products.name', 'orderItems.quantity', 'orderItems.price'])
    .where('orderItems.orderId', 'in', [...orderIds])
    .orderBy('orderItems.id')
    .execute();
}

export async function listCartEventsOf(db: Db, userId: number) {
  return db
    .selectFrom('cartEvents')
    .innerJoin('products', 'products.id', 'cartEvents.productId')
    .select(['products.name', 'cartEvents.quantity', 'cartEvents.createdAt'])
    .where('cartEvents.userId', '=', userId)
    .orderBy('cartEvents.createdAt')
    .orderBy('cartEvents.id')
    .execute();
}

/**
 * Removes the buyer's name, e-mail, phone and shipping address from these orders, keeping what
 * bookkeeping and refunds need (ids, amounts, dates, items, statuses). A confirmation not yet
 * queued never will be (it would go to no one). Answers how many orders still had something.
 */
export async function anonymiseOrders(trx: Trx, orderIds: readonly number[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const rows = await trx
    .updateTable('orders')
    .set({
      customerName: null,
      customerEmail: null,
      phoneNumber: null,
      shippingAddress: null,
      confirmationQueuedAt: sql<Date>`coalesce(confirmation_queued_at, now())`,
      updatedAt: sql<Date>`now()`,
    })
    .where('id', 'in', [...orderIds])
    .where((eb) =>
      eb.or([
        eb('customerName', 'is not', null),
        eb('customerEmail', 'is not', null),
        eb('phoneNumber', 'is not', null),
        eb('shippingAddress', 'is not', null),
      ]),
    )
    .returning('id')
    .execute();
  return rows.length;
}

export async function deleteCartEventsOf(trx: Trx, userId: number): Promise<number> {
  const result = await trx.deleteFrom('cartEvents').where('userId', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Stock held at a checkout in progress stays held (it lapses by itself), no longer named. */
export async function forgetStockHolder(trx: Trx, userId: number): Promise<number> {
  const result = await trx
    .updateTable('stockReservations')
    .set({ holderUserId: null })
    .where('holderUserId', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteRateLimitHitsOf(trx: Trx, userId: number): Promise<number> {
  const result = await trx.deleteFrom('rateLimitHits').where('key', '=', `user:${userId}`).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * What an admin wrote about these orders in words (cancellationReason) stays, without the member's
 * names, addresses and phone numbers. Answers how many changed.
 */
export async function scrubReasons(
  trx: Trx,
  ids: readonly number[],
  needles: readonly string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await trx
    .selectFrom('orders')
    .select(['id', 'cancellationReason'])
    .where('id', 'in', [...ids])
    .execute();
  let changed = 0;
  for (const row of rows) {
    const next = {
      cancellationReason:
        row.cancellationReason === null ? null : replaceAll(row.cancellationReason, needles),
    };
    if (next.cancellationReason === row.cancellationReason) continue;
    await trx.updateTable('orders').set(next).where('id', '=', row.id).execute();
    changed += 1;
  }
  return changed;
}

// ---------------------------------------------------------------------------------------------
// The activity record and the job queue: kept, without the member
