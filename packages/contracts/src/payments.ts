import { z } from 'zod';
import { PaymentContactSchema, PaymentSecretSchema, WebhookAckSchema } from './checkout';
import { ErrorResponseSchema, IdParamsSchema } from './common';
import { GuestCancellationBodySchema, RegistrationParamsSchema } from './events';
import { MoneySchema } from './money';
import { defineRoute, defineRoutes } from './route-contract';

export const SquareConfigSchema = z.object({
  applicationId: z.string(),
  locationId: z.string(),
  environment: z.enum(['sandbox', 'production']),
});
export type SquareConfig = z.infer<typeof SquareConfigSchema>;

/**
 * Square's card form pays an intent of the checkout (create-payment-intent with paymentMethod
 * 'square'): the browser tokenizes the card with Square's Web Payments SDK and sends the token
 * (the source id) here; payments charges it with CreatePayment for the quoted total.
 */
export const SquarePayBodySchema = z.object({
  paymentId: z.uuid(),
  /** The payment's secret from the create-payment-intent answer: only its browser pays it. */
  paymentSecret: PaymentSecretSchema,
  /** The card token from `card.tokenize()` ('cnon:...'). */
  sourceId: z.string().trim().min(1).max(500),
  /** From `payments.verifyBuyer()` when Square asked for buyer verification (SCA). */
  verificationToken: z.string().trim().min(1).max(2000).optional(),
  /** The buyer's contact at the payment step, recorded on the payment before it is charged. */
  contact: PaymentContactSchema.optional(),
});
export type SquarePayBody = z.infer<typeof SquarePayBodySchema>;

export const SquarePayResultSchema = z.object({
  status: z.literal('succeeded'),
  paymentId: z.uuid(),
});
export type SquarePayResult = z.infer<typeof SquarePayResultSchema>;

/** Routes of the Square method in the route table (route-table.ts). */
export const squareRoutes = defineRoutes({
  config: defineRoute({
    method: 'GET',
    path: '/api/square-config',
    service: 'payments',
    access: 'public',
    summary:
      "What Square's Web Payments SDK loads with (application id, location id, environment); 404 when Square has no keys",
    responses: { 200: SquareConfigSchema, 404: ErrorResponseSchema },
  }),
  pay: defineRoute({
    method: 'POST',
    path: '/api/checkout/square/pay',
    service: 'payments',
    access: 'public',
    summary:
      "Charges the card token from Square's card form for the payment's quoted total (CreatePayment); 402 with Square's words when the card is refused",
    request: { body: SquarePayBodySchema },
    responses: {
      200: SquarePayResultSchema,
      400: ErrorResponseSchema,
      402: ErrorResponseSchema,
      404: ErrorResponseSchema,
      409: ErrorResponseSchema,
      429: ErrorResponseSchema,
      503: ErrorResponseSchema,
    },
  }),
  webhook: defineRoute({
    method: 'POST',
    path: '/api/payments/webhooks/square',
    service: 'payments',
    access: 'public',
    summary:
      "Square's events, verified on the raw body with x-square-hmacsha256-signature (notification URL + body), each processed once",
    responses: { 200: WebhookAckSchema, 400: ErrorResponseSchema },
  }),
});

export const ApplePayConfigSchema = z.object({
  countryCode: z.string(),
  supportedNetworks: z.array(z.string()),
  merchantName: z.string(),
});
export type ApplePayConfig = z.infer<typeof ApplePayConfigSchema>;

export const GooglePayConfigSchema = z.object({
  environment: z.enum(['TEST', 'PRODUCTION']),
  supportedNetworks: z.array(z.string()),
  merchantId: z.string(),
  merchantName: z.string(),
});

export const cryptocurrencies = ['bitcoin', 'ethereum', 'usdc', 'litecoin'] as const;
export const cryptoProviders = ['stripe', 'coinbase'] as const;

export const CryptocurrencySchema = z.enum(cryptocurrencies);
export type Cryptocurrency = z.infer<typeof CryptocurrencySchema>;
export const CryptoProviderSchema = z.enum(cryptoProviders);
export type CryptoProvider = z.infer<typeof CryptoProviderSchema>;

export const CryptoRateSchema = z.object({
  cryptocurrency: z.string(),
  fiatCurrency: z.string(),
  /** How many units of the fiat currency one coin is worth. */
  rate: z.number().positive(),
  timestamp: z.string(),
  /** 'live' from the rates source, or 'fallback' from the built-in table (then asOf is its date). */
  source: z.enum(['live', 'fallback']).optional(),
  asOf: z.string().optional(),
});
export type CryptoRate = z.infer<typeof CryptoRateSchema>;

