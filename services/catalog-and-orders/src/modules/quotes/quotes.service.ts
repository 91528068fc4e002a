import { randomUUID } from 'node:crypto';
import { fromCents, toCents } from '@jesus-walks/contracts/money';
import { QUOTE_RESERVATION_MINUTES, type Quote, type QuoteBody } from '@jesus-walks/contracts/orders';
import { businessRule, DomainError, type ErrorIssue } from '@jesus-walks/service-kit/errors';
import type { Kysely, Transaction } from 'kysely';
import type { CatalogAndOrdersDatabase } from '../../db/database';
import { type PricedRate, shippingRates } from '../shipping/shipping.service';
import { mergeLines, releaseQuoteStock, reserveStock, type StockProblem } from '../stock/stock.service';
import {
  findQuote,
  insertQuote,
  lockQuote,
  pruneStaleQuotes as pruneQuotes,
  type QuoteRow,
} from './quotes.repository';

type Db = Kysely<CatalogAndOrdersDatabase>;
type Trx = Transaction<CatalogAndOrdersDatabase>;

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

/** A problem said for the buyer: 'Only 2 Trail Cap left', 'Trail Cap is sold out'... */
export function problemMessage(problem: StockProblem): string {
  switch (problem.kind) {
    case 'unknown':
      return 'This product is no longer sold';
    case 'withdrawn':
      return `${problem.name} is no longer sold`;
    case 'short':
      return problem.available > 0
        ? `Only ${problem.available} ${problem.name} left`
        : `${problem.name} is sold out`;
  }
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
 * subtotal + shipping, all in integer cents; the items' stock reserved for 30 minutes, and the
 * quote stored as priced in the same transaction (fulfilling it creates the order at these prices).
 * Every line is checked: a refusal lists all of them (see quoteRefusal); 422 no shipping to the
 * address.
 */
export async function createQuote(db: Kysely<CatalogAndOrdersDatabase>, body: QuoteBody): Promise<Quote> {
  const method = chooseMethod(await shippingRates(db, body.destination), body.shippingMethodId);
  const lines = mergeLines(body.items);
  const quoteId = randomUUID();
  const { rateCents, ...shippingMethod } = method;
  return db.transaction().execute(async (trx) => {
    const reservation = await reserveStock(trx, quoteId, lines, {
      minutes: QUOTE_RESERVATION_MINUTES,
      ...(body.replacesQuoteId ? { replacesQuoteId: body.replacesQuoteId } : {}),
    });
    if (!reservation.reserved) throw quoteRefusal(body.items, reservation.problems);
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
export async function findStoredQuote(db: Db | Trx, quoteId: string): Promise<QuoteRow | undefined> {
  return findQuote(db, quoteId);
}

/**
 * Locks a stored quote for the rest of the transaction (fulfilments of one quote, by different
 * payments, then run one at a time). False when it does not exist.
 */
export async function lockStoredQuote(trx: Trx, quoteId: string): Promise<boolean> {
  return lockQuote(trx, quoteId);
}

/** POST /internal/quotes/{id}/release: its unconsumed reservations go; twice is not an error. */
export async function releaseQuote(db: Db, quoteId: string): Promise<{ released: boolean }> {
  return { released: await releaseQuoteStock(db, quoteId) };
}

/** Quotes are kept this long after expiry, for a payment confirmed very late (webhook retries). */
export const STALE_QUOTE_DAYS = 30;

/** Housekeeping (the reservations clean-up job): expired, never-ordered quotes older than that. */
export async function pruneStaleQuotes(db: Db): Promise<number> {
  return pruneQuotes(db, STALE_QUOTE_DAYS);
}
