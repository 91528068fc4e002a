import type { CurrentUser } from '@jesus-walks/contracts/auth';
import { SIGNED_IN_COOKIE } from '@jesus-walks/contracts/constants';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { ApiError, callApi } from '@/lib/api-client';
import { useHydrated } from '@/lib/use-hydrated';

export type { CurrentUser };

export const currentUserQueryKey = ['auth', 'me'] as const;

/** Whether the cookies carry the signed-in hint (a session may be behind them). */
export function hasSignedInHint(cookies: string): boolean {
  return cookies.split(';').some((cookie) => cookie.trim().startsWith(`${SIGNED_IN_COOKIE}=`));
}

/**
 * The logged-in user, or null for a visitor: 401 is an answer here, not an error. Without the
 * signed-in hint cookie nobody is logged in, so nothing is asked.
 *
 * The contract (and Zod with it) is imported with the first request, as in every fetcher of a
 * page's first scripts: a server-rendered page hydrates from the data it came with and need not
 * load the schemas before it is interactive.
 */
export async function getCurrentUser(
  options: { signal?: AbortSignal; cookies?: string } = {},
): Promise<CurrentUser | null> {
  const cookies = options.cookies ?? (typeof document === 'undefined' ? undefined : document.cookie);
  if (cookies !== undefined && !hasSignedInHint(cookies)) return null;
  try {
    const { authRoutes } = await import('@jesus-walks/contracts/auth');
    return await callApi(authRoutes.me, { signal: options.signal });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    // The hint outlived the session.
    if (typeof document !== 'undefined') {
      // biome-ignore lint/suspicious/noDocumentCookie: expires a plain hint; the Cookie Store API is not in every browser
      document.cookie = `${SIGNED_IN_COOKIE}=; Max-Age=0; path=/`;
    }
    return null;
  }
}

export function getCurrentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getCurrentUser({ signal }),
  });
}

/**
 * The logged-in user (null for a visitor). Not known on the server: a rendered page is the same
 * for everyone (docs/decisions/032-rendered-pages-kept.md). The render that hydrates says 'not
 * known' too, whatever the cache holds by then, so it matches the server's HTML; the answer
 * follows at once.
 */
export function useCurrentUser(): UseQueryResult<CurrentUser | null> {
  const hydrated = useHydrated();
  const query = useQuery(getCurrentUserQueryOptions());
  if (hydrated) return query;
  return {
    ...query,
    data: undefined,
    status: 'pending',
    isPending: true,
    isSuccess: false,
    isError: false,
    error: null,
  } as UseQueryResult<CurrentUser | null>;
}
