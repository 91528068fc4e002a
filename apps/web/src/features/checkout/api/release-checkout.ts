import {
  checkoutRoutes,
  type ReleaseCheckoutBody,
  type ReleaseCheckoutResult,
} from '@jesus-walks/contracts/checkout';
import { callApi } from '@/lib/api-client';

export type { ReleaseCheckoutBody };

/**
 * POST /api/checkout/release: the browser leaves its checkout before paying, so its payment is
 * cancelled and the stock or seat it held goes back to other shoppers at once instead of when the
 * hold lapses (the payment's secret says it is this browser's). Sent with keepalive, so it still
 * goes when the page itself is closing; the request starts before this returns (nothing is awaited
 * first), as a page being closed runs no later task.
 */
export function releaseCheckout(body: ReleaseCheckoutBody): Promise<ReleaseCheckoutResult> {
  return callApi(checkoutRoutes.release, { body, keepalive: true });
}
