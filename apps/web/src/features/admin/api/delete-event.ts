import { type DeleteEventResult, eventRoutes } from '@jesus-walks/contracts/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { eventRemovalMessage } from '../utils/event-stats';
import { notifyError, notifySuccess } from '../utils/notify';
import { refreshEvents } from './refresh-events';

/** DELETE /api/events/{id}: deleted without registrations, else cancelled and its registrants told. */
export function deleteEvent(id: number): Promise<DeleteEventResult> {
  return callApi(eventRoutes.delete, { params: { id } });
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEvent,
    onSuccess: async (result) => {
      notifySuccess(eventRemovalMessage(result));
      await refreshEvents(queryClient);
    },
    onError: (error) => notifyError(error, 'Failed to cancel event'),
  });
}
