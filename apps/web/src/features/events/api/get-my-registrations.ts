import type { MyRegistration } from '@jesus-walks/contracts/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { eventsKeys } from './query-keys';

export type { MyRegistration };

/** GET /api/events/my-registrations: the logged-in member's registrations with their events. */
export async function getMyRegistrations(options: { signal?: AbortSignal } = {}): Promise<MyRegistration[]> {
  const list = await api.get<unknown>(
    '/api/events/my-registrations',
    options.signal ? { signal: options.signal } : {},
  );
  return Array.isArray(list) ? (list as MyRegistration[]) : [];
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
