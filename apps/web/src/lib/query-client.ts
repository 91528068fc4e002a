import { type DefaultOptions, QueryClient } from '@tanstack/react-query';

/** Delay before retry number `attempt + 1`: 1 s, 2 s, 4 s ... capped at 30 s (SPEC.md section 9). */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30000);
}

/** Cache rules of SPEC.md section 9: fresh 5 minutes, unused kept 10 minutes, 2 retries. */
export const queryConfig = {
  queries: {
    staleTime: 5 * 60 * 1000,
    gcTime: 10 * 60 * 1000,
    retry: 2,
    retryDelay,
  },
  mutations: {
    retry: 0,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}
