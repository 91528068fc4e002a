import { type OrderStats, orderRoutes } from '@jesus-walks/contracts/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { adminQueryKeys } from './query-keys';

export type { OrderStats };

/** The overview's period: revenue and orders per day over the last 30 days. */
export const OVERVIEW_DAYS = 30;

/** GET /api/admin/orders/stats?days=: total orders, revenue, products and the per-day figures. */
export function getOrderStats(days: number, options: { signal?: AbortSignal } = {}): Promise<OrderStats> {
  return callApi(orderRoutes.adminStats, { query: { days }, signal: options.signal });
}

/**
 * Under the orders key (order mutations refresh it) and refetched each time the overview opens,
 * since product changes elsewhere move its product count.
 */
export function getOrderStatsQueryOptions(days: number) {
  return queryOptions({
    queryKey: [...adminQueryKeys.orders, 'stats', days] as const,
    queryFn: ({ signal }) => getOrderStats(days, { signal }),
    staleTime: 0,
  });
}

export function useOrderStats(days: number) {
  return useQuery(getOrderStatsQueryOptions(days));
}
