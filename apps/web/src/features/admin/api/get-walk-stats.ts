import { eventRoutes, type WalkStats } from '@jesus-walks/contracts/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { adminQueryKeys } from './query-keys';

export type { WalkStats };

/** GET /api/admin/events/stats?days=: the paid walks' seats and revenue, all time and per day. */
export function getWalkStats(days: number, options: { signal?: AbortSignal } = {}): Promise<WalkStats> {
  return callApi(eventRoutes.adminStats, { query: { days }, signal: options.signal });
}

/**
 * Under the events key (a registration cancelled or given a seat refreshes it) and refetched each
 * time the overview opens, since seats are paid at checkout meanwhile.
 */
export function getWalkStatsQueryOptions(days: number) {
  return queryOptions({
    queryKey: [...adminQueryKeys.events, 'stats', days] as const,
    queryFn: ({ signal }) => getWalkStats(days, { signal }),
    staleTime: 0,
  });
}

export function useWalkStats(days: number) {
  return useQuery(getWalkStatsQueryOptions(days));
}
