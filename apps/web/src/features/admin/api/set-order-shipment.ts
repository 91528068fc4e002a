import { orderRoutes, type ShipmentBody, type ShipmentResult } from '@jesus-walks/contracts/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { notifyError, notifySuccess } from '../utils/notify';
import { adminQueryKeys } from './query-keys';

export interface SetShipmentInput {
  id: number;
  body: ShipmentBody;
}

/** PUT /api/admin/orders/{id}/shipment: shipped with its tracking; the customer is e-mailed. */
export function setOrderShipment({ id, body }: SetShipmentInput): Promise<ShipmentResult> {
  return callApi(orderRoutes.setShipment, { params: { id }, body });
}

/** The toast says whether the customer was told (no address on file: they were not). */
export function useSetOrderShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOrderShipment,
    onSuccess: async (result) => {
      notifySuccess(
        result.customerNotified
          ? 'Order updated successfully. The customer has been e-mailed the tracking details.'
          : 'Order updated successfully',
      );
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.orders });
    },
    onError: (error) => notifyError(error, 'Failed to update order'),
  });
}
