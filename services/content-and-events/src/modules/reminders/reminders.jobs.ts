import type { JobQueue } from '@jesus-walks/service-kit/jobs';
import type { ContentDeps } from '../../deps';
import { sendDueReminders } from './reminders.service';

/** Sends the walk reminders that are due (reminders.service.ts). */
export const SEND_DUE_REMINDERS_JOB = 'send-due-walk-reminders';
/** Every five minutes: a reminder is at most that late. */
export const SEND_DUE_REMINDERS_CRON = '*/5 * * * *';

export function scheduleWalkReminders(jobs: JobQueue, deps: ContentDeps): void {
  jobs.work(SEND_DUE_REMINDERS_JOB, () => sendDueReminders(deps));
  jobs.schedule(SEND_DUE_REMINDERS_JOB, SEND_DUE_REMINDERS_CRON);
}
