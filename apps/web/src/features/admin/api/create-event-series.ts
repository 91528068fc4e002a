import { type EventSeries, type EventSeriesInput, eventSeriesRoutes } from '@jesus-walks/contracts/series';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { notifyError, notifySuccess } from '../utils/notify';
import { refreshEvents } from './refresh-events';

/** POST /api/admin/event-series: the series and its walks, made from the template walk. */
export function createEventSeries(body: EventSeriesInput): Promise<EventSeries> {
  return callApi(eventSeriesRoutes.create, { body });
}

export function useCreateEventSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEventSeries,
    onSuccess: async (series) => {
      notifySuccess(`Series "${series.title}" made: ${series.walks.length} walks (${series.ruleInWords})`);
      await refreshEvents(queryClient);
    },
    onError: (error) => notifyError(error, 'Failed to make the series'),
  });
}
