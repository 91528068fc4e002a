import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import type { CatalogAndOrdersDatabase } from '../../db/database';

type Db = Kysely<CatalogAndOrdersDatabase>;
type Trx = Transaction<CatalogAndOrdersDatabase>;

export interface LockedProduct {
  id: number;
  name: string;
  price: string;
  stock: number;
  deletedAt: Date | null;
  /** An admin's test product: sold by manual orders only, never to a checkout. */
  isTest: boolean;
}

/**
 * Locks the products' rows for the rest of the transaction, in id order so that two transactions
 * locking overlapping sets can never deadlock. Whoever holds the lock is the only one deciding
 * what those products' stock and reservations become.
 */
export async function lockProducts(trx: Trx, productIds: readonly number[]): Promise<LockedProduct[]> {
  if (productIds.length === 0) return [];
  return trx
    .selectFrom('products')
    .select(['id', 'name', 'price', 'stock', 'deletedAt', 'isTest'])
    .where('id', 'in', [...productIds])
    .orderBy('id')
    .forUpdate()
    .execute();
}

/**
 * Units held by active reservations (unconsumed and not expired), per product. A quote being turned
 * into an order does not count against itself.
 */
export async function reservedQuantities(
  db: Db | Trx,
  productIds: readonly number[],
  options: { exceptQuoteId?: string } = {},
): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  let query = db
    .selectFrom('stockReservations')
    .select(['productId', sql<number>`sum(quantity)::int`.as('reserved')])
    .where('productId', 'in', [...productIds])
    .where('consumedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .groupBy('productId');
  if (options.exceptQuoteId) query = query.where('quoteId', '<>', options.exceptQuoteId);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.productId, row.reserved]));
}

/**
 * What active holds keep off the shelf now, per product (all of them when `productIds` is not
 * given), and when the first of them lapses: what the shop shows changes by itself then.
 */
