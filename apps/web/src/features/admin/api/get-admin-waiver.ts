import { type AdminWaiver, waiverRoutes } from '@jesus-walks/contracts/waivers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { adminQueryKeys } from './query-keys';

export type { AdminWaiver };

/** GET /api/admin/waiver: the current waiver and every version, newest first, with their signatures. */
export function getAdminWaiver(options: { signal?: AbortSignal } = {}): Promise<AdminWaiver> {
  return callApi(waiverRoutes.admin, { signal: options.signal });
}

export function getAdminWaiverQueryOptions() {
  return queryOptions({
    queryKey: adminQueryKeys.waiver,
    queryFn: ({ signal }) => getAdminWaiver({ signal }),
    staleTime: 0,
  });
}

export function useAdminWaiver() {
  return useQuery(getAdminWaiverQueryOptions());
}