/** The date the built-in fallback rates were taken; shown so nobody mistakes them for live rates. */
export const CRYPTO_FALLBACK_RATES_AS_OF = '2026-11-01';

/**
 * The built-in fallback table of 12 coins (SPEC.md sections 7 and 9): USD per coin, used when the
 * live rates cannot be read. The first four are the coins the checkout offers. `symbol` is the
 * ticker the live rates source (Coinbase's exchange rates) lists them under.
 */
export const cryptoFallbackRates: readonly { cryptocurrency: string; symbol: string; usd: number }[] = [
  { cryptocurrency: 'bitcoin', symbol: 'BTC', usd: 95_000 },
  { cryptocurrency: 'ethereum', symbol: 'ETH', usd: 3_400 },
  { cryptocurrency: 'usdc', symbol: 'USDC', usd: 1 },
  { cryptocurrency: 'litecoin', symbol: 'LTC', usd: 95 },
  { cryptocurrency: 'tether', symbol: 'USDT', usd: 1 },
  { cryptocurrency: 'solana', symbol: 'SOL', usd: 190 },
  { cryptocurrency: 'dogecoin', symbol: 'DOGE', usd: 0.2 },
  { cryptocurrency: 'cardano', symbol: 'ADA', usd: 0.7 },
  { cryptocurrency: 'polygon', symbol: 'POL', usd: 0.4 },
  { cryptocurrency: 'bitcoincash', symbol: 'BCH', usd: 450 },
  { cryptocurrency: 'dai', symbol: 'DAI', usd: 1 },
  { cryptocurrency: 'xrp', symbol: 'XRP', usd: 2.2 },
];

/** The fallback table as rates, marked as such with its date. */
export function fallbackCryptoRates(fiatCurrency = 'USD', now: Date = new Date()): CryptoRate[] {
  return cryptoFallbackRates.map((entry) => ({
    cryptocurrency: entry.cryptocurrency,
    fiatCurrency,
    rate: entry.usd,
    timestamp: now.toISOString(),
    source: 'fallback' as const,
    asOf: CRYPTO_FALLBACK_RATES_AS_OF,
  }));
}

/** Crypto amount: the USD amount divided by the rate, to 8 decimals (SPEC.md section 9). */
export function cryptoAmount(usd: number, rate: number): string {
  return (usd / rate).toFixed(8);
}

/** Payment results as the client reads them (SPEC.md section 3). */
export const PaymentResultSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  paymentId: z.string().optional(),
  authReference: z.string().optional(),
  paymentUrl: z.string().optional(),
  walletAddress: z.string().optional(),
  cryptoAmount: z.string().optional(),
});
export type PaymentResult = z.infer<typeof PaymentResultSchema>;

export const WalletPaymentBodySchema = z.object({
  amount: MoneySchema,
  currency: z.literal('USD').default('USD'),
  description: z.string().max(500).optional(),
  merchantReference: z.string().max(100),
  paymentToken: z.unknown(),
  /** Our payment (POST /api/checkout/create-payment-intent) when paying a checkout. */
  paymentId: z.uuid().optional(),
  /** With paymentId: the payment's secret from the create-payment-intent answer. */
  paymentSecret: PaymentSecretSchema.optional(),
  /** The buyer's contact at the payment step, recorded on the payment before it is charged. */
  contact: PaymentContactSchema.optional(),
});
export type WalletPaymentBody = z.infer<typeof WalletPaymentBodySchema>;

// --- SafeKey (issue 10) ---

/**
 * SafeKey's documented sandbox numbers (no money moves): the card 4000 0000 0000 0077 with the
 * mobile +1 (555) 010-0000 succeeds; the card 4000 0000 0000 0002 is declined.
 */
export const SAFEKEY_TEST_NUMBERS = {
  succeeds: { cardNumber: '4000 0000 0000 0077', mobileNumber: '+1 (555) 010-0000' },
  declined: { cardNumber: '4000 0000 0000 0002' },
} as const;

export const SAFEKEY_PAYMENT_FAILED = 'SafeKey payment failed';
export const SAFEKEY_NOT_CONFIGURED = 'SafeKey is not configured';

