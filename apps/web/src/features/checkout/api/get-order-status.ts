import { type OrderStatusView, orderRoutes } from '@jesus-walks/contracts/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, callApi } from '@/lib/api-client';

export type { OrderStatusView };

/** GET /api/orders/status?token=...: the order behind the signed link of a confirmation e-mail. */
export function getOrderStatus(
  token: string,
  options: { signal?: AbortSignal } = {},
): Promise<OrderStatusView> {
  return callApi(orderRoutes.status, { query: { token }, signal: options.signal });
}

/** A link the server refuses (malformed, tampered or unknown): retrying cannot help. */
export function isBadOrderLink(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 400 || error.status === 404);
}

export function getOrderStatusQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['orders', 'status', token],
    queryFn: ({ signal }) => getOrderStatus(token, { signal }),
    retry: (failureCount, error) => !isBadOrderLink(error) && failureCount < 2,
  });
}

export function useOrderStatus(token: string | null) {
  return useQuery({ ...getOrderStatusQueryOptions(token ?? ''), enabled: token !== null && token !== '' });
}
