import {
  type EventSeriesInput,
  type EventSeriesPreview,
  eventSeriesRoutes,
} from '@jesus-walks/contracts/series';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { adminQueryKeys } from './query-keys';

/** POST /api/admin/event-series/preview: the dates a series would have, nothing made. */
export function previewEventSeries(
  body: EventSeriesInput,
  options: { signal?: AbortSignal } = {},
): Promise<EventSeriesPreview> {
  return callApi(eventSeriesRoutes.preview, { body, signal: options.signal });
}

/** The preview of a valid form (none asked while it is not). A refused end is an answer, not retried. */
export function getEventSeriesPreviewQueryOptions(body: EventSeriesInput | null) {
  return queryOptions({
    queryKey: adminQueryKeys.seriesPreview(body),
    queryFn: body ? ({ signal }) => previewEventSeries(body, { signal }) : skipToken,
    staleTime: 30 * 1000,
    retry: false,
  });
}

export function useEventSeriesPreview(body: EventSeriesInput | null) {
  return useQuery(getEventSeriesPreviewQueryOptions(body));
}
