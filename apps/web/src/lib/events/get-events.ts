import type { Event, ListedEvent } from '@jesus-walks/contracts/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { eventsKeys } from './query-keys';

export type { Event, ListedEvent };

/**
 * GET /api/events: upcoming then past, each with its seats left. The one fetcher and cache entry
 * of the list: the events page shows it all, the home page selects its next open walks from it,
 * so going from one to the other shows the list at once.
 */
export async function getEvents(options: { signal?: AbortSignal } = {}): Promise<ListedEvent[]> {
  // Imported with the first request (see lib/current-user.ts).
  const { eventRoutes } = await import('@jesus-walks/contracts/events');
  return callApi(eventRoutes.list, { signal: options.signal });
}

export function getEventsQueryOptions() {
  return queryOptions({
    queryKey: eventsKeys.list(),
    queryFn: ({ signal }) => getEvents({ signal }),
    // Seats change as people register: a visit a minute later asks again.
    staleTime: 60 * 1000,
  });
}

/** The events list (each walk with its series named), or what `select` makes of it (the home page's next walks). */
export function useEvents<T = ListedEvent[]>(select?: (events: ListedEvent[]) => T) {
  return useQuery({ ...getEventsQueryOptions(), select });
}
