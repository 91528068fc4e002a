import { type SquareConfig, squareRoutes } from '@jesus-walks/contracts/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export type { SquareConfig };

export const squareConfigQueryKey = ['checkout', 'square-config'] as const;

/** GET /api/square-config: the application and location Square's card form loads with (404 without keys). */
export function getSquareConfig(options: { signal?: AbortSignal } = {}): Promise<SquareConfig> {
  return callApi(squareRoutes.config, { signal: options.signal });
}

export function getSquareConfigQueryOptions() {
  return queryOptions({
    queryKey: squareConfigQueryKey,
    queryFn: ({ signal }) => getSquareConfig({ signal }),
    // Keys change only with a redeploy.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSquareConfig(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getSquareConfigQueryOptions(), enabled: options.enabled ?? true });
}
