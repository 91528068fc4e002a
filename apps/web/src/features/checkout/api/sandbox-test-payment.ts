import {
  checkoutRoutes,
  type SandboxTestPaymentBody,
  type SandboxTestPaymentResult,
} from '@jesus-walks/contracts/checkout';
import { callApi } from '@/lib/api-client';

/**
 * POST /api/checkout/sandbox/test-payment: the payment test page's card payment on the sandbox,
 * with no checkout behind it. A declined test card is an answer (success false and its message).
 */
export function sandboxTestPayment(body: SandboxTestPaymentBody): Promise<SandboxTestPaymentResult> {
  return callApi(checkoutRoutes.sandboxTestPayment, { body });
}
