import { type AdminOrder, orderRoutes } from '@jesus-walks/contracts/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '@/lib/api-client';
import { notifyError, notifySuccess } from '../utils/notify';
import { adminQueryKeys } from './query-keys';

export type ManualOrderPayload = z.input<typeof orderRoutes.createManual.request.body>;

/** POST /api/admin/create-order: created pending, priced by the server. */
export function createManualOrder(body: ManualOrderPayload): Promise<AdminOrder> {
  return callApi(orderRoutes.createManual, { body });
}

/** The order takes stock, so orders and products are refreshed. */
export function useCreateManualOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createManualOrder,
    onSuccess: async () => {
      notifySuccess('Order created successfully');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.orders }),
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.products }),
      ]);
    },
    onError: (error) => notifyError(error, 'Failed to create order'),
  });
}
