import { eventRoutes, type Registration } from '@jesus-walks/contracts/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { notifyError, notifySuccess } from '../utils/notify';
import { refreshEvents } from './refresh-events';

/** DELETE /api/events/{id}/registrations/{registrationId}: an admin may cancel anyone's. */
export function cancelEventRegistration(input: {
  eventId: number;
  registrationId: number;
}): Promise<Registration> {
  return callApi(eventRoutes.cancelRegistration, {
    params: { id: input.eventId, registrationId: input.registrationId },
  });
}

export function useCancelEventRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelEventRegistration,
    // The seat, if it held one, goes to the next on the waitlist (the dialog's list shows who).
    onSuccess: () => notifySuccess('Registration cancelled; the registrant is told by e-mail'),
    onError: (error) => notifyError(error, 'Failed to cancel registration'),
    onSettled: () => refreshEvents(queryClient),
  });
}
