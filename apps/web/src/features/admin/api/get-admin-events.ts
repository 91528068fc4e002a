import { type AdminEvent, eventRoutes } from '@jesus-walks/contracts/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { adminQueryKeys } from './query-keys';

/** The admin's events carry what no public read does: each walk's leader contact for the day. */
export type Event = AdminEvent;

/**
 * GET /api/admin/events: every event (upcoming, then past) with its seats taken and waitlist, and
 * its leader's contact, which the edit form shows.
 */
export function getAdminEvents(options: { signal?: AbortSignal } = {}): Promise<Event[]> {
  return callApi(eventRoutes.adminList, { signal: options.signal });
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
