import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { ProviderEvent } from '../provider';

/**
 * The sandbox's events, in Stripe's event format, so the webhook path the sandbox exercises is
 * the one Stripe's events take (a verified event reduced to a ProviderEvent).
 */
export interface SandboxEvent {
  id: string;
  object: 'event';
  type: 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'charge.refunded';
  created: number;
  livemode: false;
  data: { object: Record<string, unknown> & { object: string } };
}

export interface SandboxIntentSnapshot {
  id: string;
  amountCents: number;
  currency: string;
  status: string;
  paymentId: string;
  failureMessage: string | null;
  failureCode?: string | null;
}

export const newEventId = () => `evt_sandbox_${randomBytes(12).toString('hex')}`;

export function paymentIntentEvent(
  type: 'payment_intent.succeeded' | 'payment_intent.payment_failed',
  intent: SandboxIntentSnapshot,
): SandboxEvent {
  return {
    id: newEventId(),
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: intent.id,
        object: 'payment_intent',
        amount: intent.amountCents,
        currency: intent.currency,
        status: intent.status,
        metadata: { paymentId: intent.paymentId },
        last_payment_error: intent.failureMessage
          ? { message: intent.failureMessage, code: intent.failureCode ?? 'card_declined' }
          : null,
      },
    },
  };
}

export function chargeRefundedEvent(intent: SandboxIntentSnapshot, refundId: string): SandboxEvent {
  return {
    id: newEventId(),
    object: 'event',
    type: 'charge.refunded',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: `ch_sandbox_${intent.id.replace(/^pi_sandbox_/, '')}`,
        object: 'charge',
        amount: intent.amountCents,
        amount_refunded: intent.amountCents,
        currency: intent.currency,
        refunded: true,
        payment_intent: intent.id,
        metadata: { paymentId: intent.paymentId, refundId },
      },
    },
  };
}

const EventSchema = z.object({
  id: z.string().min(1).max(200),
  object: z.literal('event'),
  type: z.string().min(1).max(200),
  data: z.object({
    object: z.object({
      id: z.string().optional(),
      object: z.string(),
      metadata: z.record(z.string(), z.string()).nullish(),
      payment_intent: z.string().nullish(),
    }),
  }),
});

const outcomes: Record<string, ProviderEvent['outcome']> = {
  'payment_intent.succeeded': 'succeeded',
  'payment_intent.payment_failed': 'failed',
  'charge.refunded': 'refunded',
};

/** A verified body reduced to what finalisation reads; throws when it is not an event. */
export function toProviderEvent(payload: unknown): ProviderEvent {
  const event = EventSchema.parse(payload);
  const object = event.data.object;
  const reference =
    object.object === 'payment_intent' ? (object.id ?? null) : (object.payment_intent ?? null);
  return {
    id: event.id,
    type: event.type,
    reference,
    paymentId: object.metadata?.paymentId ?? null,
    outcome: outcomes[event.type] ?? 'other',
  };
}
