import { type SquarePayBody, type SquarePayResult, squareRoutes } from '@jesus-walks/contracts/payments';
import { callApi } from '@/lib/api-client';

export type { SquarePayBody, SquarePayResult };

/**
 * POST /api/checkout/square/pay: payments charges the card token from Square's card form for the
 * payment's quoted total. A refused card answers 402 with Square's words.
 */
export function payWithSquare(body: SquarePayBody): Promise<SquarePayResult> {
  return callApi(squareRoutes.pay, { body });
}
