import type { ReleaseCheckoutBody, ReleaseCheckoutResult } from '@jesus-walks/contracts/checkout';
import { callApi } from '@/lib/api-client';

export type { ReleaseCheckoutBody };

/**
 * POST /api/checkout/release: the browser leaves its checkout before paying, so its payment is
 * cancelled and the stock or seat it held goes back to other shoppers at once instead of when the
 * hold lapses. Sent with keepalive, so it still goes when the page itself is closing. The contract
 * is imported when it is first needed, as the cart's (the checkout's first bundle stays small).
 */
export async function releaseCheckout(body: ReleaseCheckoutBody): Promise<ReleaseCheckoutResult> {
  const { checkoutRoutes } = await import('@jesus-walks/contracts/checkout');
  return callApi(checkoutRoutes.release, { body, keepalive: true });
}
