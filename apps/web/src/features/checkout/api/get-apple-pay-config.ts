import { type ApplePayConfig, walletRoutes } from '@jesus-walks/contracts/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** GET /api/apple-pay/config: the payment sheet's country, networks and merchant name. */
export function getApplePayConfig(options: { signal?: AbortSignal } = {}): Promise<ApplePayConfig> {
  return callApi(walletRoutes.applePayConfig, { signal: options.signal });
}

export function getApplePayConfigQueryOptions() {
  return queryOptions({
    queryKey: ['checkout', 'apple-pay-config'] as const,
    queryFn: ({ signal }) => getApplePayConfig({ signal }),
  });
}

export function useApplePayConfig(enabled = true) {
  return useQuery({ ...getApplePayConfigQueryOptions(), enabled });
}
