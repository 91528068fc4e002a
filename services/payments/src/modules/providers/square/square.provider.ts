import { createHash } from 'node:crypto';
import type { SquareConfig } from '@jesus-walks/contracts/payments';
import { type Square, SquareClient, SquareEnvironment, SquareError, WebhooksHelper } from 'square';
import { z } from 'zod';
import {
  type CreateIntentInput,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderIntent,
  type RefundInput,
  WebhookSignatureError,
} from '../provider';

export interface SquareProviderOptions {
  /** The seller's access token (sandbox or production). */
  accessToken: string;
  /** The Web Payments SDK's application id (sq0idp-... / sandbox-sq0idb-...). */
  applicationId: string;
  /** The location that takes the payments. */
  locationId: string;
  environment: 'sandbox' | 'production';
  /** The webhook subscription's signature key. */
  webhookSignatureKey: string;
  /** The subscription's notification URL exactly as Square knows it: Square signs it with the body. */
  webhookUrl: string;
  /**
   * Where the API lives, for tests and local runs against a fake Square ('http://127.0.0.1:4343').
   * Unset: Square's own host for the environment.
   */
  apiBaseUrl?: string;
  /** Per request; the SDK's default is 60 s, a checkout should not hang that long. */
  timeoutMs?: number;
}

export interface SquareChargeInput {
  /** Our payments row id: Square's reference_id, so the dashboard and the webhooks name it. */
  paymentId: string;
  amountCents: number;
  /** The card token from the Web Payments SDK. */
  sourceId: string;
  verificationToken?: string | undefined;
  note: string;
}

export type SquareCharge =
  | { kind: 'paid'; intent: ProviderIntent }
  /** Square refused the card: its words for the buyer, and its error code. */
  | { kind: 'declined'; code: string; message: string };

/** The Square adapter: a PaymentProvider, plus the card charge its card form needs. */
export interface SquareProvider extends PaymentProvider {
  readonly config: SquareConfig;
  charge(input: SquareChargeInput): Promise<SquareCharge>;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * Square has no payment intent: a payment exists only once a card is charged (CreatePayment). So
 * until then the payments row holds a placeholder reference naming the checkout and its amount, and
 * the Square payment's id replaces it once the card is charged (square.service.ts).
 */
const PENDING_PREFIX = 'sqpending';

export function pendingSquareReference(paymentId: string, amountCents: number): string {
  return `${PENDING_PREFIX}_${amountCents}_${paymentId}`;
}

export function isPendingSquareReference(reference: string): boolean {
  return reference.startsWith(`${PENDING_PREFIX}_`);
}

function parsePending(reference: string): { amountCents: number; paymentId: string } | null {
  const match = /^sqpending_(\d+)_(.+)$/.exec(reference);
  if (!match?.[1] || !match[2]) return null;
  return { amountCents: Number(match[1]), paymentId: match[2] };
}

/**
 * One attempt per card token: a retried request with the same token is the same CreatePayment at
 * Square (never a second charge), another card is a new attempt. Square allows 45 characters; a
 * base64url SHA-256 is 43.
 */
export function chargeIdempotencyKey(paymentId: string, sourceId: string): string {
  return createHash('sha256').update(`square-pay:${paymentId}:${sourceId}`).digest('base64url');
}

/** The parts of a Square webhook event that finalisation reads (checked after the signature). */
const SquareEventSchema = z.object({
  event_id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({
    type: z.string(),
    id: z.string(),
    object: z
      .object({
        payment: z
          .object({ id: z.string(), status: z.string().optional(), reference_id: z.string().optional() })
          .optional(),
        refund: z
          .object({ id: z.string(), status: z.string().optional(), payment_id: z.string() })
          .optional(),
      })
      .optional(),
  }),
});

/**
 * The Square adapter: CreatePayment for the card form's token, GetPayment for finalisation,
 * RefundPayment, and webhooks verified with the SDK's WebhooksHelper. API errors other than a
 * refused card (a wrong token, Square unreachable) are the SDK's errors and propagate unchanged.
 */
export function createSquareProvider(options: SquareProviderOptions): SquareProvider {
  const client = new SquareClient({
    token: options.accessToken,
    environment:
      options.apiBaseUrl ??
      (options.environment === 'production' ? SquareEnvironment.Production : SquareEnvironment.Sandbox),
    timeoutInSeconds: Math.ceil((options.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000),
    // One retry for a network failure, a 429 or a 5xx; the idempotency key rides in the body, so a
    // retried charge or refund is still one charge or one refund.
    maxRetries: 1,
  });

  return {
    name: 'square',
    config: {
      applicationId: options.applicationId,
      locationId: options.locationId,
      environment: options.environment,
    },

    async createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
      const reference = pendingSquareReference(input.paymentId, input.amountCents);
      return {
        reference,
        // The card form pays by payment id; this only says the checkout is ready.
        clientSecret: reference,
        amountCents: input.amountCents,
        currency: input.currency,
        status: 'requires_payment_method',
        failureMessage: null,
      };
    },

    async retrieveIntent(reference: string): Promise<ProviderIntent> {
      const pending = parsePending(reference);
      if (pending) {
        return {
          reference,
          clientSecret: reference,
          amountCents: pending.amountCents,
          currency: 'usd',
          status: 'requires_payment_method',
          failureMessage: null,
        };
      }
      const { payment } = await client.payments.get({ paymentId: reference });
      if (!payment) throw new Error(`Square answered GetPayment ${reference} without a payment`);
      return toProviderIntent(payment);
    },

    async charge(input: SquareChargeInput): Promise<SquareCharge> {
      try {
        const { payment } = await client.payments.create({
          sourceId: input.sourceId,
          idempotencyKey: chargeIdempotencyKey(input.paymentId, input.sourceId),
          amountMoney: { amount: BigInt(input.amountCents), currency: 'USD' },
          autocomplete: true,
          locationId: options.locationId,
          referenceId: input.paymentId,
          note: input.note.slice(0, 500),
          ...(input.verificationToken ? { verificationToken: input.verificationToken } : {}),
        });
        if (!payment) throw new Error('Square answered CreatePayment without a payment');
        const intent = toProviderIntent(payment);
        if (intent.status !== 'succeeded') {
          return {
            kind: 'declined',
            code: payment.status ?? 'UNKNOWN',
            message: 'The payment was not completed',
          };
        }
        return { kind: 'paid', intent };
      } catch (error) {
        const refusal = cardRefusal(error);
        if (refusal) return { kind: 'declined', ...refusal };
        throw error;
      }
    },

    async refund(input: RefundInput): Promise<{ refundReference: string }> {
      if (isPendingSquareReference(input.reference)) {
        throw new Error(`Square payment ${input.reference} was never charged; nothing to refund`);
      }
      const { refund } = await client.refunds.refundPayment({
        idempotencyKey: input.idempotencyKey,
        paymentId: input.reference,
        amountMoney: { amount: BigInt(input.amountCents), currency: 'USD' },
        reason: input.reason.slice(0, 192),
      });
      if (!refund?.id) throw new Error('Square answered RefundPayment without a refund');
      return { refundReference: refund.id };
    },

    async parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): Promise<ProviderEvent> {
      if (!signatureHeader) {
        throw new WebhookSignatureError('The x-square-hmacsha256-signature header is missing');
      }
      const requestBody = rawBody.toString('utf8');
      let valid: boolean;
      try {
        valid = await WebhooksHelper.verifySignature({
          requestBody,
          signatureHeader,
          signatureKey: options.webhookSignatureKey,
          notificationUrl: options.webhookUrl,
        });
      } catch (error) {
        throw new WebhookSignatureError('The Square webhook could not be verified', { cause: error });
      }
      if (!valid) throw new WebhookSignatureError('The Square webhook signature does not match');
      let parsed: z.infer<typeof SquareEventSchema>;
      try {
        parsed = SquareEventSchema.parse(JSON.parse(requestBody));
      } catch (error) {
        throw new WebhookSignatureError('The Square webhook is signed but is not a Square event', {
          cause: error,
        });
      }
      return toProviderEvent(parsed);
    },
  };
}

