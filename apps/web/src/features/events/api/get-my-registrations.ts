import { eventRoutes, type MyRegistration } from '@jesus-walks/contracts/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { eventsKeys } from '@/lib/events/query-keys';

export type { MyRegistration };

/** GET /api/events/my-registrations: the logged-in member's registrations with their events. */
export function getMyRegistrations(options: { signal?: AbortSignal } = {}): Promise<MyRegistration[]> {
  return callApi(eventRoutes.myRegistrations, { signal: options.signal });
}

export function getMyRegistrationsQueryOptions() {
  return queryOptions({
    queryKey: eventsKeys.mine(),
    queryFn: ({ signal }) => getMyRegistrations({ signal }),
    staleTime: 30 * 1000,
  });
}

/** Only asked for when someone is logged in. */
export function useMyRegistrations(enabled: boolean) {
  return useQuery({ ...getMyRegistrationsQueryOptions(), enabled });
}
