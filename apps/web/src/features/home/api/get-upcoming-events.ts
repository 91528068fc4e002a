import type { Event } from '@jesus-walks/contracts/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { Event };

/**
 * GET /api/events, the same call and cache entry as the events page (features/events/api/get-events.ts
 * uses this key too), so going from the home page to /events shows the list at once.
 */
export const eventsListQueryKey = ['events', 'list'] as const;

export async function getEventsList(options: { signal?: AbortSignal } = {}): Promise<Event[]> {
  const events = await api.get<unknown>('/api/events', options.signal ? { signal: options.signal } : {});
  return Array.isArray(events) ? (events as Event[]) : [];
}

/** The next `count` walks that are still open: upcoming and not cancelled, soonest first. */
export function nextOpenEvents(events: readonly Event[], count: number): Event[] {
  return events
    .filter((event) => !event.isPast && !event.isCancelled)
    .sort((a, b) => Date.parse(a.date) - Date.parse(b.date))
    .slice(0, count);
}

export function getUpcomingEventsQueryOptions() {
  return queryOptions({
    queryKey: eventsListQueryKey,
    queryFn: ({ signal }) => getEventsList({ signal }),
    staleTime: 60 * 1000,
  });
}

export function useUpcomingEvents(count: number) {
  return useQuery({ ...getUpcomingEventsQueryOptions(), select: (events) => nextOpenEvents(events, count) });
}
