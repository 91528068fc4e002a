import type { Event } from '@jesus-walks/contracts/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, callApi } from '@/lib/api-client';
import { eventsKeys } from '@/lib/events/query-keys';

/** GET /api/events/{id}; null when there is no such event (404, or an id that is not one: 400). */
export async function getEvent(id: string, options: { signal?: AbortSignal } = {}): Promise<Event | null> {
  // Imported with the first request (see lib/current-user.ts).
  const { eventRoutes } = await import('@jesus-walks/contracts/events');
  try {
    return await callApi(eventRoutes.get, { params: { id }, signal: options.signal });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
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
