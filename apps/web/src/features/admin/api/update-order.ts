import { type AdminOrder, type OrderStatus, orderRoutes } from '@jesus-walks/contracts/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { notifyError, notifySuccess } from '../utils/notify';
import { adminQueryKeys } from './query-keys';

export interface UpdateOrderInput {
  id: number;
  status: OrderStatus;
}

/** PUT /api/orders/{id}, body {status}. */
export function updateOrder({ id, status }: UpdateOrderInput): Promise<AdminOrder> {
  return callApi(orderRoutes.update, { params: { id }, body: { status } });
}

/** Cancelling or reviving an order moves stock, so products are refreshed too. */
export function useUpdateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrder,
    onSuccess: async () => {
      notifySuccess('Order updated successfully');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.orders }),
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.products }),
      ]);
    },
    onError: (error) => notifyError(error, 'Failed to update order'),
  });
}