export const SafekeyPaymentBodySchema = z.object({
  amount: MoneySchema.pipe(z.number().positive()),
  currency: z.literal('USD').default('USD'),
  /** A US mobile number, formatted or not: +1 (555) 010-0000, 5550100000. */
  mobileNumber: z
    .string()
    .trim()
    .regex(/^(?:\+?1[\s.-]?)?(?:\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4}$/, 'Enter a US mobile number'),
  /** Digits, optionally grouped by spaces: 12 to 19 digits. */
  cardNumber: z
    .string()
    .trim()
    .regex(/^(?:\d[\s-]?){11,18}\d$/, 'Enter a card number of 12 to 19 digits'),
  merchantReference: z.string().trim().min(1).max(100),
  /** Our payment (POST /api/checkout/create-payment-intent) when paying a checkout. */
  paymentId: z.uuid().optional(),
  /** With paymentId: the payment's secret from the create-payment-intent answer. */
  paymentSecret: PaymentSecretSchema.optional(),
  /** The buyer's contact at the payment step, recorded on the payment before it is charged. */
  contact: PaymentContactSchema.optional(),
});
export type SafekeyPaymentBody = z.infer<typeof SafekeyPaymentBodySchema>;

export const SafekeyInitiateBodySchema = z.object({
  amount: MoneySchema.pipe(z.number().positive()),
  currency: z.literal('USD').default('USD'),
});
export type SafekeyInitiateBody = z.infer<typeof SafekeyInitiateBodySchema>;

export const SafekeyInitiateResultSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
});
export type SafekeyInitiateResult = z.infer<typeof SafekeyInitiateResultSchema>;

const paymentErrors = {
  400: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  422: ErrorResponseSchema,
  429: ErrorResponseSchema,
  503: ErrorResponseSchema,
} as const;

/** SafeKey's routes (payments): a declined payment answers 200 with success false and the reason. */
export const safekeyRoutes = defineRoutes({
  processPayment: defineRoute({
    method: 'POST',
    path: '/api/safekey/process-payment',
    service: 'payments',
    access: 'public',
    summary:
      "Pays with SafeKey (mobile-confirmed card): with a paymentId, the checkout's payment for its quoted total; 503 when SafeKey is not configured",
    request: { body: SafekeyPaymentBodySchema },
    responses: { 200: PaymentResultSchema, ...paymentErrors },
  }),
  initiatePayment: defineRoute({
    method: 'POST',
    path: '/api/safekey/initiate-payment',
    service: 'payments',
    access: 'public',
    summary:
      "Starts a SafeKey test payment (the payment test page): the network's acceptance, no money moves",
    request: { body: SafekeyInitiateBodySchema },
    responses: { 200: SafekeyInitiateResultSchema, 400: ErrorResponseSchema, 503: ErrorResponseSchema },
  }),
});

// --- Apple Pay and Google Pay (issue 10) ---

export const APPLE_PAY_NOT_CONFIGURED = 'Apple Pay is not configured';

/** Google Pay config, plus how its token is made for our card processor (the gateway's parameters). */
export const GooglePayConfigResponseSchema = GooglePayConfigSchema.extend({
  /** PaymentMethodTokenizationSpecification.parameters: Stripe's gateway, or Google's 'example' in test mode. */
  tokenizationParameters: z.record(z.string(), z.string()),
});
export type GooglePayConfigResponse = z.infer<typeof GooglePayConfigResponseSchema>;

export const ApplePayValidateMerchantBodySchema = z.object({
  validationURL: z.url().max(500),
  domainName: z.string().trim().min(1).max(253),
});
export type ApplePayValidateMerchantBody = z.infer<typeof ApplePayValidateMerchantBodySchema>;

/** Apple's opaque merchant session, passed to ApplePaySession.completeMerchantValidation as it is. */
export const ApplePayMerchantSessionSchema = z.record(z.string(), z.unknown());

export const WalletPaymentResultSchema = PaymentResultSchema.pick({
  success: true,
  error: true,
  paymentId: true,
});

