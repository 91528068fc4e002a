import type { JobQueue } from '@jesus-walks/service-kit/jobs';
import type { Kysely } from 'kysely';
import type { CatalogAndOrdersDatabase } from '../../db/database';
import { pruneExpiredReservations } from './stock.repository';

/**
 * Expired stock reservations stop counting the moment they expire (stock checks compare
 * expires_at with now()); this scheduled job only deletes the rows a day later.
 */
export const RESERVATIONS_CLEAN_UP_JOB = 'stock-reservations-clean-up';
/** Every hour, at minute 17. */
export const RESERVATIONS_CLEAN_UP_CRON = '17 * * * *';

export function scheduleReservationsCleanUp(jobs: JobQueue, db: Kysely<CatalogAndOrdersDatabase>): void {
  jobs.work(RESERVATIONS_CLEAN_UP_JOB, async () => ({ deleted: await pruneExpiredReservations(db) }));
  jobs.schedule(RESERVATIONS_CLEAN_UP_JOB, RESERVATIONS_CLEAN_UP_CRON);
}
