import type { Waiver } from '@jesus-walks/contracts/waivers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { eventsKeys } from './query-keys';

export type { Waiver };

/** GET /api/waiver: the group's current waiver, which a walk that requires it has its walkers accept. */
export async function getWaiver(options: { signal?: AbortSignal } = {}): Promise<Waiver> {
  // Imported with the first request (see lib/current-user.ts).
  const { waiverRoutes } = await import('@jesus-walks/contracts/waivers');
  return callApi(waiverRoutes.current, { signal: options.signal });
}

export function getWaiverQueryOptions() {
  return queryOptions({
    queryKey: eventsKeys.waiver(),
    queryFn: ({ signal }) => getWaiver({ signal }),
    // The version accepted must be the current one: asked again whenever a form shows it.
    staleTime: 0,
  });
}

/** Asked only for a walk that requires the waiver. */
export function useWaiver(enabled: boolean) {
  return useQuery({ ...getWaiverQueryOptions(), enabled });
}
