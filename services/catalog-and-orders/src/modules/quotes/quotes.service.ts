import { randomUUID } from 'node:crypto';
import { fromCents, toCents } from '@jesus-walks/contracts/money';
import type { Quote, QuoteBody } from '@jesus-walks/contracts/orders';
import type { Holder } from '@jesus-walks/contracts/payable';
import { addressLimitKey } from '@jesus-walks/service-kit/client-address';
import { businessRule, DomainError, type ErrorIssue } from '@jesus-walks/service-kit/errors';
import type { CatalogDeps, InTransaction } from '../../deps';
import type { Env } from '../../env';
import { type PricedRate, shippingRates } from '../shipping/shipping.service';
import {
  type HolderKey,
  type HoldLimitProblem,
  type HoldLimits,
  mergeLines,
  releaseQuoteStock,
  reserveStock,
  type StockProblem,
} from '../stock/stock.service';
import {
  findQuote,
  insertQuote,
  lockQuote,
  pruneStaleQuotes as pruneQuotes,
  type QuoteRow,
} from './quotes.repository';

export type { QuoteRow };

/** The database, or `{ db: trx }` inside a transaction the caller holds. */
type QuotesDb = Pick<CatalogDeps, 'db'>;

function chooseMethod(rates: readonly PricedRate[], methodId: number | undefined): PricedRate {
  if (methodId === undefined) {
    const cheapest = rates[0];
    if (!cheapest) throw businessRule('We do not ship to this address');
    return cheapest;
  }
  const chosen = rates.find((rate) => rate.id === methodId);
  if (!chosen) throw businessRule('The chosen shipping method does not ship to this address');
  return chosen;
}

/** The holds of a checkout, from the environment (STOCK_HOLD_*). */
export function holdLimitsOf(env: Env): HoldLimits {
  return {
    minutes: env.STOCK_HOLD_MINUTES,
    unitsPerProduct: env.STOCK_HOLD_UNITS_PER_PRODUCT_PER_CLIENT,
    checkouts: env.STOCK_HOLD_CHECKOUTS_PER_CLIENT,
  };
}

/** The holder as counted: an IPv6 client by its /64, as every limit per address counts it. */
function holderKey(holder: Holder): HolderKey {
  return { address: addressLimitKey(holder.address), userId: holder.userId };
}

/**
 * A problem said for the buyer: 'Only 2 Trail Cap left', 'Trail Cap is sold out'... and, when the
 * shelf has them but open checkouts hold them for a few minutes, says so: the buyer may try again.
 * Whose checkouts they are is not said: behind one address may be many shoppers.
 */
export function problemMessage(problem: StockProblem): string {
  switch (problem.kind) {
    case 'unknown':
      return 'This product is no longer sold';
    case 'withdrawn':
      return `${problem.name} is no longer sold`;
    case 'short': {
      const { available, name, requested, stock } = problem;
      if (stock < requested) return available > 0 ? `Only ${available} ${name} left` : `${name} is sold out`;
      return available > 0
        ? `Only ${available} ${name} left right now: other shoppers are checking out with the rest`
        : `${name} is sold out right now: other shoppers are checking out with the rest. Try again in a few minutes`;
    }
  }
}

/**
 * A hold refused because the client would hold more than its share: 422 (with the line) for the
 * units of a product, 429 for the checkouts open at once. Said so a buyer knows what to do.
 */
export function holdLimitRefusal(
  items: QuoteBody['items'],
  problem: HoldLimitProblem,
  minutes: number,
): DomainError {
  if (problem.kind === 'checkouts') {
    const open =
      problem.open === 1
        ? 'a checkout open, the most one shopper can have at once. Finish or leave it'
        : `${problem.open} checkouts open, the most one shopper can have at once. Finish or leave one of them`;
    return new DomainError(
      'rate_limited',
      `You already have ${open} (or wait up to ${minutes} minutes for it to lapse), then try again.`,
    );
  }
  const issues: ErrorIssue[] = problem.lines.map((line) => ({
    path: ['items', items.findIndex((item) => item.productId === line.productId)],
    message:
      line.held > 0
        ? `You already hold ${line.held} ${line.name} in another open checkout: one shopper can check out at most ${problem.max} at a time`
        : `One shopper can check out at most ${problem.max} ${line.name} at a time`,
  }));
  const message =
    issues.length === 1 && issues[0]
      ? issues[0].message
      : `${issues.length} items in the cart are more than one shopper can check out at a time (${problem.max} of each)`;
  return new DomainError('business_rule', message, issues);
}

/**
 * A refused quote with every problem at once, as issues at ['items', i]: i is the index in the
 * request's items, the first one of the product when a cart lists it twice (its quantities were
 * summed). 409 out_of_stock when any line is short; 404 not_found when every problem is a product
 * that does not exist or is no longer sold.
 */
