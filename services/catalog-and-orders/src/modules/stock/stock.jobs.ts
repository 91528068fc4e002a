import type { CatalogDeps } from '../../deps';
import { pruneStaleQuotes } from '../quotes/quotes.service';
import { releaseExpiredStock } from './stock.service';

/**
 * Releases expired stock reservations. They stop counting the moment they expire (stock checks
 * compare expires_at with now()), so this job is never what frees the stock: it removes the rows,
 * and with them quotes that expired long ago and never became an order. A quote paid after its
 * reservation went is still fulfilled from its stored prices (see takeQuotedStock).
 * The name is kept from when it only pruned, so an existing schedule row stays the one schedule.
 */
export const RESERVATIONS_CLEAN_UP_JOB = 'stock-reservations-clean-up';
/** Every 5 minutes. */
export const RESERVATIONS_CLEAN_UP_CRON = '*/5 * * * *';

export function scheduleReservationsCleanUp(deps: Pick<CatalogDeps, 'db' | 'jobs'>): void {
  const { jobs } = deps;
  jobs.work(RESERVATIONS_CLEAN_UP_JOB, async () => ({
    released: await releaseExpiredStock(deps),
    quotesPruned: await pruneStaleQuotes(deps),
  }));
  jobs.schedule(RESERVATIONS_CLEAN_UP_JOB, RESERVATIONS_CLEAN_UP_CRON);
}
