import type { JobQueue } from '@jesus-walks/service-kit/jobs';
import type { Kysely } from 'kysely';
import type { ContentAndEventsDatabase } from '../../db/database';
import { deleteExpiredIdempotencyKeys } from './idempotency.repository';

/** Forgets Idempotency-Keys past their replay window: a scheduled job, not work on the request path. */
export const IDEMPOTENCY_CLEAN_UP_JOB = 'idempotency-keys-clean-up';
/** Every hour, at minute 7. */
export const IDEMPOTENCY_CLEAN_UP_CRON = '7 * * * *';

export function scheduleIdempotencyCleanUp(jobs: JobQueue, db: Kysely<ContentAndEventsDatabase>): void {
  jobs.work(IDEMPOTENCY_CLEAN_UP_JOB, async () => {
    await deleteExpiredIdempotencyKeys(db);
  });
  jobs.schedule(IDEMPOTENCY_CLEAN_UP_JOB, IDEMPOTENCY_CLEAN_UP_CRON);
}
