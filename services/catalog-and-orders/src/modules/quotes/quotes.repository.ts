import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { CatalogAndOrdersDatabase, QuotesTable, StoredQuoteLine } from '../../db/database';

type Db = Kysely<CatalogAndOrdersDatabase> | Transaction<CatalogAndOrdersDatabase>;
type Trx = Transaction<CatalogAndOrdersDatabase>;

export type QuoteRow = Selectable<QuotesTable>;

export interface NewQuote {
  id: string;
  items: readonly StoredQuoteLine[];
  subtotal: string;
  shippingCost: string;
  total: string;
  shippingMethodId: number;
  shippingMethodName: string;
  shippingCarrier: string;
  shippingService: string;
  shippingEstimatedDays: number | null;
  destination: Record<string, unknown>;
  expiresAt: Date;
}

export async function insertQuote(trx: Trx, quote: NewQuote): Promise<void> {
  await trx
    .insertInto('quotes')
    .values({
      ...quote,
      // JSON text: node-postgres would send a JavaScript array as a Postgres array.
      items: JSON.stringify(quote.items),
      destination: JSON.stringify(quote.destination),
    })
    .execute();
}

/** Locks the quote's row until the transaction ends: fulfilments of one quote run one at a time. */
export async function lockQuote(trx: Trx, id: string): Promise<QuoteRow | undefined> {
  return trx.selectFrom('quotes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function findQuote(db: Db, id: string): Promise<QuoteRow | undefined> {
  return db.selectFrom('quotes').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Forgets quotes that expired long ago and never became an order (every visit to the checkout
 * writes one). A payment succeeding that late is not expected: providers stop retrying within days.
 */
export async function pruneStaleQuotes(db: Db, olderThanDays: number): Promise<number> {
  const result = await db
    .deleteFrom('quotes')
    .where('expiresAt', '<', sql<Date>`now() - make_interval(days => ${olderThanDays})`)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('orders').select('orders.id').whereRef('orders.quoteId', '=', 'quotes.id'))),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
