import { type CancelAndRefundResult, orderPaymentRoutes } from '@jesus-walks/contracts/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { notifyError, notifySuccess } from '../utils/notify';
import { adminQueryKeys } from './query-keys';

export interface CancelAndRefundInput {
  orderId: number;
  reason: string;
}

/** POST /api/admin/orders/{id}/refund: the order cancelled (stock back) and its payment refunded. */
export function cancelAndRefundOrder({
  orderId,
  reason,
}: CancelAndRefundInput): Promise<CancelAndRefundResult> {
  return callApi(orderPaymentRoutes.cancelAndRefund, { params: { id: orderId }, body: { reason } });
}

/** The stock comes back, so products are refreshed with the orders; the server's message is the toast. */
export function useCancelAndRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAndRefundOrder,
    onSuccess: async (result) => {
      notifySuccess(result.message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.orders }),
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.products }),
      ]);
    },
    onError: (error) => notifyError(error, 'Failed to cancel and refund the order'),
  });
}
