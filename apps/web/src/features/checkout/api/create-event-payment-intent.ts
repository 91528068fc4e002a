import {
  checkoutRoutes,
  type EventPaymentIntentBody,
  type EventPaymentIntentResponse,
} from '@jesus-walks/contracts/checkout';
import { IDEMPOTENCY_KEY_HEADER } from '@jesus-walks/contracts/events';
import { callApi } from '@/lib/api-client';

export type { EventPaymentIntentBody, EventPaymentIntentResponse };

export interface CreateEventPaymentIntentInput {
  body: EventPaymentIntentBody;
  /** The same key for every retry of one request, so a retry never holds a second seat. */
  idempotencyKey: string;
}

/**
 * POST /api/checkout/event-payment-intent: the server quotes the event's price and holds a seat for
 * a few minutes; 409 when the event is full (every seat taken or held) or the payer is registered,
 * 429 when the browser holds as many seats as one person may.
 */
export function createEventPaymentIntent(
  input: CreateEventPaymentIntentInput,
): Promise<EventPaymentIntentResponse> {
  return callApi(checkoutRoutes.createEventPaymentIntent, {
    body: input.body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: input.idempotencyKey },
  });
}
