import { describe, expect, it } from 'vitest';
import { createQueryClient, queryConfig, retryDelay } from './query-client';

describe('query client', () => {
  it('keeps data fresh 5 minutes, unused 10 minutes, and retries twice', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.staleTime).toBe(300_000);
    expect(defaults?.gcTime).toBe(600_000);
    expect(defaults?.retry).toBe(2);
    expect(queryConfig.mutations.retry).toBe(0);
  });

  it('doubles the retry delay from 1 s up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });
});
