import { eventRoutes, type WaitlistPromotion } from '@jesus-walks/contracts/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { seatGivenMessage } from '../utils/event-stats';
import { notifyError, notifySuccess } from '../utils/notify';
import { refreshEvents } from './refresh-events';

/**
 * POST /api/events/{id}/registrations/{registrationId}/promote: a waitlisted registrant gets a seat
 * and an e-mail (a party its seats, together); at a full event the capacity goes up by the seats
 * it lacks (the answer says from and to).
 */
export function promoteRegistration(input: {
  eventId: number;
  registrationId: number;
}): Promise<WaitlistPromotion> {
  return callApi(eventRoutes.promoteFromWaitlist, {
    params: { id: input.eventId, registrationId: input.registrationId },
  });
}

export function usePromoteRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { eventId: number; registrationId: number; name: string }) =>
      promoteRegistration(input),
    onSuccess: (promotion, input) =>
      notifySuccess(seatGivenMessage(input.name, promotion.capacity, promotion.partySize)),
    onError: (error) => notifyError(error, 'Failed to give a seat'),
    onSettled: () => refreshEvents(queryClient),
  });
}
