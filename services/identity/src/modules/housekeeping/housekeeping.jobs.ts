import { scheduleRateLimitCleanUp } from '@jesus-walks/service-kit/rate-limits';
import type { IdentityDeps } from '../../deps';
import { removeExpiredEmailConfirmations } from '../email-confirmations/email-confirmations.service';
import { requeueOrphanedErasures } from '../privacy/account-deletion.service';
import { removeExpiredDataExports } from '../privacy/data-export.service';
import { ATTEMPTS_KEPT_HOURS, removeEndedLockouts } from '../rate-limits/rate-limits.service';
import { removeExpiredSessions } from '../sessions/sessions.service';

/**
 * The scheduled clean-up of identity's sessions, lockouts, e-mail links and expired downloads, and
 * the safety net of account erasures (a pg-boss job: one replica runs each tick).
 */
export const HOUSEKEEPING_JOB = 'identity-housekeeping';
/** Every 15 minutes. */
export const HOUSEKEEPING_CRON = '*/15 * * * *';

/**
 * Deletes expired sessions, ended login lockouts, the rows of e-mail links past their lifetime
 * (with the addresses they name) and expired downloads (with their documents), and queues again
 * an account erasure whose job ran out of retries; answers what it did.
 */
export async function runHousekeeping(deps: Pick<IdentityDeps, 'db' | 'jobs' | 'logger'>): Promise<{
  sessions: number;
  lockouts: number;
  emailLinks: number;
  dataExports: number;
  erasuresRequeued: number;
}> {
  return {
    sessions: await removeExpiredSessions(deps),
    lockouts: await removeEndedLockouts(deps),
    emailLinks: await removeExpiredEmailConfirmations(deps),
    dataExports: await removeExpiredDataExports(deps),
    erasuresRequeued: await requeueOrphanedErasures(deps),
  };
}

/**
 * Schedules identity's clean-ups: expired sessions, ended login lockouts and expired e-mail links
 * (this job) and rate-limit attempts past the longest window (the kit's rate-limit clean-up,
 * hourly).
 */
export function scheduleHousekeeping(deps: Pick<IdentityDeps, 'db' | 'jobs' | 'logger'>): void {
  const { jobs, db } = deps;
  jobs.work(HOUSEKEEPING_JOB, () => runHousekeeping(deps), { retryLimit: 0 });
  jobs.schedule(HOUSEKEEPING_JOB, HOUSEKEEPING_CRON);
  scheduleRateLimitCleanUp(jobs, db, { keepHours: ATTEMPTS_KEPT_HOURS });
}
