import { type SearchAnalytics, seoRoutes } from '@jesus-walks/contracts/seo';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { seoQueryKeys } from './query-keys';

export type { SearchAnalytics };

/** GET /api/seo/search-console/analytics?days={n}: the stored figures (the server does not call Google). */
export function getSearchAnalytics(
  days: number,
  options: { signal?: AbortSignal } = {},
): Promise<SearchAnalytics> {
  return callApi(seoRoutes.searchAnalytics, { query: { days }, signal: options.signal });
}

export function getSearchAnalyticsQueryOptions(days: number) {
  return queryOptions({
    queryKey: seoQueryKeys.analytics(days),
    queryFn: ({ signal }) => getSearchAnalytics(days, { signal }),
  });
}

export function useSearchAnalytics(days: number) {
  return useQuery(getSearchAnalyticsQueryOptions(days));
}
