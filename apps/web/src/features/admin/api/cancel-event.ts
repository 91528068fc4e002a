import { type EventCancelAndRefundResult, orderPaymentRoutes } from '@jesus-walks/contracts/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { errorDescription, notifyError, notifySuccess } from '../utils/notify';
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

/**
 * Cancels several walks (the walks of a series still to come), one after the other, each exactly as
 * Cancel does for one: its registrants told, its paid seats refunded. Stops at the first refusal and
 * says how many were cancelled before it; each walk's cancellation is whole, so one stopped half
 * way leaves the rest as they were, to be cancelled again.
 */
export async function cancelEvents(ids: readonly number[]): Promise<EventCancelAndRefundResult[]> {
  const results: EventCancelAndRefundResult[] = [];
  for (const id of ids) {
    try {
      results.push(await cancelEvent(id));
    } catch (error) {
      throw new WalksCancelledBefore(results.length, error);
    }
  }
  return results;
}

/** A series' cancellation refused at one walk, after `cancelled` others. */
export class WalksCancelledBefore extends Error {
  constructor(
    readonly cancelled: number,
    override readonly cause: unknown,
  ) {
    super(`Cancelled ${cancelled} walk(s) before one was refused`);
  }
}

export function useCancelEvents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelEvents,
    onSuccess: async (results) => {
      const told = results.reduce((sum, result) => sum + result.notified, 0);
      notifySuccess(
        `Cancelled ${results.length} ${results.length === 1 ? 'walk' : 'walks'} of the series${told > 0 ? `; ${told} ${told === 1 ? 'person' : 'people'} told by e-mail` : ''}.`,
      );
      await refreshEvents(queryClient);
    },
    onError: async (error) => {
      const stopped = error instanceof WalksCancelledBefore ? error : null;
      const why = errorDescription(stopped?.cause ?? error, 'Failed to cancel the series');
      notifyError(
        null,
        stopped && stopped.cancelled > 0
          ? `Cancelled ${stopped.cancelled} of the walks, then: ${why} Cancel the series again for the rest.`
          : why,
      );
      await refreshEvents(queryClient);
    },
  });
}
