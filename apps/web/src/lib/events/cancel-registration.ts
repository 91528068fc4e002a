import type { RegistrationCancelAndRefundResult } from '@jesus-walks/contracts/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { eventsKeys } from '@/lib/events/query-keys';

export type { RegistrationCancelAndRefundResult };

/**
 * POST /api/events/{id}/registrations/{registrationId}/cancel-and-refund: a member cancels their own
 * registration (an admin anyone's). The one way the site cancels a registration: the seat goes to
 * the waitlist and a seat paid at checkout is refunded with it; `message` says what happened.
 */
export async function cancelRegistration(input: {
  eventId: number;
  registrationId: number;
  reason?: string;
}): Promise<RegistrationCancelAndRefundResult> {
  // Imported with the first request (see lib/current-user.ts).
  const { orderPaymentRoutes } = await import('@jesus-walks/contracts/payments');
  return callApi(orderPaymentRoutes.cancelRegistrationAndRefund, {
    params: { id: input.eventId, registrationId: input.registrationId },
    body: input.reason ? { reason: input.reason } : {},
  });
}

/** The same for a guest, with the token of their confirmation e-mail's link. */
export async function cancelGuestRegistration(input: {
  eventId: number;
  token: string;
}): Promise<RegistrationCancelAndRefundResult> {
  const { orderPaymentRoutes } = await import('@jesus-walks/contracts/payments');
  return callApi(orderPaymentRoutes.cancelGuestRegistrationAndRefund, {
    params: { id: input.eventId },
    body: { token: input.token },
  });
}

export function useCancelRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRegistration,
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventsKeys.all }),
  });
}

export function useCancelGuestRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelGuestRegistration,
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventsKeys.all }),
  });
}
