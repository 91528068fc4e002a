import type { CheckoutConfig } from '@jesus-walks/contracts/checkout';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export type { CheckoutConfig };

export const checkoutConfigQueryKey = ['checkout', 'config'] as const;

/**
 * GET /api/checkout/config: the payment methods, which are live, which run in test mode, and
 * whether the site takes no real payments at all (the test-mode banner on every page, so every
 * server-rendered page is rendered with it). The contract is imported with the first request (see
 * lib/current-user.ts).
 */
export async function getCheckoutConfig(options: { signal?: AbortSignal } = {}): Promise<CheckoutConfig> {
  const { checkoutRoutes } = await import('@jesus-walks/contracts/checkout');
  return callApi(checkoutRoutes.config, { signal: options.signal });
}

export function getCheckoutConfigQueryOptions() {
  return queryOptions({
    queryKey: checkoutConfigQueryKey,
    queryFn: ({ signal }) => getCheckoutConfig({ signal }),
  });
}

export function useCheckoutConfig() {
  return useQuery(getCheckoutConfigQueryOptions());
}
