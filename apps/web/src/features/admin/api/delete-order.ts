import { type OrderDeleted, orderRoutes } from '@jesus-walks/contracts/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { notifyError, notifySuccess } from '../utils/notify';
import { adminQueryKeys } from './query-keys';

/** DELETE /api/orders/{id}. */
export function deleteOrder(id: number): Promise<OrderDeleted> {
  return callApi(orderRoutes.delete, { params: { id } });
}

/** Unshipped stock returns to the shelf, so products are refreshed too. */
export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSuccess: async () => {
      notifySuccess('Order deleted successfully');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.orders }),
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.products }),
      ]);
    },
    onError: (error) => notifyError(error, 'Failed to delete order'),
  });
}
