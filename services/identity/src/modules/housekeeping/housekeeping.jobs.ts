import type { JobQueue } from '@jesus-walks/service-kit/jobs';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../../db/database';
import { deleteAttemptsOlderThan } from '../rate-limits/attempts.repository';
import { deleteExpiredSessions } from '../sessions/sessions.repository';

/** The scheduled clean-up of identity's tables (a pg-boss job: one replica runs each tick). */
export const HOUSEKEEPING_JOB = 'identity-housekeeping';
/** Every 15 minutes. */
export const HOUSEKEEPING_CRON = '*/15 * * * *';
/** Rate-limit records are counted over at most a day; older ones only take room. */
const ATTEMPTS_KEPT_HOURS = 24;

/** Deletes expired sessions and old rate-limit records; answers what it removed. */
export async function runHousekeeping(db: Kysely<IdentityDatabase>): Promise<{ sessions: number }> {
  const [sessions] = await Promise.all([
    deleteExpiredSessions(db),
    deleteAttemptsOlderThan(db, ATTEMPTS_KEPT_HOURS),
  ]);
  return { sessions };
}

export function scheduleHousekeeping(jobs: JobQueue, db: Kysely<IdentityDatabase>): void {
  jobs.work(HOUSEKEEPING_JOB, () => runHousekeeping(db), { retryLimit: 0 });
  jobs.schedule(HOUSEKEEPING_JOB, HOUSEKEEPING_CRON);
}
