import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCurrentUserQueryOptions } from '@/lib/current-user';

/**
 * GET /api/auth/me for the dashboard's gate (lib/current-user.ts does the call): retried 2 times,
 * fresh 10 s, kept 30 s (SPEC.md section 9).
 */
export function getDashboardUserQueryOptions() {
  return queryOptions({
    ...getCurrentUserQueryOptions(),
    retry: 2,
    staleTime: 10_000,
    gcTime: 30_000,
  });
}

export function useDashboardUser() {
  return useQuery(getDashboardUserQueryOptions());
}