/** Apple Pay and Google Pay (payments): tokens charged through the configured card processor. */
export const walletRoutes = defineRoutes({
  applePayConfig: defineRoute({
    method: 'GET',
    path: '/api/apple-pay/config',
    service: 'payments',
    access: 'public',
    summary: "Apple Pay's payment request settings; 503 when Apple Pay is not available",
    responses: { 200: ApplePayConfigSchema, 503: ErrorResponseSchema },
  }),
  applePayValidateMerchant: defineRoute({
    method: 'POST',
    path: '/api/apple-pay/validate-merchant',
    service: 'payments',
    access: 'public',
    summary:
      "The merchant session from Apple's validation URL (https, an apple.com host) with the merchant certificate; 503 without one",
    request: { body: ApplePayValidateMerchantBodySchema },
    responses: {
      200: ApplePayMerchantSessionSchema,
      400: ErrorResponseSchema,
      502: ErrorResponseSchema,
      503: ErrorResponseSchema,
    },
  }),
  applePayProcessPayment: defineRoute({
    method: 'POST',
    path: '/api/apple-pay/process-payment',
    service: 'payments',
    access: 'public',
    summary: 'Charges an Apple Pay token through the card processor (Stripe, or the sandbox in test mode)',
    request: { body: WalletPaymentBodySchema },
    responses: { 200: WalletPaymentResultSchema, ...paymentErrors },
  }),
  googlePayConfig: defineRoute({
    method: 'GET',
    path: '/api/google-pay/config',
    service: 'payments',
    access: 'public',
    summary:
      "Google Pay's environment, networks, merchant and tokenization; 503 when Google Pay is not available",
    responses: { 200: GooglePayConfigResponseSchema, 503: ErrorResponseSchema },
  }),
  googlePayProcessPayment: defineRoute({
    method: 'POST',
    path: '/api/google-pay/process-payment',
    service: 'payments',
    access: 'public',
    summary: 'Charges a Google Pay token through the card processor (Stripe, or the sandbox in test mode)',
    request: { body: WalletPaymentBodySchema },
    responses: { 200: WalletPaymentResultSchema, ...paymentErrors },
  }),
});

/** The crypto polling rules (SPEC.md section 9): verify every 5 s, give up after 30 minutes. */
export const CRYPTO_POLL_INTERVAL_MS = 5_000;
export const CRYPTO_POLL_TIMEOUT_MS = 30 * 60_000;
/** The verify answer's error for a charge that expired; the web shows 'Payment expired. Please try again.' */
export const CRYPTO_PAYMENT_EXPIRED = 'Payment expired';

export const CryptoRatesQuerySchema = z.object({
  currency: z.literal('USD').default('USD'),
});

/** POST /api/crypto/{stripe,coinbase}/process-payment (SPEC.md section 7), plus the checkout's payment id. */
export const CryptoPaymentBodySchema = z.object({
  /** The client's idea of the total: shown, never charged; the checkout's quoted total is. */
  amount: MoneySchema,
  currency: z.literal('USD').default('USD'),
  cryptocurrency: CryptocurrencySchema,
  description: z.string().max(500).optional(),
  merchantReference: z.string().max(100),
  customerEmail: z.email().max(254),
  /** The payment the checkout's intent made (create-payment-intent with paymentMethod 'crypto'). */
  paymentId: z.uuid(),
  /** The payment's secret from the create-payment-intent answer: required with `contact`. */
  paymentSecret: PaymentSecretSchema.optional(),
  /**
   * The buyer's contact at the payment step, recorded on the payment before the charge is made
   * (its e-mail, when absent, is customerEmail). Only the browser that started the payment names
   * its buyer: without it, customerEmail only fills an empty e-mail.
   */
  contact: PaymentContactSchema.optional(),
});
export type CryptoPaymentBody = z.infer<typeof CryptoPaymentBodySchema>;

export const CryptoPaymentResultSchema = PaymentResultSchema.pick({
  success: true,
  paymentUrl: true,
  walletAddress: true,
  cryptoAmount: true,
  paymentId: true,
  error: true,
});
export type CryptoPaymentResult = z.infer<typeof CryptoPaymentResultSchema>;

export const VerifyCryptoPaymentBodySchema = z.object({
  paymentId: z.uuid(),
  provider: CryptoProviderSchema,
});
export type VerifyCryptoPaymentBody = z.infer<typeof VerifyCryptoPaymentBodySchema>;

/** success true once the processor says paid; error holds 'Payment expired' for an expired charge. */
export const VerifyCryptoPaymentResultSchema = PaymentResultSchema.pick({ success: true, error: true });
export type VerifyCryptoPaymentResult = z.infer<typeof VerifyCryptoPaymentResultSchema>;

