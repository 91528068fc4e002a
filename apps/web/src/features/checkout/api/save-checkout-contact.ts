import { type CheckoutContactBody, checkoutRoutes } from '@jesus-walks/contracts/checkout';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export type { CheckoutContactBody };

/** POST /api/checkout/contact: the buyer's name, e-mail and phone on the payment, before paying. */
export function saveCheckoutContact(body: CheckoutContactBody): Promise<{ paymentId: string }> {
  return callApi(checkoutRoutes.contact, { body });
}

export function useSaveCheckoutContact() {
  return useMutation({ mutationFn: saveCheckoutContact });
}
