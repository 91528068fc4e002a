import { scheduleRateLimitCleanUp } from '@jesus-walks/service-kit/rate-limits';
import type { IdentityDeps } from '../../deps';
import { removeExpiredEmailConfirmations } from '../email-confirmations/email-confirmations.service';
import { ATTEMPTS_KEPT_HOURS, removeEndedLockouts } from '../rate-limits/rate-limits.service';
import { removeExpiredSessions } from '../sessions/sessions.service';

/**
 * The scheduled clean-up of identity's sessions, lockouts and e-mail links (a pg-boss job: one
 * replica runs each tick).
 */
export const HOUSEKEEPING_JOB = 'identity-housekeeping';
/** Every 15 minutes. */
export const HOUSEKEEPING_CRON = '*/15 * * * *';

/**
 * Deletes expired sessions, ended login lockouts and the rows of e-mail links past their
 * lifetime (with the addresses they name); answers what it removed.
 */
export async function runHousekeeping(
  deps: Pick<IdentityDeps, 'db'>,
): Promise<{ sessions: number; lockouts: number; emailLinks: number }> {
  return {
    sessions: await removeExpiredSessions(deps),
    lockouts: await removeEndedLockouts(deps),
    emailLinks: await removeExpiredEmailConfirmations(deps),
  };
}

/**
 * Schedules identity's clean-ups: expired sessions, ended login lockouts and expired e-mail links
 * (this job) and rate-limit attempts past the longest window (the kit's rate-limit clean-up,
 * hourly).
 */
export function scheduleHousekeeping(deps: Pick<IdentityDeps, 'db' | 'jobs'>): void {
  const { jobs, db } = deps;
  jobs.work(HOUSEKEEPING_JOB, () => runHousekeeping(deps), { retryLimit: 0 });
  jobs.schedule(HOUSEKEEPING_JOB, HOUSEKEEPING_CRON);
  scheduleRateLimitCleanUp(jobs, db, { keepHours: ATTEMPTS_KEPT_HOURS });
}
