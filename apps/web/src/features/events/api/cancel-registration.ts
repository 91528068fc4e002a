import type { Registration } from '@jesus-walks/contracts/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { eventsKeys } from '@/lib/events/query-keys';

/** DELETE /api/events/{id}/registrations/{registrationId}: a member cancels their own registration. */
export async function cancelRegistration(input: {
  eventId: number;
  registrationId: number;
}): Promise<Registration> {
  // Imported with the first request (see lib/current-user.ts).
  const { eventRoutes } = await import('@jesus-walks/contracts/events');
  return callApi(eventRoutes.cancelRegistration, {
    params: { id: input.eventId, registrationId: input.registrationId },
  });
}

export function useCancelRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRegistration,
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventsKeys.all }),
  });
}
