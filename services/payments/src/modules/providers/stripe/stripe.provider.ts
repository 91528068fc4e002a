import Stripe from 'stripe';
import { z } from 'zod';
import {
  type CreateIntentInput,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderIntent,
  type RefundInput,
  type WalletTokenInput,
  WalletTokenRefusedError,
  WebhookSignatureError,
} from '../provider';

export interface StripeProviderOptions {
  /** The account's secret key (sk_live_... / sk_test_...). */
  secretKey: string;
  /** The webhook endpoint's signing secret (whsec_...). */
  webhookSecret: string;
  /**
   * Where the API lives, for tests and local runs against a fake Stripe ('http://127.0.0.1:4242').
   * Unset in production: the SDK's own https://api.stripe.com.
   */
  apiBaseUrl?: string;
  /** Per request. Stripe's default is 80 s; a checkout should not hang that long. */
  timeoutMs?: number;
}

/** Stripe's default tolerance: an event signed longer ago than this is refused as a replay. */
const WEBHOOK_TOLERANCE_SECONDS = 300;
const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * The parts of a Stripe event that finalisation reads. Checked after the signature: a payload that
 * Stripe signed but that is not an event (or a test that forgot a field) is refused, never guessed at.
 */
const StripeEventSchema = z.object({
  id: z.string().min(1),
  object: z.literal('event'),
  type: z.string().min(1),
  data: z.object({
    object: z.object({
      id: z.string().optional(),
      object: z.string(),
      metadata: z.record(z.string(), z.string()).nullish(),
      // A charge's intent: an id, or the expanded object.
      payment_intent: z.union([z.string(), z.object({ id: z.string() })]).nullish(),
    }),
  }),
});

/**
 * The Stripe adapter: PaymentIntents (the browser confirms with the Payment Element), refunds and
 * signed webhooks, through the official SDK. Errors from the API (a wrong key, an amount Stripe refuses,
 * Stripe unreachable or too slow) are the SDK's `Stripe.errors.*` and propagate to the caller unchanged.
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const { webhookSecret } = options;
  const stripe = new Stripe(options.secretKey, {
    ...(options.apiBaseUrl === undefined ? {} : apiLocation(options.apiBaseUrl)),
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    // One retry for a network failure or a 409/5xx; the SDK sends our idempotency key with both
    // attempts, so a retried creation or refund is still one creation or one refund.
    maxNetworkRetries: 1,
  });

  /**
   * The wallet's token as a card PaymentMethod. Stripe's invalid_request_error here (a token used
   * already, expired or not a token) is the token's fault, not Stripe's: WalletTokenRefusedError.
   */
  async function walletPaymentMethod(input: WalletTokenInput): Promise<Stripe.PaymentMethod> {
    try {
      let tokenId: string;

      if (input.token.kind === 'card_token') {
        tokenId = input.token.id;
      } else {
        // Apple Pay's encrypted payment data becomes a card token through Stripe's pk_token
        // parameters (what Stripe's own iOS SDK sends); Stripe decrypts it with our Apple Pay
        // processing certificate registered in its dashboard. The SDK's types omit them.
        const { paymentData, network, displayName, transactionIdentifier } = input.token;
        const params = {
          pk_token: JSON.stringify(paymentData),
          ...(network ? { pk_token_payment_network: network } : {}),
          ...(displayName ? { pk_token_instrument_name: displayName } : {}),
          ...(transactionIdentifier ? { pk_token_transaction_id: transactionIdentifier } : {}),
        } as unknown as Stripe.TokenCreateParams;
        const token = await stripe.tokens.create(params, { idempotencyKey: `${input.idempotencyKey}:token` });
        tokenId = token.id;
      }
      return await stripe.paymentMethods.create(
        { type: 'card', card: { token: tokenId } },
        { idempotencyKey: `${input.idempotencyKey}:method` },
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        throw new WalletTokenRefusedError(error.message, { cause: error });
      }
      throw error;
    }
  }

  return {
    name: 'stripe',

    async createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          metadata: { paymentId: input.paymentId },
          description: input.description,
          ...(input.paymentMethodTypes
            ? { payment_method_types: input.paymentMethodTypes }
            : { automatic_payment_methods: { enabled: true } }),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return toProviderIntent(intent);
    },

    async retrieveIntent(reference: string): Promise<ProviderIntent> {
      // The payment method's billing details: the contact the buyer gave with the Payment Element.
      return toProviderIntent(
        await stripe.paymentIntents.retrieve(reference, { expand: ['payment_method'] }),
      );
    },

    async confirmWithWalletToken(input: WalletTokenInput): Promise<ProviderIntent> {
      const paymentMethod = await walletPaymentMethod(input);
      try {
        const intent = await stripe.paymentIntents.confirm(
          input.reference,
          { payment_method: paymentMethod.id },
          { idempotencyKey: input.idempotencyKey },
        );
        return toProviderIntent(intent);
      } catch (error) {
        // A decline is the intent's last error, not a failure of ours: answer the intent as it is.
        if (error instanceof Stripe.errors.StripeCardError) {
          return toProviderIntent(await stripe.paymentIntents.retrieve(input.reference));
        }
        throw error;
      }
    },

    async confirmRedirect(reference: string, returnUrl: string): Promise<string | null> {
      // Stripe's crypto payments take place on Stripe's page: confirming answers its URL. A page
      // already given (the buyer asked again) is answered as it is, without a second confirmation.
      const current = await stripe.paymentIntents.retrieve(reference);
      const given = current.next_action?.redirect_to_url?.url;
      if (current.status === 'requires_action' && given) return given;
      const intent = await stripe.paymentIntents.confirm(reference, {
        payment_method_data: { type: 'crypto' },
        return_url: returnUrl,
      });
      return intent.next_action?.redirect_to_url?.url ?? null;
    },

    async refund(input: RefundInput): Promise<{ refundReference: string }> {
      // Stripe's own `reason` is an enum (duplicate, fraudulent, requested_by_customer); ours is
      // free text ('reservation lapsed, out of stock'), so it travels as metadata.
      const refund = await stripe.refunds.create(
        { payment_intent: input.reference, amount: input.amountCents, metadata: { reason: input.reason } },
        { idempotencyKey: input.idempotencyKey },
      );
      return { refundReference: refund.id };
    },

    parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent {
      if (!signatureHeader) {
        throw new WebhookSignatureError('The Stripe-Signature header is missing');
      }
      let payload: unknown;
      try {
        payload = stripe.webhooks.constructEvent(
          rawBody,
          signatureHeader,
          webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (error) {
        // A forged or stale signature (StripeSignatureVerificationError) and a signed body that is
        // not JSON (SyntaxError) are the same thing to the caller: nothing to act on.
        throw new WebhookSignatureError(
          `The Stripe webhook was refused: ${error instanceof Error ? error.message.split('\n')[0] : 'unreadable'}`,
          { cause: error },
        );
      }
      const parsed = StripeEventSchema.safeParse(payload);
      if (!parsed.success) {
        throw new WebhookSignatureError('The Stripe webhook is signed but is not a Stripe event', {
          cause: parsed.error,
        });
      }
      return toProviderEvent(parsed.data);
    },
  };
}

