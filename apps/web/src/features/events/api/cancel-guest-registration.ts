import type { Registration } from '@jesus-walks/contracts/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { eventsKeys } from './query-keys';

/** POST /api/events/{id}/registrations/cancel: a guest cancels with the token of their e-mail's link. */
export async function cancelGuestRegistration(input: {
  eventId: number;
  token: string;
}): Promise<Registration> {
  return api.post<Registration>(`/api/events/${input.eventId}/registrations/cancel`, { token: input.token });
}

export function useCancelGuestRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelGuestRegistration,
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventsKeys.all }),
  });
}
