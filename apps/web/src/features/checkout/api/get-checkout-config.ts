import { type CheckoutConfig, checkoutRoutes } from '@jesus-walks/contracts/checkout';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export type { CheckoutConfig };

export const checkoutConfigQueryKey = ['checkout', 'config'] as const;

/** GET /api/checkout/config: the payment methods, which are live, which run in test mode. */
export function getCheckoutConfig(options: { signal?: AbortSignal } = {}): Promise<CheckoutConfig> {
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
