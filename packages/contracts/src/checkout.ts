import { z } from 'zod';
import { ErrorResponseSchema } from './common';
import { EmergencyDetailsSchema, PartySchema, WaiverAcceptanceSchema } from './events';
import { OrderItemInputSchema, OrderStatusSchema } from './orders';
import { type PaymentMethod, PaymentMethodSchema, QuoteLineSchema } from './payable';
import { RowIdSchema } from './products';
import { defineRoute, defineRoutes } from './route-contract';
import { ShippingRateSchema } from './shipping';

/**
 * Checkout and payment (ARCHITECTURE.md section 4): payments is the one orchestrator of money. It
 * asks the seller for a quote (server prices, shipping, a hold of a few minutes), creates the
 * provider's intent for the quoted total, and finalises once: the browser's POST /api/orders and
 * the provider's webhooks reach the same idempotent finalisation.
 */

/** Labels of the six tiles, in the order they are shown (Stripe the default). */
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  stripe: 'Stripe',
  square: 'Square',
  safekey: 'SafeKey',
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  crypto: 'Crypto',
};

/** Which processor runs a method: the real provider, or the built-in sandbox ('Test mode'). */
export const ProcessorSchema = z.enum(['stripe', 'sandbox', 'safekey', 'square', 'coinbase']);
export type Processor = z.infer<typeof ProcessorSchema>;

export const CheckoutMethodSchema = z.object({
  method: PaymentMethodSchema,
  label: z.string(),
  available: z.boolean(),
  /** Runs in the built-in sandbox: shown 'Test mode'; no real money moves. */
  testMode: z.boolean(),
  /** Why an unavailable method cannot be used yet (shown on its disabled tile). */
  reason: z.string().nullable(),
});
export type CheckoutMethod = z.infer<typeof CheckoutMethodSchema>;

/** GET /api/checkout/config: the methods, live or not, and what the Stripe tile needs. */
export const CheckoutConfigSchema = z.object({
  currency: z.literal('USD'),
  /**
   * The site takes no real payments: the built-in sandbox is on and every method that can be used
   * runs in it. Every page then shows TEST_MODE_BANNER (constants.ts).
   */
  testMode: z.boolean(),
  methods: z.array(CheckoutMethodSchema),
  stripe: z.object({
    processor: ProcessorSchema,
    /** Set when the processor is Stripe itself: the Payment Element loads with it. */
    publishableKey: z.string().nullable(),
  }),
  /** Which crypto providers the Crypto tile offers (stripe, coinbase); absent when crypto is unavailable. */
  crypto: z.object({ providers: z.array(z.enum(['stripe', 'coinbase'])) }).optional(),
});
export type CheckoutConfig = z.infer<typeof CheckoutConfigSchema>;

/**
 * The paying browser's own secret for one payment, from the create-payment-intent answer. Every
 * call that acts on the payment (a card or token, a sandbox charge) carries it: a
 * payment's id alone is not enough.
 */
export const PaymentSecretSchema = z.string().min(1).max(200);

/** Payment-intent request (SPEC.md section 3) plus the chosen shipping method. */
export const PaymentIntentBodySchema = z.object({
  items: z.array(OrderItemInputSchema).min(1).max(100),
  shippingAddress: z.object({
    fullName: z.string().trim().min(1, 'Full name is required').max(100),
    street: z.string().trim().min(1, 'Street address is required').max(200),
    city: z.string().trim().min(1, 'City is required').max(100),
    state: z.string().trim().min(1, 'State is required').max(100),
    zipCode: z.string().trim().min(1, 'Zip code is required').max(20),
    country: z.string().trim().min(2).max(56).default('US'),
  }),
  /** The method chosen at the shipping step; the cheapest that serves the address when absent. */
  shippingMethodId: RowIdSchema.optional(),
  paymentMethod: PaymentMethodSchema.default('stripe'),
  /** An earlier intent of the same checkout (the buyer went back and changed something): released. */
  replacesPaymentId: z.uuid().optional(),
  /** That intent's payment secret: a guest's payment is replaced only by the browser that started it. */
  replacesPaymentSecret: PaymentSecretSchema.optional(),
});
export type PaymentIntentBody = z.infer<typeof PaymentIntentBodySchema>;