export function quoteRefusal(items: QuoteBody['items'], problems: readonly StockProblem[]): DomainError {
  const issues: ErrorIssue[] = problems.map((problem) => ({
    path: ['items', items.findIndex((item) => item.productId === problem.productId)],
    message: problemMessage(problem),
  }));
  const message =
    issues.length === 1 && issues[0]
      ? issues[0].message
      : `${issues.length} items in the cart cannot be sold as asked`;
  const anyShort = problems.some((problem) => problem.kind === 'short');
  return new DomainError(anyShort ? 'out_of_stock' : 'not_found', message, issues);
}

/**
 * The internal quote (payments asks it before creating a payment): every price from the catalog
 * (client prices ignored), shipping from the chosen method in the address's zone, total =
 * subtotal + shipping, all in integer cents; the items' stock held for the holder for a few minutes
 * (STOCK_HOLD_MINUTES) within what one client may hold at once, and the quote stored as priced in
 * the same transaction (fulfilling it creates the order at these prices). Every line is checked: a
 * refusal lists all of them (see quoteRefusal); 422 no shipping to the address; 422 or 429 past
 * the client's share (holdLimitRefusal).
 */
export async function createQuote(deps: Pick<CatalogDeps, 'db' | 'holds'>, body: QuoteBody): Promise<Quote> {
  const { db, holds } = deps;
  const method = chooseMethod(await shippingRates(deps, body.destination), body.shippingMethodId);
  const lines = mergeLines(body.items);
  const quoteId = randomUUID();
  const { rateCents, ...shippingMethod } = method;
  return db.transaction().execute(async (trx) => {
    const reservation = await reserveStock(
      { db: trx },
      {
        quoteId,
        items: lines,
        limits: holds,
        holder: holderKey(body.holder),
        ...(body.replacesQuoteId ? { replacesQuoteId: body.replacesQuoteId } : {}),
      },
    );
    if (!reservation.reserved) {
      throw 'overLimit' in reservation
        ? holdLimitRefusal(body.items, reservation.overLimit, holds.minutes)
        : quoteRefusal(body.items, reservation.problems);
    }
    const { products, expiresAt } = reservation;

    let subtotalCents = 0;
    const items = lines.map((line) => {
      const product = products.get(line.productId);
      if (!product) throw new Error(`Reserved product ${line.productId} was not locked`);
      const unitCents = toCents(product.price);
      const lineCents = unitCents * line.quantity;
      subtotalCents += lineCents;
      return {
        productId: product.id,
        name: product.name,
        quantity: line.quantity,
        unitPrice: fromCents(unitCents),
        lineTotal: fromCents(lineCents),
      };
    });
    const quote: Quote = {
      quoteId,
      currency: 'USD',
      items,
      subtotal: fromCents(subtotalCents),
      shipping: fromCents(rateCents),
      total: fromCents(subtotalCents + rateCents),
      shippingMethod,
      expiresAt: expiresAt.toISOString(),
    };
    await insertQuote(trx, {
      id: quoteId,
      items,
      subtotal: quote.subtotal,
      shippingCost: quote.shipping,
      total: quote.total,
      shippingMethodId: shippingMethod.id,
      shippingMethodName: shippingMethod.name,
      shippingCarrier: shippingMethod.carrier,
      shippingService: shippingMethod.service,
      shippingEstimatedDays: shippingMethod.estimatedDays,
      destination: body.destination,
      expiresAt,
    });
    return quote;
  });
}

/** A stored quote as fulfilment reads it (undefined: never quoted, or pruned long after expiry). */
export async function findStoredQuote(deps: QuotesDb, quoteId: string): Promise<QuoteRow | undefined> {
  return findQuote(deps.db, quoteId);
}

/**
 * Locks a stored quote for the rest of the transaction (fulfilments of one quote, by different
 * payments, then run one at a time), and reads it. Undefined when it does not exist.
 */
export async function lockStoredQuote(deps: InTransaction, quoteId: string): Promise<QuoteRow | undefined> {
  return lockQuote(deps.db, quoteId);
}

/** POST /internal/quotes/{id}/release: its unconsumed reservations go; twice is not an error. */
export async function releaseQuote(deps: QuotesDb, quoteId: string): Promise<{ released: boolean }> {
  return { released: await releaseQuoteStock(deps, quoteId) };
}

/** Quotes are kept this long after expiry, for a payment confirmed very late (webhook retries). */
export const STALE_QUOTE_DAYS = 30;

/** Housekeeping (the reservations clean-up job): expired, never-ordered quotes older than that. */
export async function pruneStaleQuotes(deps: QuotesDb): Promise<number> {
  return pruneQuotes(deps.db, STALE_QUOTE_DAYS);
}
