import { type OrderPayment, orderPaymentRoutes } from '@jesus-walks/contracts/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, callApi } from '@/lib/api-client';
import { adminQueryKeys } from './query-keys';

export type { OrderPayment };

/**
 * GET /api/admin/orders/{id}/payment: how the order was paid and where its refund stands; null for
 * an order no online payment paid (404: a manual order).
 */
export async function getOrderPayment(
  orderId: number,
  options: { signal?: AbortSignal } = {},
): Promise<OrderPayment | null> {
  try {
    return await callApi(orderPaymentRoutes.get, { params: { id: orderId }, signal: options.signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Under the orders key: cancelling and refunding refreshes it with the order. */
export function getOrderPaymentQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: [...adminQueryKeys.orders, orderId, 'payment'] as const,
    queryFn: ({ signal }) => getOrderPayment(orderId, { signal }),
  });
}

export function useOrderPayment(orderId: number | null) {
  return useQuery({ ...getOrderPaymentQueryOptions(orderId ?? 0), enabled: orderId !== null });
}
