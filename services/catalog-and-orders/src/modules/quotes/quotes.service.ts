import { randomUUID } from 'node:crypto';
import { fromCents, toCents } from '@jesus-walks/contracts/money';
import { QUOTE_RESERVATION_MINUTES, type Quote, type QuoteBody } from '@jesus-walks/contracts/orders';
import { businessRule } from '@jesus-walks/service-kit/errors';
import type { Kysely } from 'kysely';
import type { CatalogAndOrdersDatabase } from '../../db/database';
import { type PricedRate, shippingRates } from '../shipping/shipping.service';
import { mergeLines, reserveStock } from '../stock/stock.service';

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

/**
 * The internal quote (payments asks it before creating a payment): every price from the catalog
 * (client prices ignored), shipping from the chosen method in the address's zone, total =
 * subtotal + shipping, all in integer cents; and the items' stock reserved for 30 minutes.
 * 404 unknown product, 409 short of stock, 422 no shipping to the address.
 */
export async function createQuote(db: Kysely<CatalogAndOrdersDatabase>, body: QuoteBody): Promise<Quote> {
  const method = chooseMethod(await shippingRates(db, body.destination), body.shippingMethodId);
  const lines = mergeLines(body.items);
  const quoteId = randomUUID();
  const { products, expiresAt } = await db.transaction().execute((trx) =>
    reserveStock(trx, quoteId, lines, {
      minutes: QUOTE_RESERVATION_MINUTES,
      ...(body.replacesQuoteId ? { replacesQuoteId: body.replacesQuoteId } : {}),
    }),
  );

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

  const { rateCents, ...shippingMethod } = method;
  return {
    quoteId,
    currency: 'USD',
    items,
    subtotal: fromCents(subtotalCents),
    shipping: fromCents(rateCents),
    total: fromCents(subtotalCents + rateCents),
    shippingMethod,
    expiresAt: expiresAt.toISOString(),
  };
}
