import type { LeaderWalk } from '@jesus-walks/contracts/check-in';
import { eventRoutes } from '@jesus-walks/contracts/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { checkInQueryKeys } from './query-keys';

/** GET /api/leader/walks: the walks the member leads (every walk for an admin). */
export function getLeaderWalks(options: { signal?: AbortSignal } = {}): Promise<LeaderWalk[]> {
  return callApi(eventRoutes.leaderWalks, { signal: options.signal });
}

export function getLeaderWalksQueryOptions() {
  return queryOptions({
    queryKey: checkInQueryKeys.walks(),
    queryFn: ({ signal }) => getLeaderWalks({ signal }),
  });
}

export function useLeaderWalks(enabled: boolean) {
  return useQuery({ ...getLeaderWalksQueryOptions(), enabled });
}
