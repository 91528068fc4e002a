import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/**
 * Test helpers for Stripe webhooks: build an event shaped like Stripe's and sign it the way Stripe
 * does (the SDK's own test signer), so a test can POST it to the webhook route with
 * `Stripe-Signature: header` and the exact `body` bytes.
 */

/** `{ body, header }`: send `body` unchanged (the signature covers its bytes) and `header` as Stripe-Signature. */
export function signStripeEvent(
  payload: object,
  secret: string,
  timestampSeconds: number = Math.floor(Date.now() / 1000),
): { body: string; header: string } {
  const body = JSON.stringify(payload);
  const header = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret,
    timestamp: timestampSeconds,
  });
  return { body, header };
}

/**
 * An event as Stripe delivers it (API object `event`, snapshot payload): `data.object` is the
 * payment intent for payment_intent.*, the charge for charge.refunded. The id is new each call
 * unless given: a redelivery of one event reuses its id.
 */
export function buildStripeEvent(
  type: string,
  object: { object: string } & Record<string, unknown>,
  options: { id?: string; createdSeconds?: number } = {},
): StripeTestEvent {
  return {
    id: options.id ?? `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: options.createdSeconds ?? Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

export interface StripeTestEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: { object: string } & Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}
