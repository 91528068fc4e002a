import type { Ticket } from '@jesus-walks/contracts/check-in';
import { eventRoutes } from '@jesus-walks/contracts/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** GET /api/tickets/{token}: a walk ticket by the signed token of its link. */
export function getTicket(token: string, options: { signal?: AbortSignal } = {}): Promise<Ticket> {
  return callApi(eventRoutes.ticket, { params: { token }, signal: options.signal });
}

export function getTicketQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['tickets', token] as const,
    queryFn: ({ signal }) => getTicket(token, { signal }),
    retry: false,
  });
}

export function useTicket(token: string) {
  return useQuery(getTicketQueryOptions(token));
}
