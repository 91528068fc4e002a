import { type DomainError, notFound, outOfStock } from '@jesus-walks/service-kit/errors';
import type { Transaction } from 'kysely';
import type { CatalogAndOrdersDatabase } from '../../db/database';
import type { CatalogDeps, InTransaction } from '../../deps';
import {
  activeHolds,
  consumeLiveReservations,
  consumeReservations,
  decrementStock,
  type HolderKey,
  incrementStock,
  insertReservations,
  type LockedProduct,
  lockHolder,
  lockProducts,
  releaseExpiredReservations,
  releaseQuote,
  reservationsForHold,
  reservedQuantities,
  unconsumeReservations,
} from './stock.repository';

export type { HolderKey };

type Trx = Transaction<CatalogAndOrdersDatabase>;
/** The database, or `{ db: trx }` inside a transaction the caller holds. */
type StockDb = Pick<CatalogDeps, 'db'>;

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
  | {
      productId: number;
      kind: 'short';
      name: string;
      available: number;
      requested: number;
      /** On the shelf: when it covers the request, holds of open checkouts are why it is short. */
      stock: number;
    };

/**
 * Locks the lines' products and checks every line: each must be on sale (it exists and was not
 * taken off sale) and have the units available. Returns the locked products and every problem,
 * in the lines' order (nothing stops at the first one).
 */
