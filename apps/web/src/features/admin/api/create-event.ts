import { type AdminEvent, type EventInput, eventRoutes } from '@jesus-walks/contracts/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { notifyError, notifySuccess } from '../utils/notify';
import { refreshEvents } from './refresh-events';

/** POST /api/events (its date must be in the future). */
export function createEvent(body: EventInput): Promise<AdminEvent> {
  return callApi(eventRoutes.create, { body });
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEvent,
    onSuccess: async (event) => {
      notifySuccess(`Event "${event.title}" created`);
      await refreshEvents(queryClient);
    },
    onError: (error) => notifyError(error, 'Failed to create event'),
  });
}