/** The sandbox's hosted charge page (test mode only): what the payer sees and can do. */
export const SandboxCryptoChargeSchema = z.object({
  code: z.string(),
  status: z.enum(['open', 'completed', 'expired']),
  provider: CryptoProviderSchema,
  cryptocurrency: CryptocurrencySchema,
  cryptoAmount: z.string(),
  walletAddress: z.string(),
  /** The USD total the charge is for. */
  amount: z.string(),
  currency: z.literal('USD'),
  expiresAt: z.string(),
});
export type SandboxCryptoCharge = z.infer<typeof SandboxCryptoChargeSchema>;

const SandboxChargeParamsSchema = z.object({ code: z.string().min(1).max(100) });

/** Paying or expiring a sandbox charge: only the browser that started its checkout (the payment's secret). */
export const SandboxChargeSettleBodySchema = z.object({ paymentSecret: PaymentSecretSchema });
const cryptoErrors = { 400: ErrorResponseSchema, 404: ErrorResponseSchema } as const;

/** Crypto payments (issue 10): rates, charges at Stripe or Coinbase Commerce (or the sandbox), verification. */
export const cryptoRoutes = defineRoutes({
  exchangeRates: defineRoute({
    method: 'GET',
    path: '/api/crypto/exchange-rates',
    service: 'payments',
    access: 'public',
    summary:
      'Crypto exchange rates (USD per coin): live, cached 60 s, or the built-in table of 12 coins marked fallback',
    request: { querystring: CryptoRatesQuerySchema },
    responses: { 200: z.array(CryptoRateSchema), 400: ErrorResponseSchema },
  }),
  stripeProcessPayment: defineRoute({
    method: 'POST',
    path: '/api/crypto/stripe/process-payment',
    service: 'payments',
    access: 'public',
    summary: "Creates a crypto charge through Stripe for the checkout's quoted total",
    request: { body: CryptoPaymentBodySchema },
    responses: {
      200: CryptoPaymentResultSchema,
      ...cryptoErrors,
      409: ErrorResponseSchema,
      422: ErrorResponseSchema,
      503: ErrorResponseSchema,
    },
  }),
  coinbaseProcessPayment: defineRoute({
    method: 'POST',
    path: '/api/crypto/coinbase/process-payment',
    service: 'payments',
    access: 'public',
    summary: "Creates a Coinbase Commerce charge for the checkout's quoted total",
    request: { body: CryptoPaymentBodySchema },
    responses: {
      200: CryptoPaymentResultSchema,
      ...cryptoErrors,
      409: ErrorResponseSchema,
      422: ErrorResponseSchema,
      503: ErrorResponseSchema,
    },
  }),
  verifyPayment: defineRoute({
    method: 'POST',
    path: '/api/crypto/verify-payment',
    service: 'payments',
    access: 'public',
    summary:
      "Asks the processor whether a crypto charge is paid (polled by the browser); 'Payment expired' once it expired",
    request: { body: VerifyCryptoPaymentBodySchema },
    responses: { 200: VerifyCryptoPaymentResultSchema, ...cryptoErrors, 503: ErrorResponseSchema },
  }),
  coinbaseWebhook: defineRoute({
    method: 'POST',
    path: '/api/payments/webhooks/coinbase',
    service: 'payments',
    access: 'public',
    summary:
      "Coinbase Commerce's events, verified on the raw body with X-CC-Webhook-Signature (HMAC-SHA256), each processed once",
    responses: { 200: WebhookAckSchema, 400: ErrorResponseSchema },
  }),
  sandboxCharge: defineRoute({
    method: 'GET',
    path: '/api/crypto/sandbox/charges/:code',
    service: 'payments',
    access: 'public',
    summary: "The sandbox's hosted crypto charge (test mode only)",
    request: { params: SandboxChargeParamsSchema },
    responses: { 200: SandboxCryptoChargeSchema, 404: ErrorResponseSchema },
  }),
  sandboxChargeComplete: defineRoute({
    method: 'POST',
    path: '/api/crypto/sandbox/charges/:code/complete',
    service: 'payments',
    access: 'public',
    summary:
      "Pays a sandbox crypto charge (test mode only) with its payment's secret; its signed event drives finalisation",
    request: { params: SandboxChargeParamsSchema, body: SandboxChargeSettleBodySchema },
    responses: { 200: SandboxCryptoChargeSchema, ...cryptoErrors, 409: ErrorResponseSchema },
  }),
  sandboxChargeExpire: defineRoute({
    method: 'POST',
    path: '/api/crypto/sandbox/charges/:code/expire',
    service: 'payments',
    access: 'public',
    summary:
      "Lets a sandbox crypto charge expire unpaid (test mode only), with its payment's secret; no order is created",
    request: { params: SandboxChargeParamsSchema, body: SandboxChargeSettleBodySchema },
    responses: { 200: SandboxCryptoChargeSchema, ...cryptoErrors, 409: ErrorResponseSchema },
  }),
});

