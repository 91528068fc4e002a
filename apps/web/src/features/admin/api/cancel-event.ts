import { type EventCancelAndRefundResult, orderPaymentRoutes } from '@jesus-walks/contracts/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { notifyError, notifySuccess } from '../utils/notify';
import { refreshEvents } from './refresh-events';

/**
 * POST /api/events/{id}/cancel-and-refund (payments): deleted without registrations, else cancelled,
 * its registrants and waitlist told, and every seat paid online refunded (decision 034). Always
 * through payments, so a paid walk is never cancelled with its money kept.
 */
export function cancelEvent(id: number): Promise<EventCancelAndRefundResult> {
  return callApi(orderPaymentRoutes.cancelEventAndRefund, { params: { id }, body: {} });
}

export function useCancelEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelEvent,
    onSuccess: async (result) => {
      notifySuccess(result.message);
      await refreshEvents(queryClient);
    },
    onError: (error) => notifyError(error, 'Failed to cancel event'),
  });
}
