import { type GooglePayConfigResponse, walletRoutes } from '@jesus-walks/contracts/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** GET /api/google-pay/config: environment, networks, merchant and the gateway's tokenization. */
export function getGooglePayConfig(options: { signal?: AbortSignal } = {}): Promise<GooglePayConfigResponse> {
  return callApi(walletRoutes.googlePayConfig, { signal: options.signal });
}

export function getGooglePayConfigQueryOptions() {
  return queryOptions({
    queryKey: ['checkout', 'google-pay-config'] as const,
    queryFn: ({ signal }) => getGooglePayConfig({ signal }),
    retry: false,
  });
}

export function useGooglePayConfig(enabled = true) {
  return useQuery({ ...getGooglePayConfigQueryOptions(), enabled });
}
