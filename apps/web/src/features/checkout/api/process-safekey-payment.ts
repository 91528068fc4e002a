import {
  type PaymentResult,
  type SafekeyPaymentBodySchema,
  safekeyRoutes,
} from '@jesus-walks/contracts/payments';
import type { z } from 'zod';
import { callApi } from '@/lib/api-client';

export type SafekeyPaymentInput = z.input<typeof SafekeyPaymentBodySchema>;

/**
 * POST /api/safekey/process-payment: SafeKey authorises the checkout's payment (paymentId); a
 * decline answers success false with the reason.
 */
export function processSafekeyPayment(body: SafekeyPaymentInput): Promise<PaymentResult> {
  return callApi(safekeyRoutes.processPayment, { body });
}
