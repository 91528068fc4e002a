import type { JobQueue } from '@jesus-walks/service-kit/jobs';
import type { ContentDeps } from '../../deps';
import { forgetPastEmergencyDetails } from './waivers.service';

/** Deletes the emergency details of walks long past (waivers.service.ts). */
export const FORGET_PAST_EMERGENCY_DETAILS_JOB = 'forget-past-emergency-details';
/** Once a day at 11:23 UTC: the valley's small hours. */
export const FORGET_PAST_EMERGENCY_DETAILS_CRON = '23 11 * * *';

export function scheduleEmergencyDetailsRetention(jobs: JobQueue, deps: Pick<ContentDeps, 'db'>): void {
  jobs.work(FORGET_PAST_EMERGENCY_DETAILS_JOB, async () => ({
    deleted: await forgetPastEmergencyDetails(deps),
  }));
  jobs.schedule(FORGET_PAST_EMERGENCY_DETAILS_JOB, FORGET_PAST_EMERGENCY_DETAILS_CRON);
}
