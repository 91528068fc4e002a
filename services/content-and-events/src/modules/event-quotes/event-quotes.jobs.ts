import type { JobQueue } from '@jesus-walks/service-kit/jobs';
import type { ContentDeps } from '../../deps';
import { releaseLapsedHolds } from './event-quotes.service';

/** Cancels seats held at checkout whose minutes lapsed, and gives them to the waitlist. */
export const RELEASE_LAPSED_HOLDS_JOB = 'release-lapsed-seat-holds';
/** Every minute: a lapsed hold stops counting at once; this is the clean-up and the waitlist's turn. */
export const RELEASE_LAPSED_HOLDS_CRON = '* * * * *';

export function scheduleLapsedHoldsRelease(jobs: JobQueue, deps: ContentDeps): void {
  jobs.work(RELEASE_LAPSED_HOLDS_JOB, async () => ({ released: await releaseLapsedHolds(deps) }));
  jobs.schedule(RELEASE_LAPSED_HOLDS_JOB, RELEASE_LAPSED_HOLDS_CRON);
}