/** How an order was paid, for the admin's order details: the payment and where its refund stands. */
export const OrderPaymentSchema = z.object({
  orderId: z.number().int(),
  paymentId: z.uuid(),
  paymentMethod: z.string(),
  provider: z.string(),
  /** Exact text with 2 decimals ('45.00'), as numeric(12,2) holds it: money never passes through a float. */
  amount: z.string().regex(/^\d+\.\d{2}$/),
  status: z.string(),
  /** null: never refunded; requested: queued; refunded; manual (crypto: a person pays it back); failed. */
  refundStatus: z.enum(['requested', 'refunded', 'manual', 'failed']).nullable(),
  refundReason: z.string().nullable(),
  /** The sandbox took this payment (no real money moved). */
  testMode: z.boolean(),
});
export type OrderPayment = z.infer<typeof OrderPaymentSchema>;

/** Strict: a body with other fields is a mistake of the caller (400), never silently a default reason. */
export const CancelAndRefundBodySchema = z.strictObject({
  /** Why, for the customer's e-mail and the activity record. */
  reason: z.string().trim().min(1, 'Reason is required').max(500).default('Cancelled by the group'),
});

/** The order is cancelled (its stock back on the shelf) and the refund queued with its provider. */
export const CancelAndRefundResultSchema = z.object({
  orderId: z.number().int(),
  orderStatus: z.literal('cancelled'),
  payment: OrderPaymentSchema,
  message: z.string(),
});
export type CancelAndRefundResult = z.infer<typeof CancelAndRefundResultSchema>;

/**
 * How a registration paid at checkout was paid and where its refund stands (an order's payment
 * without the order).
 */
export const RegistrationPaymentSchema = OrderPaymentSchema.omit({ orderId: true });
export type RegistrationPayment = z.infer<typeof RegistrationPaymentSchema>;

/** Strict, like the order's: a body with other fields is a mistake of the caller (400). */
export const CancelRegistrationAndRefundBodySchema = z.strictObject({
  /**
   * Why, for the payer's e-mail and the activity record: an admin's words. Without one, 'Cancelled
   * by the group' when an admin cancels someone else's registration, 'Cancelled by the registrant'
   * when its owner does.
   */
  reason: z.string().trim().min(1, 'Reason is required').max(500).optional(),
});
export type CancelRegistrationAndRefundBody = z.infer<typeof CancelRegistrationAndRefundBodySchema>;

/** A guest's Cancel and refund: the signed token of their confirmation e-mail's link. */
export const GuestCancelRegistrationAndRefundBodySchema = GuestCancellationBodySchema;

/**
 * The registration is cancelled (its seat gone to the waitlist) and, when it was paid at checkout,
 * its payment's refund claimed and queued with its provider; `message` says so in words for the
 * person who asked (the registrant, or an admin).
 */
export const RegistrationCancelAndRefundResultSchema = z.object({
  registrationId: z.number().int(),
  eventId: z.number().int(),
  registrationStatus: z.literal('cancelled'),
  /** The payment that paid the seat and where its refund stands; null when nothing was paid online. */
  payment: RegistrationPaymentSchema.nullable(),
  message: z.string(),
});
export type RegistrationCancelAndRefundResult = z.infer<typeof RegistrationCancelAndRefundResultSchema>;

/** An admin cancels a whole walk: why, for the payers' e-mails and the activity record. */
export const CancelEventAndRefundBodySchema = z.strictObject({
  /** Without one, 'The walk was cancelled'. */
  reason: z.string().trim().min(1, 'Reason is required').max(500).optional(),
});
export type CancelEventAndRefundBody = z.infer<typeof CancelEventAndRefundBodySchema>;

/**
 * The walk deleted (nobody registered) or cancelled (its registrants told), and the refund of every
 * seat paid online on it claimed: `requested` now, `already` by an earlier request (or refunded
 * otherwise). `message` says it in words for the admin.
 */
