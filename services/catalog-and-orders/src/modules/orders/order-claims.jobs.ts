import { scheduleRateLimitCleanUp } from '@jesus-walks/service-kit/rate-limits';
import type { CatalogDeps } from '../../deps';

/** Hits are kept this long: no limit of this service counts over a longer window (claim links: an hour). */
const RATE_LIMIT_HITS_KEPT_HOURS = 2;

/**
 * Declares the kit's hourly clean-up of this service's rate_limit_hits (app.ts, before the queue
 * starts). Claim links are the only action it limits; a second one would move this to a module
 * of its own.
 */
export function scheduleClaimLinkLimitsCleanUp(deps: Pick<CatalogDeps, 'jobs' | 'db'>): void {
  scheduleRateLimitCleanUp(deps.jobs, deps.db, { keepHours: RATE_LIMIT_HITS_KEPT_HOURS });
}
