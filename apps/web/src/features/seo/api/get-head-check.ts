import { type HeadCheck, seoRoutes } from '@jesus-walks/contracts/seo';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { seoQueryKeys } from './query-keys';

export type { HeadCheck };

/** GET /api/seo/head-check: each public page's head as the site serves it, and what it lacks. */
export function getHeadCheck(options: { signal?: AbortSignal } = {}): Promise<HeadCheck> {
  return callApi(seoRoutes.headCheck, { signal: options.signal });
}

export function getHeadCheckQueryOptions() {
  return queryOptions({
    queryKey: seoQueryKeys.headCheck,
    queryFn: ({ signal }) => getHeadCheck({ signal }),
    // Fetching every page is not free: asked again only on request ('Check again').
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useHeadCheck() {
  return useQuery(getHeadCheckQueryOptions());
}