/** What the buyer is asked to pay: every amount from the quote, never from the client. */
export const PaymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  paymentId: z.uuid(),
  /** This browser's secret for the payment (PaymentSecretSchema): kept by the browser, never shown. */
  paymentSecret: z.string(),
  processor: ProcessorSchema,
  testMode: z.boolean(),
  currency: z.literal('USD'),
  items: z.array(QuoteLineSchema),
  subtotal: z.string(),
  shipping: z.string(),
  total: z.string(),
  shippingMethod: ShippingRateSchema,
  /** The reservation holds the stock until then. */
  expiresAt: z.string(),
});
export type PaymentIntentResponse = z.infer<typeof PaymentIntentResponseSchema>;

/**
 * The buyer's contact, given at the payment step. It travels with the call that pays (the
 * sandbox's or Square's card, SafeKey, a wallet's token, a crypto charge), which records it on
 * the payment before charging; with Stripe's Payment Element it goes to Stripe with the
 * confirmation (`receipt_email`, the billing details) and payments reads it back from the intent.
 * Never a call of its own: the order and its e-mail need it, the payment does not wait for it.
 */
export const PaymentContactSchema = z.object({
  fullName: z.string().trim().min(2).max(50),
  email: z.email().max(254).optional(),
  phone: z.string().trim().max(40).optional(),
});
export type PaymentContact = z.infer<typeof PaymentContactSchema>;

/**
 * POST /api/checkout/release: the browser left its checkout (or emptied its cart) before paying, so
 * the payment is cancelled and its hold on the stock or the seat given back at once. Only the
 * browser that started the payment may: it carries the payment's secret.
 */
export const ReleaseCheckoutBodySchema = z.object({
  paymentId: z.uuid(),
  paymentSecret: PaymentSecretSchema,
});
export type ReleaseCheckoutBody = z.infer<typeof ReleaseCheckoutBodySchema>;

/** released: false when there was nothing left to release (paid, or released before). */
export const ReleaseCheckoutResultSchema = z.object({ released: z.boolean() });
export type ReleaseCheckoutResult = z.infer<typeof ReleaseCheckoutResultSchema>;

/**
 * The sandbox processor's confirmation (the card form in place of Stripe's Payment Element).
 * Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995
 * fails for insufficient funds.
 */
export const SandboxConfirmBodySchema = z.object({
  clientSecret: z.string().min(1).max(200),
  /** The buyer's contact, recorded on the payment before the card is charged. */
  contact: PaymentContactSchema.optional(),
  cardNumber: z.string().trim().min(12).max(23),
  /** MM / YY */
  expiry: z.string().trim().min(4).max(7),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, 'Security code must be 3 or 4 digits'),
});
export type SandboxConfirmBody = z.infer<typeof SandboxConfirmBodySchema>;

export const SandboxConfirmResultSchema = z.object({
  status: z.literal('succeeded'),
  paymentId: z.uuid(),
});

/**
 * The payment test page's card payment, with no checkout behind it: a test card as the card form
 * takes it. Stripe's and Square's tiles both pay with this form while they run on the sandbox.
 */
export const SandboxTestPaymentBodySchema = SandboxConfirmBodySchema.omit({
  clientSecret: true,
  contact: true,
});
export type SandboxTestPaymentBody = z.infer<typeof SandboxTestPaymentBodySchema>;

/** The test card's outcome: a decline is an answer here (as for the wallets' test tokens), not a 402. */
export const SandboxTestPaymentResultSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
});
export type SandboxTestPaymentResult = z.infer<typeof SandboxTestPaymentResultSchema>;

/** The messages a declined sandbox card answers with (402), as Stripe words them. */
export const CARD_DECLINED = 'Your card was declined.';
export const INSUFFICIENT_FUNDS = 'Your card has insufficient funds.';

/** Order creation payload (SPEC.md section 3), plus the payment id that proves the payment. */
export const CreateOrderBodySchema = z.object({
  items: z.array(OrderItemInputSchema).min(1).max(100),
  /** The client's idea of the total: never charged; the quote's total is. */
  total: z.union([z.number(), z.string()]).optional(),
  shippingAddress: z.record(z.string(), z.unknown()),
  paymentMethod: PaymentMethodSchema,
  paymentId: z.uuid(),
  phoneNumber: z.string().trim().max(40).optional(),
  customerEmail: z.email().max(254).optional(),
});
export type CreateOrderBody = z.infer<typeof CreateOrderBodySchema>;

