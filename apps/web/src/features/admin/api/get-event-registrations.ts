import { type EventRegistrations, eventRoutes } from '@jesus-walks/contracts/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { adminQueryKeys } from './query-keys';

export type { EventRegistrations };

/** GET /api/events/{id}/registrations: status, contact and waitlist position of each. */
export function getEventRegistrations(
  eventId: number,
  options: { signal?: AbortSignal } = {},
): Promise<EventRegistrations> {
  return callApi(eventRoutes.listRegistrations, { params: { id: eventId }, signal: options.signal });
}

export function getEventRegistrationsQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: adminQueryKeys.registrations(eventId),
    queryFn: ({ signal }) => getEventRegistrations(eventId, { signal }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** Asked while the registrations dialog is open (`eventId` null: closed). */
export function useEventRegistrations(eventId: number | null) {
  return useQuery({ ...getEventRegistrationsQueryOptions(eventId ?? 0), enabled: eventId !== null });
}
