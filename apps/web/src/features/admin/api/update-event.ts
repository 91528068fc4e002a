import { type AdminEvent, type EventInput, eventRoutes } from '@jesus-walks/contracts/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { notifyError, notifySuccess } from '../utils/notify';
import { refreshEvents } from './refresh-events';

export interface UpdateEventInput {
  id: number;
  body: EventInput;
}

/** PUT /api/events/{id}: registrants are told when the date or place changes. */
export function updateEvent({ id, body }: UpdateEventInput): Promise<AdminEvent> {
  return callApi(eventRoutes.update, { params: { id }, body });
}

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEvent,
    onSuccess: async (event) => {
      notifySuccess(`Event "${event.title}" updated`);
      await refreshEvents(queryClient);
    },
    onError: (error) => notifyError(error, 'Failed to update event'),
  });
}
