import {
  cryptoRoutes,
  type VerifyCryptoPaymentBody,
  type VerifyCryptoPaymentResult,
} from '@jesus-walks/contracts/payments';
import { callApi } from '@/lib/api-client';

/** POST /api/crypto/verify-payment, polled while a crypto payment is pending. */
export function verifyCryptoPayment(body: VerifyCryptoPaymentBody): Promise<VerifyCryptoPaymentResult> {
  return callApi(cryptoRoutes.verifyPayment, { body });
}
