import { type SearchAnalytics, seoRoutes } from '@jesus-walks/contracts/seo';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { seoQueryKeys } from './query-keys';

/** POST /api/seo/search-console/analytics/refresh: fetches the period from Google, stores and answers it. */
export function refreshSearchAnalytics(days: number): Promise<SearchAnalytics> {
  return callApi(seoRoutes.refreshAnalytics, { body: { days } });
}

/** 'Refresh Data': the fresh figures replace the stored ones on screen, the status is asked again. */
export function useRefreshSearchAnalytics(days: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refreshSearchAnalytics(days),
    onSuccess: (analytics) => {
      queryClient.setQueryData(seoQueryKeys.analytics(days), analytics);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: seoQueryKeys.status }),
  });
}
