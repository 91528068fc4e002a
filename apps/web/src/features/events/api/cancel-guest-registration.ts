import type { Registration } from '@jesus-walks/contracts/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { eventsKeys } from '@/lib/events/query-keys';

/** POST /api/events/{id}/registrations/cancel: a guest cancels with the token of their e-mail's link. */
export async function cancelGuestRegistration(input: {
  eventId: number;
  token: string;
}): Promise<Registration> {
  // Imported with the first request (see lib/current-user.ts).
  const { eventRoutes } = await import('@jesus-walks/contracts/events');
  return callApi(eventRoutes.cancelAsGuest, {
    params: { id: input.eventId },
    body: { token: input.token },
  });
}

export function useCancelGuestRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelGuestRegistration,
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventsKeys.all }),
  });
}