export async function activeHolds(
  db: Db | Trx,
  productIds?: readonly number[],
): Promise<{ reserved: Map<number, number>; nextExpiry: Date | null }> {
  if (productIds?.length === 0) return { reserved: new Map(), nextExpiry: null };
  let query = db
    .selectFrom('stockReservations')
    .select([
      'productId',
      sql<number>`sum(quantity)::int`.as('reserved'),
      sql<Date>`min(expires_at)`.as('firstExpiry'),
    ])
    .where('consumedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .groupBy('productId');
  if (productIds) query = query.where('productId', 'in', [...productIds]);
  const rows = await query.execute();
  let nextExpiry: Date | null = null;
  for (const row of rows) {
    const expiry = new Date(row.firstExpiry);
    if (!nextExpiry || expiry < nextExpiry) nextExpiry = expiry;
  }
  return { reserved: new Map(rows.map((row) => [row.productId, row.reserved])), nextExpiry };
}

/**
 * Serialises the quotes of one client until the transaction ends, so that simultaneous requests
 * cannot each see room under a limit and together overshoot it. Keys are locked in one order, so
 * two transactions of a member on two addresses never wait for each other in a circle.
 */
export async function lockHolder(trx: Trx, holder: HolderKey): Promise<void> {
  const keys = [`address:${holder.address}`, ...(holder.userId === null ? [] : [`user:${holder.userId}`])];
  const names = keys.sort().map((key) => `catalog-and-orders/holder/${key}`);
  // One statement: a function scan yields the array's elements in their order, and locks in it.
  await sql`select pg_advisory_xact_lock(hashtextextended(name, 0))
              from unnest(${names}::text[]) with ordinality as locked(name, position)`.execute(trx);
}

/**
 * In one read, what a new hold must know: the units active reservations hold of each of these
 * products, and the client's own active holds (from its address, or the member's from any address),
 * line by line; the quote being replaced counts for neither.
 */
export async function reservationsForHold(
  db: Db | Trx,
  input: { productIds: readonly number[]; holder: HolderKey; exceptQuoteId?: string },
): Promise<{
  reserved: Map<number, number>;
  holderHolds: Array<{ quoteId: string; productId: number; quantity: number }>;
}> {
  const { holder, productIds } = input;
  const byHolder = (eb: ExpressionBuilder<CatalogAndOrdersDatabase, 'stockReservations'>) =>
    holder.userId === null
      ? eb('holderAddress', '=', holder.address)
      : eb.or([eb('holderAddress', '=', holder.address), eb('holderUserId', '=', holder.userId)]);
  let query = db
    .selectFrom('stockReservations')
    .select((eb) => ['quoteId', 'productId', 'quantity', byHolder(eb).as('isHolders')])
    .where('consumedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .where((eb) =>
      productIds.length > 0 ? eb.or([eb('productId', 'in', [...productIds]), byHolder(eb)]) : byHolder(eb),
    );
  if (input.exceptQuoteId) query = query.where('quoteId', '<>', input.exceptQuoteId);
  const rows = await query.execute();
  const wanted = new Set(productIds);
  const reserved = new Map<number, number>();
  for (const row of rows) {
    if (wanted.has(row.productId))
      reserved.set(row.productId, (reserved.get(row.productId) ?? 0) + row.quantity);
  }
  return {
    reserved,
    holderHolds: rows
      .filter((row) => row.isHolders)
      .map(({ quoteId, productId, quantity }) => ({ quoteId, productId, quantity })),
  };
}

/**
 * Takes units out of stock with a guard: the row changes only if it still has them, so stock can
 * never go below zero whatever else runs (the check constraint is the last line of defence).
 * Returns false when the guard refused.
 */
export async function decrementStock(trx: Trx, productId: number, quantity: number): Promise<boolean> {
  const result = await trx
    .updateTable('products')
    .set((eb) => ({ stock: eb('stock', '-', quantity) }))
    .where('id', '=', productId)
    .where('stock', '>=', quantity)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function incrementStock(trx: Trx, productId: number, quantity: number): Promise<void> {
  await trx
    .updateTable('products')
    .set((eb) => ({ stock: eb('stock', '+', quantity) }))
    .where('id', '=', productId)
    .execute();
}

/** Who a hold is for, as counted: the client's address key and the member's id (or null). */
export interface HolderKey {
  address: string;
  userId: number | null;
}

export async function insertReservations(
  trx: Trx,
  quoteId: string,
  lines: ReadonlyArray<{ productId: number; quantity: number }>,
  hold: { minutes: number; holder: HolderKey },
): Promise<Date> {
  const rows = await trx
    .insertInto('stockReservations')
    .values(
      lines.map((line) => ({
        quoteId,
        productId: line.productId,
        quantity: line.quantity,
        expiresAt: sql<Date>`now() + make_interval(mins => ${hold.minutes})`,
        holderAddress: hold.holder.address,
        holderUserId: hold.holder.userId,
      })),
    )
    .returning('expiresAt')
    .execute();
  const expiresAt = rows[0]?.expiresAt;
  if (!expiresAt) throw new Error('No reservation was inserted');
  return expiresAt;
}

/** Drops a quote's unconsumed reservations (quoted again, released, or its stock is gone); how many. */
export async function releaseQuote(db: Db | Trx, quoteId: string): Promise<number> {
  const result = await db
    .deleteFrom('stockReservations')
    .where('quoteId', '=', quoteId)
    .where('consumedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Marks a quote's reservations that still hold (unconsumed, not expired) as turned into an order,
 * and answers them: the units each product's live reservation kept for it.
 */
export async function consumeLiveReservations(
  trx: Trx,
  quoteId: string,
): Promise<Array<{ productId: number; quantity: number }>> {
  return trx
    .updateTable('stockReservations')
    .set({ consumedAt: sql<Date>`now()` })
    .where('quoteId', '=', quoteId)
    .where('consumedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .returning(['productId', 'quantity'])
    .execute();
}

/** Undoes consumeLiveReservations within its transaction (now() is the transaction's start). */
export async function unconsumeReservations(trx: Trx, quoteId: string): Promise<void> {
  await trx
    .updateTable('stockReservations')
    .set({ consumedAt: null })
    .where('quoteId', '=', quoteId)
    .where('consumedAt', '=', sql<Date>`now()`)
    .execute();
}

/** Marks a quote's reservations as turned into an order: they stop counting, the stock is taken. */
export async function consumeReservations(trx: Trx, quoteId: string): Promise<void> {
  await trx
    .updateTable('stockReservations')
    .set({ consumedAt: sql<Date>`now()` })
    .where('quoteId', '=', quoteId)
    .where('consumedAt', 'is', null)
    .execute();
}

/**
 * Releases every unconsumed reservation that has expired. They stopped counting the moment they
 * expired (stock checks compare expires_at with now()); this only removes the rows.
 */
export async function releaseExpiredReservations(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('stockReservations')
    .where('consumedAt', 'is', null)
    .where('expiresAt', '<=', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
