import { DEFAULT_ANALYTICS_DAYS } from '@jesus-walks/contracts/seo';
import type { SeoDeps } from '../../deps';
import { refreshAnalytics } from './search-console.service';

/** Fetches the dashboard's default period once a day, so the dashboard reads stored history. */
export const REFRESH_ANALYTICS_JOB = 'refresh-search-console-analytics';
/** 04:15 UTC: after Google's overnight update; a few minutes past the hour to spread load. */
export const REFRESH_ANALYTICS_CRON = '15 4 * * *';

export function scheduleAnalyticsRefresh(deps: SeoDeps): void {
  deps.jobs.work(
    REFRESH_ANALYTICS_JOB,
    async () => {
      if (!deps.searchConsole) return { skipped: 'Search Console is not configured' };
      const analytics = await refreshAnalytics(deps, DEFAULT_ANALYTICS_DAYS);
      return { fetchedAt: analytics.fetchedAt, days: analytics.daily.length };
    },
    { retryLimit: 3, retryDelaySeconds: 300, retryBackoff: true },
  );
  deps.jobs.schedule(REFRESH_ANALYTICS_JOB, REFRESH_ANALYTICS_CRON);
}