/** 'http://127.0.0.1:4242' -> the SDK's host, port and protocol settings. */
function apiLocation(apiBaseUrl: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(apiBaseUrl);
  const protocol = url.protocol.slice(0, -1);
  if (protocol !== 'http' && protocol !== 'https') {
    throw new Error(`The Stripe API base URL must be http or https: ${apiBaseUrl}`);
  }
  if (url.pathname !== '/' || url.search !== '') {
    // The SDK builds /v1/... itself; a path here would be silently ignored.
    throw new Error(`The Stripe API base URL must not have a path: ${apiBaseUrl}`);
  }
  return {
    // URL keeps an IPv6 literal's brackets; the http module wants the bare address.
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port === '' ? (protocol === 'https' ? 443 : 80) : Number(url.port),
    protocol,
  };
}

function toProviderIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  if (!intent.client_secret) {
    // Only a publishable-key read omits it; with the secret key it is always there.
    throw new Error(`Stripe returned payment intent ${intent.id} without a client secret`);
  }
  return {
    reference: intent.id,
    clientSecret: intent.client_secret,
    amountCents: intent.amount,
    currency: intent.currency,
    status: toProviderStatus(intent.status),
    failureMessage: intent.last_payment_error?.message ?? null,
    ...payerOf(intent),
  };
}

/** The contact the browser sent with its confirmation (confirmParams), where there is one. */
function payerOf(intent: Stripe.PaymentIntent): Pick<ProviderIntent, 'payer'> {
  const billing = typeof intent.payment_method === 'object' ? intent.payment_method?.billing_details : null;
  const payer = {
    name: billing?.name ?? null,
    email: intent.receipt_email ?? billing?.email ?? null,
    phone: billing?.phone ?? null,
  };
  return payer.name || payer.email || payer.phone ? { payer } : {};
}

/**
 * Stripe's statuses as ours. Stripe types its enums open-ended (a newer API may add one), so an
 * unknown status is refused rather than passed on as something finalisation might misread.
 */
const PROVIDER_STATUS: Record<string, ProviderIntent['status']> = {
  requires_payment_method: 'requires_payment_method',
  requires_confirmation: 'requires_confirmation',
  requires_action: 'requires_action',
  processing: 'processing',
  // Only with manual capture, which we never ask for: authorised, not yet paid.
  requires_capture: 'processing',
  succeeded: 'succeeded',
  canceled: 'canceled',
};

function toProviderStatus(status: Stripe.PaymentIntent.Status): ProviderIntent['status'] {
  const mapped = Object.hasOwn(PROVIDER_STATUS, status) ? PROVIDER_STATUS[status] : undefined;
  if (mapped === undefined) {
    throw new Error(`Unknown Stripe payment intent status: ${status}`);
  }
  return mapped;
}

function toProviderEvent(event: z.infer<typeof StripeEventSchema>): ProviderEvent {
  const object = event.data.object;
  // Our payment id rides on the intent's metadata; Stripe copies it to the intent's charges.
  const paymentId = object.metadata?.paymentId ?? null;
  let reference: string | null = null;
  if (object.object === 'payment_intent') {
    reference = object.id ?? null;
  } else if (object.object === 'charge' && object.payment_intent) {
    reference = typeof object.payment_intent === 'string' ? object.payment_intent : object.payment_intent.id;
  }
  return { id: event.id, type: event.type, reference, paymentId, outcome: toOutcome(event.type) };
}

function toOutcome(type: string): ProviderEvent['outcome'] {
  switch (type) {
    case 'payment_intent.succeeded':
      return 'succeeded';
    case 'payment_intent.payment_failed':
      return 'failed';
    case 'charge.refunded':
      return 'refunded';
    default:
      return 'other';
  }
}
