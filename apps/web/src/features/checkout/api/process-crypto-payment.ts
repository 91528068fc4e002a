import {
  type CryptoPaymentBody,
  type CryptoPaymentResult,
  type CryptoProvider,
  cryptoRoutes,
} from '@jesus-walks/contracts/payments';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export type { CryptoPaymentBody, CryptoPaymentResult };

/** POST /api/crypto/{stripe,coinbase}/process-payment: the charge for the checkout's payment. */
export function processCryptoPayment(input: {
  provider: CryptoProvider;
  body: CryptoPaymentBody;
}): Promise<CryptoPaymentResult> {
  const route =
    input.provider === 'stripe' ? cryptoRoutes.stripeProcessPayment : cryptoRoutes.coinbaseProcessPayment;
  return callApi(route, { body: input.body });
}

export function useProcessCryptoPayment() {
  return useMutation({ mutationFn: processCryptoPayment });
}
