import { checkoutRoutes, type SandboxConfirmBody } from '@jesus-walks/contracts/checkout';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export type { SandboxConfirmBody };

/**
 * POST /api/checkout/sandbox/confirm: the built-in sandbox processor confirms a test card. A
 * declined card answers 402 with the card's message ('Your card was declined.').
 */
export function confirmSandboxPayment(
  body: SandboxConfirmBody,
): Promise<{ status: 'succeeded'; paymentId: string }> {
  return callApi(checkoutRoutes.sandboxConfirm, { body });
}

export function useConfirmSandboxPayment() {
  return useMutation({ mutationFn: confirmSandboxPayment });
}
