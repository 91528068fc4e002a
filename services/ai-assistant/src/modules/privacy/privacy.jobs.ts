import type { JobQueue } from '@jesus-walks/service-kit/jobs';
import type { AssistantDeps } from '../../deps';
import { forgetIdleAnonymousConversations } from './privacy.service';

/** Deletes the anonymous conversations idle past their retention (privacy.service.ts). */
export const FORGET_IDLE_CONVERSATIONS_JOB = 'forget-idle-anonymous-conversations';
/** Once a day at 11:41 UTC: the valley's small hours. */
export const FORGET_IDLE_CONVERSATIONS_CRON = '41 11 * * *';

export function scheduleConversationRetention(jobs: JobQueue, deps: Pick<AssistantDeps, 'db'>): void {
  jobs.work(FORGET_IDLE_CONVERSATIONS_JOB, async () => ({
    deleted: await forgetIdleAnonymousConversations(deps),
  }));
  jobs.schedule(FORGET_IDLE_CONVERSATIONS_JOB, FORGET_IDLE_CONVERSATIONS_CRON);
}
