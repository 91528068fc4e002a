import type { Registration } from '@jesus-walks/contracts/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { eventsKeys } from './query-keys';

/** DELETE /api/events/{id}/registrations/{registrationId}: a member cancels their own registration. */
export async function cancelRegistration(input: {
  eventId: number;
  registrationId: number;
}): Promise<Registration> {
  return api.delete<Registration>(`/api/events/${input.eventId}/registrations/${input.registrationId}`);
}

export function useCancelRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRegistration,
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventsKeys.all }),
  });
}
