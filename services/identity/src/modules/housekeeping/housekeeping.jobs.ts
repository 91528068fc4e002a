import type { JobQueue } from '@jesus-walks/service-kit/jobs';
import { scheduleRateLimitCleanUp } from '@jesus-walks/service-kit/rate-limits';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../../db/database';
import { deleteEndedLockouts } from '../rate-limits/login-lockouts.repository';
import { ATTEMPTS_KEPT_HOURS } from '../rate-limits/rate-limits.service';
import { deleteExpiredSessions } from '../sessions/sessions.repository';

/** The scheduled clean-up of identity's sessions and lockouts (a pg-boss job: one replica runs each tick). */
export const HOUSEKEEPING_JOB = 'identity-housekeeping';
/** Every 15 minutes. */
export const HOUSEKEEPING_CRON = '*/15 * * * *';

/** Deletes expired sessions and ended login lockouts; answers what it removed. */
export async function runHousekeeping(
  db: Kysely<IdentityDatabase>,
): Promise<{ sessions: number; lockouts: number }> {
  return { sessions: await deleteExpiredSessions(db), lockouts: await deleteEndedLockouts(db) };
}

/**
 * Schedules identity's clean-ups: expired sessions and ended login lockouts (this job) and
 * rate-limit attempts past the longest window (the kit's rate-limit clean-up, hourly).
 */
export function scheduleHousekeeping(jobs: JobQueue, db: Kysely<IdentityDatabase>): void {
  jobs.work(HOUSEKEEPING_JOB, () => runHousekeeping(db), { retryLimit: 0 });
  jobs.schedule(HOUSEKEEPING_JOB, HOUSEKEEPING_CRON);
  scheduleRateLimitCleanUp(jobs, db, { keepHours: ATTEMPTS_KEPT_HOURS });
}