export const EventCancelAndRefundResultSchema = z.object({
  eventId: z.number().int(),
  outcome: z.enum(['deleted', 'cancelled']),
  notified: z.number().int(),
  refunds: z.object({
    requested: z.number().int().min(0),
    already: z.number().int().min(0),
    /** Seats whose refund could not be claimed now: a job keeps asking until it is. */
    retrying: z.number().int().min(0),
    /** What the refunds claimed now return, 2 decimals. */
    amount: z.string(),
  }),
  message: z.string(),
});
export type EventCancelAndRefundResult = z.infer<typeof EventCancelAndRefundResultSchema>;

const registrationRefundErrors = {
  400: ErrorResponseSchema,
  404: ErrorResponseSchema,
  422: ErrorResponseSchema,
  503: ErrorResponseSchema,
} as const;

/**
 * Payments' routes on what was sold and is cancelled for its refund (route-table.ts): an order's
 * payment and the admin's Cancel and refund, and the Cancel and refund of a registration (its
 * owner, an admin, or a guest's signed link), which content-and-events cannot do alone: it never
 * calls payments (ARCHITECTURE.md section 4).
 */
export const orderPaymentRoutes = defineRoutes({
  get: defineRoute({
    method: 'GET',
    path: '/api/admin/orders/:id/payment',
    service: 'payments',
    access: 'admin',
    summary:
      'How an order was paid and where its refund stands (404 for an order paid by no payment, e.g. manual)',
    request: { params: IdParamsSchema },
    responses: {
      200: OrderPaymentSchema,
      400: ErrorResponseSchema,
      401: ErrorResponseSchema,
      403: ErrorResponseSchema,
      404: ErrorResponseSchema,
    },
  }),
  cancelAndRefund: defineRoute({
    method: 'POST',
    path: '/api/admin/orders/:id/refund',
    service: 'payments',
    access: 'admin',
    summary:
      'Cancel and refund: cancels a paid order that has not shipped (stock returned) and refunds its payment through its provider, once however often it is asked',
    request: { params: IdParamsSchema, body: CancelAndRefundBodySchema },
    responses: {
      202: CancelAndRefundResultSchema,
      400: ErrorResponseSchema,
      401: ErrorResponseSchema,
      403: ErrorResponseSchema,
      404: ErrorResponseSchema,
      409: ErrorResponseSchema,
      503: ErrorResponseSchema,
    },
  }),
  cancelRegistrationAndRefund: defineRoute({
    method: 'POST',
    path: '/api/events/:id/registrations/:registrationId/cancel-and-refund',
    service: 'payments',
    access: 'user',
    summary:
      "Cancel and refund a registration (its owner or an admin): the seat goes to the waitlist and a payment made at checkout is refunded in full through its provider, once however often it is asked. One paid for nothing online is simply cancelled. 404 for a registration that is not the caller's, 422 once the walk has started",
    request: { params: RegistrationParamsSchema, body: CancelRegistrationAndRefundBodySchema },
    responses: {
      200: RegistrationCancelAndRefundResultSchema,
      ...registrationRefundErrors,
      401: ErrorResponseSchema,
    },
  }),
  cancelGuestRegistrationAndRefund: defineRoute({
    method: 'POST',
    path: '/api/events/:id/registrations/cancel-and-refund',
    service: 'payments',
    access: 'public',
    summary:
      "Cancel and refund a guest's registration with the signed token of its confirmation e-mail's link: the seat goes to the waitlist and a payment made at checkout is refunded in full, once. 400 for a link that is not valid, 422 once the walk has started",
    request: { params: IdParamsSchema, body: GuestCancelRegistrationAndRefundBodySchema },
    responses: { 200: RegistrationCancelAndRefundResultSchema, ...registrationRefundErrors },
  }),
  cancelEventAndRefund: defineRoute({
    method: 'POST',
    path: '/api/events/:id/cancel-and-refund',
    service: 'payments',
    access: 'admin',
    summary:
      'Cancels a walk (deleted when nobody registered): every registrant and waitlisted person is told, and every seat paid online is refunded in full through its provider, once however often it is asked. A refund that cannot be claimed now is retried by a job (refunds.retrying)',
    request: { params: IdParamsSchema, body: CancelEventAndRefundBodySchema },
    responses: {
      200: EventCancelAndRefundResultSchema,
      400: ErrorResponseSchema,
      401: ErrorResponseSchema,
      403: ErrorResponseSchema,
      404: ErrorResponseSchema,
      503: ErrorResponseSchema,
    },
  }),
});
