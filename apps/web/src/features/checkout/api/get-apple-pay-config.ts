import { type ApplePayConfig, walletRoutes } from '@jesus-walks/contracts/payments';
import { callApi } from '@/lib/api-client';

/** GET /api/apple-pay/config: the payment sheet's country, networks and merchant name. */
export function getApplePayConfig(options: { signal?: AbortSignal } = {}): Promise<ApplePayConfig> {
  return callApi(walletRoutes.applePayConfig, { signal: options.signal });
}
