import { eventRoutes, type Registration } from '@jesus-walks/contracts/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { notifyError, notifySuccess } from '../utils/notify';
import { refreshEvents } from './refresh-events';

/**
 * POST /api/events/{id}/registrations/{registrationId}/promote: a waitlisted registrant gets a
 * free seat and an e-mail; 409 'The event is full: ...' when there is none.
 */
export function promoteRegistration(input: {
  eventId: number;
  registrationId: number;
}): Promise<Registration> {
  return callApi(eventRoutes.promoteFromWaitlist, {
    params: { id: input.eventId, registrationId: input.registrationId },
  });
}

export function usePromoteRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: promoteRegistration,
    onSuccess: () => notifySuccess('Seat given; the registrant is told by e-mail'),
    onError: (error) => notifyError(error, 'Failed to give a seat'),
    onSettled: () => refreshEvents(queryClient),
  });
}