/** A card Square refused (PAYMENT_METHOD_ERROR: declined, CVV, expiry...), in Square's own words. */
function cardRefusal(error: unknown): { code: string; message: string } | null {
  if (!(error instanceof SquareError)) return null;
  const refusal = error.errors.find((detail) => detail.category === 'PAYMENT_METHOD_ERROR');
  if (!refusal) return null;
  return { code: refusal.code, message: refusal.detail ?? 'Your card was declined.' };
}

const PROVIDER_STATUS: Record<string, ProviderIntent['status']> = {
  // Authorised, not yet captured: we always autocomplete, so only briefly.
  APPROVED: 'processing',
  PENDING: 'processing',
  COMPLETED: 'succeeded',
  CANCELED: 'canceled',
  // A refused card: the buyer may try another one on the same checkout.
  FAILED: 'requires_payment_method',
};

function toProviderIntent(payment: Square.Payment): ProviderIntent {
  const status = payment.status ?? '';
  const mapped = Object.hasOwn(PROVIDER_STATUS, status) ? PROVIDER_STATUS[status] : undefined;
  if (!payment.id || mapped === undefined) {
    throw new Error(`Unknown Square payment status: ${status || '(none)'}`);
  }
  const amount = payment.amountMoney?.amount;
  return {
    reference: payment.id,
    clientSecret: payment.id,
    amountCents: amount === undefined || amount === null ? 0 : Number(amount),
    currency: (payment.amountMoney?.currency ?? 'USD').toLowerCase(),
    status: mapped,
    failureMessage: status === 'FAILED' ? 'The card was declined' : null,
  };
}

function toProviderEvent(event: z.infer<typeof SquareEventSchema>): ProviderEvent {
  const payment = event.data.object?.payment;
  const refund = event.data.object?.refund;
  if (payment) {
    return {
      id: event.event_id,
      type: event.type,
      reference: payment.id,
      paymentId: payment.reference_id ?? null,
      outcome: paymentOutcome(event.type, payment.status),
    };
  }
  if (refund) {
    return {
      id: event.event_id,
      type: event.type,
      reference: refund.payment_id,
      paymentId: null,
      outcome: event.type.startsWith('refund.') && refund.status === 'COMPLETED' ? 'refunded' : 'other',
    };
  }
  return { id: event.event_id, type: event.type, reference: null, paymentId: null, outcome: 'other' };
}

function paymentOutcome(type: string, status: string | undefined): ProviderEvent['outcome'] {
  if (type !== 'payment.updated' && type !== 'payment.created') return 'other';
  switch (status) {
    case 'COMPLETED':
      return 'succeeded';
    case 'FAILED':
    case 'CANCELED':
      return 'failed';
    default:
      return 'other';
  }
}
