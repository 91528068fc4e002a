import { type AdminUsersPage, type AdminUsersQuery, userRoutes } from '@jesus-walks/contracts/users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { adminQueryKeys } from './query-keys';

export type { AdminUsersPage };

export interface AdminUsersFilter {
  /** Words in the username or e-mail, or an id; blank for everyone. */
  search: string;
  /** '' for admins and members alike. */
  role: NonNullable<AdminUsersQuery['role']> | '';
  page: number;
  pageSize: number;
}

/** GET /api/admin/users?q=&role=&page=&pageSize=: one page of users by id, and how many match. */
export function getAdminUsers(
  filter: AdminUsersFilter,
  options: { signal?: AbortSignal } = {},
): Promise<AdminUsersPage> {
  const q = filter.search.trim();
  return callApi(userRoutes.adminList, {
    query: {
      ...(q ? { q } : {}),
      ...(filter.role ? { role: filter.role } : {}),
      page: filter.page,
      pageSize: filter.pageSize,
    },
    signal: options.signal,
  });
}

/**
 * Under the users key, so that the user mutations' invalidation refreshes the page on screen too.
 * Always refetched and not kept (SPEC.md section 9: users have stale time 0).
 */
export function getAdminUsersQueryOptions(filter: AdminUsersFilter) {
  const { search, role, page, pageSize } = filter;
  return queryOptions({
    queryKey: [...adminQueryKeys.users, 'page', { search: search.trim(), role, page, pageSize }] as const,
    queryFn: ({ signal }) => getAdminUsers(filter, { signal }),
    staleTime: 0,
    gcTime: 0,
    // While the next page or search loads, the last one stays on screen.
    placeholderData: keepPreviousData,
  });
}

export function useAdminUsers(filter: AdminUsersFilter, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getAdminUsersQueryOptions(filter), enabled });
}
