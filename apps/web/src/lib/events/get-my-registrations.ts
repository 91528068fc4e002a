import type { MyRegistration } from '@jesus-walks/contracts/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { eventsKeys } from '@/lib/events/query-keys';

export type { MyRegistration };

/** GET /api/events/my-registrations: the logged-in member's registrations with their events. */
export async function getMyRegistrations(options: { signal?: AbortSignal } = {}): Promise<MyRegistration[]> {
  // Imported with the first request (see lib/current-user.ts).
  const { eventRoutes } = await import('@jesus-walks/contracts/events');
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
