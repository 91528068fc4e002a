import {
  type PaymentResult,
  type WalletPaymentBodySchema,
  walletRoutes,
} from '@jesus-walks/contracts/payments';
import type { z } from 'zod';
import { callApi } from '@/lib/api-client';

export type WalletPaymentInput = z.input<typeof WalletPaymentBodySchema>;

/** POST /api/apple-pay/process-payment: the Apple Pay token charged through the card processor. */
export function processApplePayPayment(body: WalletPaymentInput): Promise<PaymentResult> {
  return callApi(walletRoutes.applePayProcessPayment, { body });
}
