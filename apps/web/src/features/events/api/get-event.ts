import type { Event } from '@jesus-walks/contracts/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, parseResponse } from '@/lib/api-client';
import { eventsKeys } from './query-keys';

/** GET /api/events/{id}; null when there is no such event (404, or an id that is not one: 400). */
export async function getEvent(id: string, options: { signal?: AbortSignal } = {}): Promise<Event | null> {
  const response = await apiFetch(
    `/api/events/${encodeURIComponent(id)}`,
    options.signal ? { signal: options.signal } : {},
  );
  if (response.status === 404 || response.status === 400) {
    await response.body?.cancel();
    return null;
  }
  return parseResponse<Event>(response);
}

export function getEventQueryOptions(id: string) {
  return queryOptions({
    queryKey: eventsKeys.detail(id),
    queryFn: ({ signal }) => getEvent(id, { signal }),
    staleTime: 30 * 1000,
  });
}

export function useEvent(id: string) {
  return useQuery(getEventQueryOptions(id));
}
