import { type SafekeyInitiateResult, safekeyRoutes } from '@jesus-walks/contracts/payments';
import { callApi } from '@/lib/api-client';

/** POST /api/safekey/initiate-payment (the payment test page): does SafeKey accept a payment. */
export function initiateSafekeyPayment(body: {
  amount: number;
  currency: 'USD';
}): Promise<SafekeyInitiateResult> {
  return callApi(safekeyRoutes.initiatePayment, { body });
}
