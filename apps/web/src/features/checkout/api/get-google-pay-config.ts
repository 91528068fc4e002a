import { type GooglePayConfigResponse, walletRoutes } from '@jesus-walks/contracts/payments';
import { callApi } from '@/lib/api-client';

/** GET /api/google-pay/config: environment, networks, merchant and the gateway's tokenization. */
export function getGooglePayConfig(options: { signal?: AbortSignal } = {}): Promise<GooglePayConfigResponse> {
  return callApi(walletRoutes.googlePayConfig, { signal: options.signal });
}
