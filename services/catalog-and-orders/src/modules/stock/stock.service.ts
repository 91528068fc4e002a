import { type DomainError, notFound, outOfStock } from '@jesus-walks/service-kit/errors';
import type { Kysely, Transaction } from 'kysely';
import type { CatalogAndOrdersDatabase } from '../../db/database';
import {
  consumeReservations,
  decrementStock,
  incrementStock,
  insertReservations,
  type LockedProduct,
  lockProducts,
  releaseExpiredReservations,
  releaseQuote,
  reservedQuantities,
} from './stock.repository';

type Db = Kysely<CatalogAndOrdersDatabase>;
type Trx = Transaction<CatalogAndOrdersDatabase>;

export interface StockLine {
  productId: number;
  quantity: number;
}

/**
 * Sums the quantities of the same product (a cart may list it twice) so every check sees the
 * whole amount; keeps the order in which products first appear.
 */
export function mergeLines(items: ReadonlyArray<StockLine>): StockLine[] {
  const merged = new Map<number, number>();
  for (const item of items) merged.set(item.productId, (merged.get(item.productId) ?? 0) + item.quantity);
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

/** Units that can still be promised: stock minus active reservations, never below zero. */
export function availableUnits(stock: number, reserved: number): number {
  return Math.max(0, stock - reserved);
}

export function shortageMessage(name: string, available: number, requested: number): string {
  if (available === 0) return `${name} is out of stock`;
  return `Not enough stock for ${name}: ${available} available, ${requested} requested`;
}

/** Why a line cannot be served as asked. */
export type StockProblem =
  | { productId: number; kind: 'unknown' }
  | { productId: number; kind: 'withdrawn'; name: string }
  | { productId: number; kind: 'short'; name: string; available: number; requested: number };

/**
 * Locks the lines' products and checks every line: each must be on sale (it exists and was not
 * taken off sale) and have the units available. Returns the locked products and every problem,
 * in the lines' order (nothing stops at the first one).
 */
async function lockAndCheck(
  trx: Trx,
  lines: ReadonlyArray<StockLine>,
  options: { exceptQuoteId?: string } = {},
): Promise<{ products: Map<number, LockedProduct>; problems: StockProblem[] }> {
  const ids = lines.map((line) => line.productId);
  const products = new Map((await lockProducts(trx, ids)).map((product) => [product.id, product]));
  const reserved = await reservedQuantities(trx, ids, options);
  const problems: StockProblem[] = [];
  for (const line of lines) {
    const product = products.get(line.productId);
    if (!product) {
      problems.push({ productId: line.productId, kind: 'unknown' });
    } else if (product.deletedAt) {
      problems.push({ productId: line.productId, kind: 'withdrawn', name: product.name });
    } else {
      const available = availableUnits(product.stock, reserved.get(product.id) ?? 0);
      if (available < line.quantity) {
        problems.push({
          productId: line.productId,
          kind: 'short',
          name: product.name,
          available,
          requested: line.quantity,
        });
      }
    }
  }
  return { products, problems };
}

/**
 * The admin order's refusal, one problem at a time: 404 for a product that does not exist (or was
 * taken off sale) before 409 for the first line short of stock.
 */
function firstProblemError(problems: readonly StockProblem[]): DomainError | undefined {
  const missing = problems.find((problem) => problem.kind !== 'short');
  if (missing) return notFound(`Product ${missing.productId} not found`);
  const short = problems.find((problem) => problem.kind === 'short');
  if (short) return outOfStock(shortageMessage(short.name, short.available, short.requested));
  return undefined;
}

/**
 * Takes the lines' units out of stock, inside the caller's transaction: all of them or none.
 * Units held by other quotes' reservations are not available; `exceptQuoteId` is the quote being
 * turned into this order. Returns the locked products (name and current price).
 */
export async function takeStock(
  trx: Trx,
  items: ReadonlyArray<StockLine>,
  options: { exceptQuoteId?: string } = {},
): Promise<Map<number, LockedProduct>> {
  const lines = mergeLines(items);
  const { products, problems } = await lockAndCheck(trx, lines, options);
  const refusal = firstProblemError(problems);
  if (refusal) throw refusal;
  for (const line of lines) {
    // Cannot refuse while we hold the lock and just checked; kept as the guard the design promises.
    if (!(await decrementStock(trx, line.productId, line.quantity))) {
      const product = products.get(line.productId) as LockedProduct;
      throw outOfStock(shortageMessage(product.name, product.stock, line.quantity));
    }
  }
  return products;
}

/** Puts units back on the shelf (an unshipped order cancelled or deleted). */
export async function returnStock(trx: Trx, items: ReadonlyArray<StockLine>): Promise<void> {
  const lines = mergeLines(items).sort((a, b) => a.productId - b.productId);
  await lockProducts(
    trx,
    lines.map((line) => line.productId),
  );
  for (const line of lines) await incrementStock(trx, line.productId, line.quantity);
}

export type ReservationOutcome =
  | { reserved: true; products: Map<number, LockedProduct>; expiresAt: Date }
  | { reserved: false; problems: StockProblem[] };

/**
 * Reserves the lines' units for a quote for `minutes` (available = stock - active reservations).
 * A replaced quote's reservations are released first, in the same transaction. When any line
 * cannot be served nothing is written and every problem is returned (the caller says them all).
 */
export async function reserveStock(
  trx: Trx,
  quoteId: string,
  items: ReadonlyArray<StockLine>,
  options: { minutes: number; replacesQuoteId?: string },
): Promise<ReservationOutcome> {
  const lines = mergeLines(items);
  const { products, problems } = await lockAndCheck(
    trx,
    lines,
    options.replacesQuoteId ? { exceptQuoteId: options.replacesQuoteId } : {},
  );
  if (problems.length > 0) return { reserved: false, problems };
  if (options.replacesQuoteId) await releaseQuote(trx, options.replacesQuoteId);
  const expiresAt = await insertReservations(trx, quoteId, lines, options.minutes);
  return { reserved: true, products, expiresAt };
}

export type QuotedStockOutcome = { taken: true } | { taken: false; shortOf: string };

/**
 * Takes a paid quote's units, inside the caller's transaction (the order's). Its products are
 * locked in id order; each line needs stock minus other quotes' active reservations: while the
 * quote's own reservation is active that always holds, once it has lapsed (or was released) the
 * units are taken anyway if nobody else holds them. Then the stock is decremented with the guard
 * and the reservation consumed. When a line is short nothing is taken, the quote's reservation is
 * released, and the outcome names the product.
 */
export async function takeQuotedStock(
  trx: Trx,
  quoteId: string,
  items: ReadonlyArray<StockLine & { name: string }>,
): Promise<QuotedStockOutcome> {
  const names = new Map(items.map((item) => [item.productId, item.name]));
  const lines = mergeLines(items);
  const ids = lines.map((line) => line.productId);
  const products = new Map((await lockProducts(trx, ids)).map((product) => [product.id, product]));
  const reservedByOthers = await reservedQuantities(trx, ids, { exceptQuoteId: quoteId });
  for (const line of lines) {
    const product = products.get(line.productId);
    const available = product ? availableUnits(product.stock, reservedByOthers.get(line.productId) ?? 0) : 0;
    if (available < line.quantity) {
      await releaseQuote(trx, quoteId);
      return {
        taken: false,
        shortOf: product?.name ?? names.get(line.productId) ?? `Product ${line.productId}`,
      };
    }
  }
  for (const line of lines) {
    // Cannot refuse while we hold the lock and just checked; if it ever did, the order rolls back.
    if (!(await decrementStock(trx, line.productId, line.quantity))) {
      throw new Error(`The stock guard refused product ${line.productId} under its lock`);
    }
  }
  await consumeReservations(trx, quoteId);
  return { taken: true };
}

/** Releases a quote's unconsumed reservations (the buyer left or chose again): true when any were held. */
export async function releaseQuoteStock(db: Db, quoteId: string): Promise<boolean> {
  return (await releaseQuote(db, quoteId)) > 0;
}

/** The scheduled clean-up: expired reservations are released (they already stopped counting). */
export async function releaseExpiredStock(db: Db): Promise<number> {
  return releaseExpiredReservations(db);
}
