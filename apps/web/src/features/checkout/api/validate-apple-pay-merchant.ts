import { type ApplePayValidateMerchantBody, walletRoutes } from '@jesus-walks/contracts/payments';
import { callApi } from '@/lib/api-client';

/** POST /api/apple-pay/validate-merchant: Apple's merchant session for ApplePaySession.completeMerchantValidation. */
export function validateApplePayMerchant(
  body: ApplePayValidateMerchantBody,
): Promise<Record<string, unknown>> {
  return callApi(walletRoutes.applePayValidateMerchant, { body });
}
