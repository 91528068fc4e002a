import type { Event } from '@jesus-walks/contracts/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { eventsKeys } from './query-keys';

export type { Event };

/** GET /api/events: upcoming then past, each with its seats left (a non-array counts as none). */
export async function getEvents(options: { signal?: AbortSignal } = {}): Promise<Event[]> {
  const events = await api.get<unknown>('/api/events', options.signal ? { signal: options.signal } : {});
  return Array.isArray(events) ? (events as Event[]) : [];
}

/** The home page reads the same cache entry (features/home/api/get-upcoming-events.ts, same key). */
export function getEventsQueryOptions() {
  return queryOptions({
    queryKey: eventsKeys.list(),
    queryFn: ({ signal }) => getEvents({ signal }),
    // Seats change as people register: a visit a minute later asks again.
    staleTime: 60 * 1000,
  });
}

export function useEvents() {
  return useQuery(getEventsQueryOptions());
}
