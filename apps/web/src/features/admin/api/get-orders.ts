import { type AdminOrder, orderRoutes } from '@jesus-walks/contracts/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { adminQueryKeys } from './query-keys';

export type { AdminOrder };

/** GET /api/orders: every order for an admin, newest first. */
export function getOrders(options: { signal?: AbortSignal } = {}): Promise<AdminOrder[]> {
  return callApi(orderRoutes.list, { signal: options.signal });
}

/** The default cache rules (SPEC.md section 9); every order mutation refreshes it. */
export function getOrdersQueryOptions() {
  return queryOptions({
    queryKey: adminQueryKeys.orders,
    queryFn: ({ signal }) => getOrders({ signal }),
  });
}

/** Fetched only for an admin (SPEC.md section 6). */
export function useOrders({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getOrdersQueryOptions(), enabled });
}
