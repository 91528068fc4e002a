/**
 * One interface for every payment processor (ARCHITECTURE.md section 4). The orchestration
 * (quotes, payments rows, finalisation, refunds) only ever talks to this; an adapter speaks its
 * provider's API through the provider's real SDK. Amounts are integer cents, currency 'usd'.
 */

/** A provider's view of a payment intent. */
export interface ProviderIntent {
  /** The provider's own id (Stripe: pi_...). */
  reference: string;
  /** What the browser needs to confirm the payment (Stripe: the intent's client_secret). */
  clientSecret: string;
  amountCents: number;
  currency: string;
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'processing'
    | 'succeeded'
    | 'canceled';
  /** The last failure, as the provider words it for the buyer ('Your card was declined.'). */
  failureMessage: string | null;
  /**
   * What the buyer told the processor when paying in its own form (Stripe's Payment Element:
   * `receipt_email` and the billing details): there the contact travels with the confirmation,
   * which never passes through us.
   */
  payer?: { name: string | null; email: string | null; phone: string | null };
}

export interface CreateIntentInput {
  amountCents: number;
  currency: 'usd';
  /** Our payments row id: stored as metadata so a webhook finds its payment. */
  paymentId: string;
  /** The provider deduplicates creation with it (Stripe's Idempotency-Key). */
  idempotencyKey: string;
  description: string;
  /** Limits the intent to these methods (Stripe's crypto: ['crypto']); unset, the processor's defaults. */
  paymentMethodTypes?: string[];
}

export interface RefundInput {
  reference: string;
  amountCents: number;
  /** Stripe's Idempotency-Key: a retried refund job never refunds twice. */
  idempotencyKey: string;
  reason: string;
}

/** A verified event from the provider, reduced to what finalisation needs. */
export interface ProviderEvent {
  /** Unique per provider: recorded in webhook_events so a redelivery is processed once. */
  id: string;
  type: string;
  /** The intent the event is about (payment_intent.*; for charge.refunded its payment_intent). */
  reference: string | null;
  /** Our payments row id from the intent's metadata, when present. */
  paymentId: string | null;
  outcome: 'succeeded' | 'failed' | 'refunded' | 'other';
}

/** A wallet's payment token, as the card processor takes it. */
export type WalletToken =
  /** A processor's card token: Stripe's tok_... (Google Pay through Stripe's gateway), a test token. */
  | { kind: 'card_token'; id: string }
  /** Apple Pay's encrypted payment data (ApplePayPaymentToken), decrypted by the processor. */
  | {
      kind: 'apple_pay';
      paymentData: unknown;
      network: string | null;
      displayName: string | null;
      transactionIdentifier: string | null;
    };

export interface WalletTokenInput {
  reference: string;
  token: WalletToken;
  idempotencyKey: string;
}

export interface PaymentProvider {
  /** 'stripe' or 'sandbox': stored on the payments row. */
  readonly name: string;
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  /** The intent as the provider holds it now: finalisation trusts this, never the browser. */
  retrieveIntent(reference: string): Promise<ProviderIntent>;
  refund(input: RefundInput): Promise<{ refundReference: string }>;
  /**
   * Cancels an intent that was never paid (its checkout expired or was replaced), so it can no
   * longer be confirmed. Optional: without it a late payment is still caught by finalisation
   * (fulfilled if the stock is there, else refunded).
   */
  cancelIntent?(reference: string): Promise<void>;
  /**
   * Confirms an intent whose payment happens on the processor's own page (Stripe's crypto) and
   * answers that page's URL; the buyer comes back to returnUrl.
   */
  confirmRedirect?(reference: string, returnUrl: string): Promise<string | null>;
  /**
   * Confirms an intent with a wallet's token (Apple Pay, Google Pay): card processors only. Answers
   * the intent after the attempt; a declined token leaves it unpaid with the processor's words.
   * Throws WalletTokenRefusedError when the processor refuses the token itself (used already,
   * expired, not a token): the buyer's payment failed, the processor is fine.
   */
  confirmWithWalletToken?(input: WalletTokenInput): Promise<ProviderIntent>;
  /**
   * Verifies a webhook on its raw body and signature header (Stripe's scheme, 300 s tolerance) and
   * reduces it; throws WebhookSignatureError when forged, malformed or too old. May answer a promise
   * (Square's SDK verifies asynchronously).
   */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent | Promise<ProviderEvent>;
}

/** The processor refused a wallet's token (Stripe: invalid_request_error on the token or card). */
export class WalletTokenRefusedError extends Error {
  override name = 'WalletTokenRefusedError';
}

export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}
