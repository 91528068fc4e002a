import {
  checkoutRoutes,
  type PaymentIntentBody,
  type PaymentIntentResponse,
} from '@jesus-walks/contracts/checkout';
import { IDEMPOTENCY_KEY_HEADER } from '@jesus-walks/contracts/events';
import { callApi } from '@/lib/api-client';

export type { PaymentIntentBody, PaymentIntentResponse };

export interface CreatePaymentIntentInput {
  body: PaymentIntentBody;
  /** The same key for every retry of one request, so a retry never reserves twice. */
  idempotencyKey: string;
}

/**
 * POST /api/checkout/create-payment-intent: the server quotes the cart (its own prices, the chosen
 * shipping method, the stock held a few minutes) and answers what to pay. 409 `cart_changed` lists
 * what can no longer be served; 422 or 429 say the browser holds as much as one shopper may.
 */
export function createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntentResponse> {
  return callApi(checkoutRoutes.createPaymentIntent, {
    body: input.body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: input.idempotencyKey },
  });
}
