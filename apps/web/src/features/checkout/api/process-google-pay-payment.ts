import {
  type PaymentResult,
  type WalletPaymentBodySchema,
  walletRoutes,
} from '@jesus-walks/contracts/payments';
import type { z } from 'zod';
import { callApi } from '@/lib/api-client';

type WalletPaymentInput = z.input<typeof WalletPaymentBodySchema>;

/** POST /api/google-pay/process-payment: the Google Pay token charged through the card processor. */
export function processGooglePayPayment(body: WalletPaymentInput): Promise<PaymentResult> {
  return callApi(walletRoutes.googlePayProcessPayment, { body });
}