/** Response of POST /api/orders: carries the order's id (SPEC.md section 7). */
export const OrderCreatedSchema = z.object({
  id: z.number().int(),
  status: OrderStatusSchema,
  total: z.string(),
});
export type OrderCreated = z.infer<typeof OrderCreatedSchema>;

/**
 * POST /api/checkout/event-payment-intent: a seat of a paid event, paid through the same checkout
 * (docs/decisions/015-paid-events-through-checkout.md). No items, no shipping: content-and-events
 * quotes the event's price and holds a seat for 30 minutes. A member is the registrant (name and
 * e-mail are the receipt's); a guest must give both.
 */
export const EventPaymentIntentBodySchema = z.object({
  eventId: RowIdSchema,
  fullName: z.string().trim().min(1, 'Please enter your name').max(100, 'Name cannot exceed 100 characters'),
  email: z.email('Please enter a valid email address').max(254).optional(),
  paymentMethod: PaymentMethodSchema.default('stripe'),
  /** An earlier intent of the same checkout (the payer came back): its hold is handed over. */
  replacesPaymentId: z.uuid().optional(),
  /** That intent's payment secret: a guest's payment is replaced only by the browser that started it. */
  replacesPaymentSecret: PaymentSecretSchema.optional(),
  /** The waiver accepted, signed with `fullName`, for a walk that requires it (decision 038). */
  waiver: WaiverAcceptanceSchema.optional(),
  /** The emergency contact and note for the leader, for a walk that asks for them. */
  emergency: EmergencyDetailsSchema.optional(),
  /** The others the payer brings, by name (decision 041): a seat each, paid in this checkout. */
  party: PartySchema.optional(),
});
export type EventPaymentIntentBody = z.infer<typeof EventPaymentIntentBodySchema>;

/** What the payer is asked to pay for the seat: the quote's amounts, no shipping method. */
export const EventPaymentIntentResponseSchema = PaymentIntentResponseSchema.extend({
  shippingMethod: z.null(),
  eventId: z.number().int(),
  registrationId: z.number().int(),
});
export type EventPaymentIntentResponse = z.infer<typeof EventPaymentIntentResponseSchema>;

/** POST /api/checkout/complete-registration: the succeeded payment of a seat, finalised. */
export const CompleteRegistrationBodySchema = z.object({
  paymentId: z.uuid(),
  customerEmail: z.email().max(254).optional(),
  phoneNumber: z.string().trim().max(40).optional(),
});
export type CompleteRegistrationBody = z.infer<typeof CompleteRegistrationBodySchema>;

export const PaidRegistrationSchema = z.object({
  registrationId: z.number().int(),
  eventId: z.number().int(),
  status: z.literal('confirmed'),
  total: z.string(),
});
export type PaidRegistration = z.infer<typeof PaidRegistrationSchema>;

/** The completed-order record kept in session storage for the confirmation page. */
export const CompletedOrderSchema = z.object({
  orderId: z.union([z.number(), z.string()]),
  items: z.array(
    z.object({ id: z.number(), name: z.string(), price: z.string(), quantity: z.number().int() }),
  ),
  total: z.number(),
});
export type CompletedOrder = z.infer<typeof CompletedOrderSchema>;

/** The session-storage key of the completed-order record. */
export const COMPLETED_ORDER_STORAGE_KEY = 'completedOrder';

export const WebhookAckSchema = z.object({ received: z.literal(true) });

const errors = { 400: ErrorResponseSchema, 404: ErrorResponseSchema } as const;

