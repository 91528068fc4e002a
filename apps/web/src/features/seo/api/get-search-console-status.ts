import { type SearchConsoleStatus, seoRoutes } from '@jesus-walks/contracts/seo';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { seoQueryKeys } from './query-keys';

export type { SearchConsoleStatus };

/** GET /api/seo/search-console/status: enabled, siteUrl. */
export function getSearchConsoleStatus(options: { signal?: AbortSignal } = {}): Promise<SearchConsoleStatus> {
  return callApi(seoRoutes.searchConsoleStatus, { signal: options.signal });
}

export function getSearchConsoleStatusQueryOptions() {
  return queryOptions({
    queryKey: seoQueryKeys.status,
    queryFn: ({ signal }) => getSearchConsoleStatus({ signal }),
  });
}

export function useSearchConsoleStatus() {
  return useQuery(getSearchConsoleStatusQueryOptions());
}
