import type { CurrentUser } from '@jesus-walks/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, parseResponse } from '@/lib/api-client';

export type { CurrentUser };

export const currentUserQueryKey = ['auth', 'me'] as const;

/** The logged-in user, or null for a visitor: 401 is an answer here, not an error. */
export async function getCurrentUser(options: { signal?: AbortSignal } = {}): Promise<CurrentUser | null> {
  const response = await apiFetch('/api/auth/me', { signal: options.signal });
  if (response.status === 401) {
    // Drain the body so the connection can be reused.
    await response.body?.cancel();
    return null;
  }
  return parseResponse<CurrentUser | null>(response);
}

export function getCurrentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getCurrentUser({ signal }),
  });
}

export function useCurrentUser() {
  return useQuery(getCurrentUserQueryOptions());
}