/** Routes of this domain in the route table (route-table.ts). */
export const checkoutRoutes = defineRoutes({
  config: defineRoute({
    method: 'GET',
    path: '/api/checkout/config',
    service: 'payments',
    access: 'public',
    summary: 'The payment methods, which are live and which run in test mode',
    responses: { 200: CheckoutConfigSchema },
  }),
  createPaymentIntent: defineRoute({
    method: 'POST',
    path: '/api/checkout/create-payment-intent',
    service: 'payments',
    access: 'public',
    summary:
      "Quotes the cart with the seller (server prices, shipping, the stock held a few minutes for this client) and creates the provider's intent for its total, answering the payment's secret for this browser; 409 with what changed when the cart can no longer be served; 422 or 429 past what one client may hold or the limits per client. Honours Idempotency-Key",
    request: { body: PaymentIntentBodySchema },
    responses: {
      201: PaymentIntentResponseSchema,
      ...errors,
      409: ErrorResponseSchema,
      422: ErrorResponseSchema,
      429: ErrorResponseSchema,
      503: ErrorResponseSchema,
    },
  }),
  sandboxConfirm: defineRoute({
    method: 'POST',
    path: '/api/checkout/sandbox/confirm',
    service: 'payments',
    access: 'public',
    summary:
      "The built-in sandbox processor's card confirmation (test cards only), with the intent's client secret; 402 for a declined card, 429 past the limits on declines",
    request: { body: SandboxConfirmBodySchema },
    responses: {
      200: SandboxConfirmResultSchema,
      ...errors,
      402: ErrorResponseSchema,
      409: ErrorResponseSchema,
      429: ErrorResponseSchema,
    },
  }),
  sandboxTestPayment: defineRoute({
    method: 'POST',
    path: '/api/checkout/sandbox/test-payment',
    service: 'payments',
    access: 'public',
    summary:
      "The payment test page's card payment with no checkout behind it: the sandbox's outcome for a test card (nothing is charged or recorded); 402 for a card that is not a test card, 404 when the sandbox is off, 429 past the limits on declines",
    request: { body: SandboxTestPaymentBodySchema },
    responses: {
      200: SandboxTestPaymentResultSchema,
      400: ErrorResponseSchema,
      402: ErrorResponseSchema,
      404: ErrorResponseSchema,
      429: ErrorResponseSchema,
    },
  }),
  createOrder: defineRoute({
    method: 'POST',
    path: '/api/orders',
    service: 'payments',
    access: 'public',
    summary:
      'Finalises a succeeded payment into its order (the same finalisation as the webhooks: one order per payment). Honours Idempotency-Key',
    request: { body: CreateOrderBodySchema },
    responses: {
      201: OrderCreatedSchema,
      ...errors,
      402: ErrorResponseSchema,
      409: ErrorResponseSchema,
      422: ErrorResponseSchema,
      503: ErrorResponseSchema,
    },
  }),
  createEventPaymentIntent: defineRoute({
    method: 'POST',
    path: '/api/checkout/event-payment-intent',
    service: 'payments',
    access: 'public',
    summary:
      "Quotes a paid event's seat with content-and-events (held a few minutes for this client) and creates the provider's intent for its price; 409 when the event is full or the payer already registered, 429 past the seats one client may hold or the limits per client. Honours Idempotency-Key",
    request: { body: EventPaymentIntentBodySchema },
    responses: {
      201: EventPaymentIntentResponseSchema,
      ...errors,
      409: ErrorResponseSchema,
      422: ErrorResponseSchema,
      429: ErrorResponseSchema,
      503: ErrorResponseSchema,
    },
  }),
  release: defineRoute({
    method: 'POST',
    path: '/api/checkout/release',
    service: 'payments',
    access: 'public',
    summary:
      "Cancels the browser's own open payment (authorised by its payment secret) and gives its hold on the stock or the seat back at once: the checkout was left or the cart emptied. Twice, or for a paid payment, answers released: false",
    request: { body: ReleaseCheckoutBodySchema },
    responses: { 200: ReleaseCheckoutResultSchema, ...errors },
  }),
  completeRegistration: defineRoute({
    method: 'POST',
    path: '/api/checkout/complete-registration',
    service: 'payments',
    access: 'public',
    summary:
      "Finalises a succeeded payment of an event's seat into its confirmed registration (the same finalisation as the webhooks). Honours Idempotency-Key",
    request: { body: CompleteRegistrationBodySchema },
    responses: {
      201: PaidRegistrationSchema,
      ...errors,
      402: ErrorResponseSchema,
      409: ErrorResponseSchema,
      422: ErrorResponseSchema,
      503: ErrorResponseSchema,
    },
  }),
  stripeWebhook: defineRoute({
    method: 'POST',
    path: '/api/payments/webhooks/stripe',
    service: 'payments',
    access: 'public',
    summary:
      "Stripe's events, verified on the raw body with Stripe-Signature (300 s tolerance), each processed once",
    responses: { 200: WebhookAckSchema, 400: ErrorResponseSchema },
  }),
  sandboxWebhook: defineRoute({
    method: 'POST',
    path: '/api/payments/webhooks/sandbox',
    service: 'payments',
    access: 'public',
    summary: "The sandbox processor's signed events, in Stripe's format, each processed once",
    responses: { 200: WebhookAckSchema, 400: ErrorResponseSchema },
  }),
});