async function lockAndCheck(
  trx: Trx,
  lines: ReadonlyArray<StockLine>,
  options: { exceptQuoteId?: string } & (
    | { checkout?: false }
    // A checkout's hold: test products do not exist to it; the client's own holds are read too.
    | { checkout: true; holder: HolderKey }
  ) = {},
): Promise<{
  products: Map<number, LockedProduct>;
  problems: StockProblem[];
  holderHolds: Array<{ quoteId: string; productId: number; quantity: number }>;
}> {
  const ids = lines.map((line) => line.productId);
  const products = new Map((await lockProducts(trx, ids)).map((product) => [product.id, product]));
  // Read once the products are locked: whoever held them before has committed its holds.
  const except = options.exceptQuoteId ? { exceptQuoteId: options.exceptQuoteId } : {};
  const { reserved, holderHolds } = options.checkout
    ? await reservationsForHold(trx, { productIds: ids, holder: options.holder, ...except })
    : { reserved: await reservedQuantities(trx, ids, except), holderHolds: [] };
  const problems: StockProblem[] = [];
  for (const line of lines) {
    const product = products.get(line.productId);
    // Test products are the admin's (manual orders only): to a checkout they do not exist.
    if (!product || (options.checkout && product.isTest)) {
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
          stock: product.stock,
        });
      }
    }
  }
  return { products, problems, holderHolds };
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
  deps: InTransaction,
  input: { items: ReadonlyArray<StockLine>; exceptQuoteId?: string },
): Promise<Map<number, LockedProduct>> {
  const trx = deps.db;
  const lines = mergeLines(input.items);
  const { products, problems } = await lockAndCheck(trx, lines, { exceptQuoteId: input.exceptQuoteId });
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
export async function returnStock(deps: InTransaction, items: ReadonlyArray<StockLine>): Promise<void> {
  const trx = deps.db;
  const lines = mergeLines(items).sort((a, b) => a.productId - b.productId);
  await lockProducts(
    trx,
    lines.map((line) => line.productId),
  );
  for (const line of lines) await incrementStock(trx, line.productId, line.quantity);
}

/** How long a checkout holds its stock, and how much one client may hold at once (env). */
export interface HoldLimits {
  minutes: number;
  /** Units of one product, over all the client's open checkouts. */
  unitsPerProduct: number;
  /** Checkouts holding stock at once. */
  checkouts: number;
}

/** A hold refused because the client would hold more than its share. */
export type HoldLimitProblem =
  | {
      kind: 'units';
      max: number;
      /** Each product over the limit: what the client holds already and what it asks for now. */
      lines: Array<{ productId: number; name: string; held: number; requested: number }>;
    }
  | { kind: 'checkouts'; max: number; open: number };

export type ReservationOutcome =
  | { reserved: true; products: Map<number, LockedProduct>; expiresAt: Date }
  | { reserved: false; problems: StockProblem[] }
  | { reserved: false; overLimit: HoldLimitProblem };

/**
 * Reserves the lines' units for a quote for `limits.minutes` (available = stock - active
 * reservations), for the holder: one client (an address, or a member from any address) may hold
 * at most `unitsPerProduct` of a product and `checkouts` checkouts at once, so that no visitor can
 * hold the stock other buyers could buy. A replaced quote's reservations do not count and are
 * released first, in the same transaction. When any line cannot be served nothing is written and
 * every problem is returned (the caller says them all); then the limits are checked.
 */
export async function reserveStock(
  deps: InTransaction,
  options: {
    quoteId: string;
    items: ReadonlyArray<StockLine>;
    limits: HoldLimits;
    holder: HolderKey;
    replacesQuoteId?: string;
  },
): Promise<ReservationOutcome> {
  const trx = deps.db;
  const { quoteId, items, limits, holder } = options;
  const except = options.replacesQuoteId ? { exceptQuoteId: options.replacesQuoteId } : {};
  const lines = mergeLines(items);
  // The client's lock first: its simultaneous quotes are counted one by one. Its own holds are read
  // with the products' (lockAndCheck).
  await lockHolder(trx, holder);
  const {
    products,
    problems,
    holderHolds: clientHolds,
  } = await lockAndCheck(trx, lines, { ...except, checkout: true, holder });
  if (problems.length > 0) return { reserved: false, problems };
  const heldByClient = new Map<number, number>();
  for (const hold of clientHolds) {
    heldByClient.set(hold.productId, (heldByClient.get(hold.productId) ?? 0) + hold.quantity);
  }

  const overUnits = lines.flatMap((line) => {
    const held = heldByClient.get(line.productId) ?? 0;
    const product = products.get(line.productId);
    return product && held + line.quantity > limits.unitsPerProduct
      ? [{ productId: line.productId, name: product.name, held, requested: line.quantity }]
      : [];
  });
  if (overUnits.length > 0) {
    return { reserved: false, overLimit: { kind: 'units', max: limits.unitsPerProduct, lines: overUnits } };
  }
  const open = new Set(clientHolds.map((hold) => hold.quoteId)).size;
  if (open + 1 > limits.checkouts) {
    return { reserved: false, overLimit: { kind: 'checkouts', max: limits.checkouts, open } };
  }

  if (options.replacesQuoteId) await releaseQuote(trx, options.replacesQuoteId);
  const expiresAt = await insertReservations(trx, quoteId, lines, { minutes: limits.minutes, holder });
  return { reserved: true, products, expiresAt };
}

/**
 * What a buyer can buy now of each product (stock less active holds, never below 0), and when the
 * first hold lapses: the moment that changes by itself.
 */
export async function availableNow(
  deps: StockDb,
  input: { products: ReadonlyArray<{ id: number; stock: number }>; all?: boolean },
): Promise<{ available: Map<number, number>; changesAt: Date | null }> {
  const { products } = input;
  const { reserved, nextExpiry } = await activeHolds(
    deps.db,
    input.all ? undefined : products.map((product) => product.id),
  );
  return {
    available: new Map(
      products.map((product) => [product.id, availableUnits(product.stock, reserved.get(product.id) ?? 0)]),
    ),
    changesAt: nextExpiry,
  };
}

export type QuotedStockOutcome = { taken: true } | { taken: false; shortOf: string };

/**
 * Takes a paid quote's units, inside the caller's transaction (the order's). While the quote's own
 * reservation is active, its units are taken with the guarded decrements alone and the
 * reservation consumed. Otherwise (it lapsed, was released, or the stock was lowered under it) its
 * products are locked in id order and each line needs stock minus other quotes' active
 * reservations: the units are taken anyway if nobody else holds them. When a line is short nothing
 * is taken, the quote's reservation is released, and the outcome names the product.
 */
export async function takeQuotedStock(
  deps: InTransaction,
  input: { quoteId: string; items: ReadonlyArray<StockLine & { name: string }> },
): Promise<QuotedStockOutcome> {
  const trx = deps.db;
  const { quoteId, items } = input;
  const names = new Map(items.map((item) => [item.productId, item.name]));
  // In id order, the order every transaction locks products in.
  const lines = mergeLines(items).sort((a, b) => a.productId - b.productId);

  // The common case: the quote's own reservation still holds every line. Every reservation was
  // made within stock less the others' (under the products' locks), so taking these units cannot
  // take anyone else's: the guarded decrements are all it needs, without reading the others' holds.
  const live = await consumeLiveReservations(trx, quoteId);
  if (live.length > 0) {
    const held = new Map(live.map((row) => [row.productId, row.quantity]));
    if (live.length === lines.length && lines.every((line) => held.get(line.productId) === line.quantity)) {
      const taken: StockLine[] = [];
      for (const line of lines) {
        if (!(await decrementStock(trx, line.productId, line.quantity))) {
          // The stock was lowered below what the reservations kept (an admin's edit): give back
          // what was taken, and decide as for a lapsed reservation below.
          for (const back of taken) await incrementStock(trx, back.productId, back.quantity);
          break;
        }
        taken.push(line);
      }
      if (taken.length === lines.length) return { taken: true };
    }
    await unconsumeReservations(trx, quoteId);
  }

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
export async function releaseQuoteStock(deps: StockDb, quoteId: string): Promise<boolean> {
  return (await releaseQuote(deps.db, quoteId)) > 0;
}

/** The scheduled clean-up: expired reservations are released (they already stopped counting). */
export async function releaseExpiredStock(deps: StockDb): Promise<number> {
  return releaseExpiredReservations(deps.db);
}
