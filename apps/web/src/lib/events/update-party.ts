import type { Registration } from '@jesus-walks/contracts/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { eventsKeys } from '@/lib/events/query-keys';

/**
 * PUT /api/events/{id}/registrations/{registrationId}/party: who else comes with a member's
 * registration, as it is now (decision 041). 409 when those added find too few free seats, or when
 * the registration was paid online and the number changes (the names may); 422 once the walk has
 * started or was cancelled. The server's message says which.
 */
export async function updateParty(input: {
  eventId: number;
  registrationId: number;
  party: readonly string[];
}): Promise<Registration> {
  // Imported with the first request (see lib/current-user.ts).
  const { eventRoutes } = await import('@jesus-walks/contracts/events');
  return callApi(eventRoutes.updateParty, {
    params: { id: input.eventId, registrationId: input.registrationId },
    body: { party: [...input.party] },
  });
}

export function useUpdateParty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateParty,
    // The member's registrations and the walk's seats and waitlist (under 'events') change with it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventsKeys.all }),
  });
}
