import { type Event, eventRoutes } from '@jesus-walks/contracts/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { adminQueryKeys } from './query-keys';

export type { Event };

/** GET /api/events: every event (upcoming, then past) with its seats taken and waitlist. */
export function getAdminEvents(options: { signal?: AbortSignal } = {}): Promise<Event[]> {
  return callApi(eventRoutes.list, { signal: options.signal });
}

/** The admin's own entry (the public list keeps its one-minute cache): always asked again. */
export function getAdminEventsQueryOptions() {
  return queryOptions({
    queryKey: adminQueryKeys.events,
    queryFn: ({ signal }) => getAdminEvents({ signal }),
    staleTime: 0,
  });
}

export function useAdminEvents({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getAdminEventsQueryOptions(), enabled });
}
