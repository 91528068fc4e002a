import { type AdminUser, userRoutes } from '@jesus-walks/contracts/users';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { adminQueryKeys } from './query-keys';

export type { AdminUser };

/** GET /api/users (admin only). */
export function getUsers(options: { signal?: AbortSignal } = {}): Promise<AdminUser[]> {
  return callApi(userRoutes.list, { signal: options.signal });
}

/** Always refetched and not kept once the dashboard is left (SPEC.md sections 7 and 9). */
export function getUsersQueryOptions() {
  return queryOptions({
    queryKey: adminQueryKeys.users,
    queryFn: ({ signal }) => getUsers({ signal }),
    staleTime: 0,
    gcTime: 0,
  });
}
