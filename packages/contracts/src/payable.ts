import { z } from 'zod';
import { ErrorResponseSchema } from './common';
import { RowIdSchema } from './products';
import { defineRoute } from './route-contract';
import type { ServiceName } from './services';
import { ShippingRateSchema } from './shipping';

/**
 * What a seller offers payments (ARCHITECTURE.md section 4): the three payable routes every seller
 * implements, quote, fulfil and release, with one shape for what they answer. Catalog sells the
 * shop's goods, content-and-events the seats of paid walks; a third seller (a donation, a gift
 * card) is one more `definePayableRoutes` and an entry in payments' seller registry.
 */

export const paymentMethods = ['stripe', 'square', 'safekey', 'apple_pay', 'google_pay', 'crypto'] as const;
export const PaymentMethodSchema = z.enum(paymentMethods);
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/**
 * Who a checkout's hold is for (ARCHITECTURE.md section 4): the client's address as the gateway
 * signed it, and the member's id when logged in. A seller counts what one client holds at once by
 * both, so that no browser or address can hold more than its share of the stock or the seats:
 * a member is one client whatever address they come from.
 */
export const HolderSchema = z.object({
  address: z.string().min(1).max(100),
  userId: RowIdSchema.nullable(),
});
export type Holder = z.infer<typeof HolderSchema>;

export const QuoteLineSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  unitPrice: z.string(),
  lineTotal: z.string(),
});
export type QuoteLine = z.infer<typeof QuoteLineSchema>;

/**
 * What every quote answers: the lines at the seller's prices, subtotal + shipping = total (strings,
 * 2 decimals), the hold's expiry, and the shipping method (none for what is not shipped). A seller
 * adds what is its own (`PayableQuoteSchema.extend`).
 */
export const PayableQuoteSchema = z.object({
  quoteId: z.uuid(),
  currency: z.literal('USD'),
  items: z.array(QuoteLineSchema),
  subtotal: z.string(),
  shipping: z.string(),
  total: z.string(),
  shippingMethod: ShippingRateSchema.nullable(),
  expiresAt: z.string(),
});
export type PayableQuote = z.infer<typeof PayableQuoteSchema>;

/** Who pays, as payments knows them: a member (user id) or a guest (the e-mail given). */
export const BuyerSchema = z.object({
  userId: RowIdSchema.nullable(),
  email: z.email().max(254).nullable(),
  fullName: z.string().trim().max(100).nullable(),
  phone: z.string().trim().max(40).nullable(),
});
export type Buyer = z.infer<typeof BuyerSchema>;

/**
 * POST <quote>/fulfil (payments -> the seller), once a payment of the quote has succeeded for
 * exactly its total. Idempotent on paymentId: the same payment always answers the same record.
 */
export const FulfilBodySchema = z.object({
  paymentId: z.uuid(),
  /** What the provider confirmed was paid (2 decimals): must equal the quote's total. */
  amountPaid: z.string().regex(/^\d+\.\d{2}$/),
  paymentMethod: PaymentMethodSchema,
  buyer: BuyerSchema,
  /** The address as the buyer entered it at checkout (empty for what is not shipped). */
  shippingAddress: z.record(z.string(), z.unknown()),
  /**
   * The payment went through the built-in sandbox (no real money): the seller records it on the
   * order or registration, for the admin's marks and revenue. False when not sent (an older payments).
   */
  testMode: z.boolean().default(false),
});
export type FulfilBody = z.infer<typeof FulfilBodySchema>;

/**
 * fulfilled: what was paid for is the buyer's (the order paid and its stock taken, the seat
 * confirmed). unfulfillable: the hold lapsed and what it held is gone; the seller records why, and
 * payments refunds. `recordId` is what the seller made (the order's id, the registration's id),
 * `status` its status in the seller's own terms.
 */
export const FulfilmentSchema = z.object({
  outcome: z.enum(['fulfilled', 'unfulfillable']),
  recordId: z.number().int(),
  status: z.string(),
  total: z.string(),
  reason: z.string().nullable(),
});
export type Fulfilment = z.infer<typeof FulfilmentSchema>;

export const QuoteParamsSchema = z.object({ quoteId: z.uuid() });
export const ReleaseResultSchema = z.object({ released: z.boolean() });
export type ReleaseResult = z.infer<typeof ReleaseResultSchema>;

/** The three payable routes of one seller, under `path` (`/internal/quotes`, `/internal/event-quotes`). */
export function definePayableRoutes<
  const Service extends ServiceName,
  const Path extends string,
  QuoteBody extends z.ZodType,
  Quote extends z.ZodType<PayableQuote>,
>(seller: {
  service: Service;
  path: Path;
  quoteBody: QuoteBody;
  quote: Quote;
  /** What each route does in this seller's terms (for the route table and OpenAPI). */
  summaries: { quote: string; fulfil: string; release: string };
}) {
  return {
    internalQuote: defineRoute({
      method: 'POST',
      path: seller.path,
      service: seller.service,
      access: 'internal',
      summary: seller.summaries.quote,
      request: { body: seller.quoteBody },
      responses: {
        201: seller.quote,
        400: ErrorResponseSchema,
        404: ErrorResponseSchema,
        409: ErrorResponseSchema,
        422: ErrorResponseSchema,
        429: ErrorResponseSchema,
      },
    }),
    internalFulfil: defineRoute({
      method: 'POST',
      path: `${seller.path}/:quoteId/fulfil`,
      service: seller.service,
      access: 'internal',
      summary: seller.summaries.fulfil,
      request: { params: QuoteParamsSchema, body: FulfilBodySchema },
      responses: {
        200: FulfilmentSchema,
        400: ErrorResponseSchema,
        404: ErrorResponseSchema,
        422: ErrorResponseSchema,
        503: ErrorResponseSchema,
      },
    }),
    internalRelease: defineRoute({
      method: 'POST',
      path: `${seller.path}/:quoteId/release`,
      service: seller.service,
      access: 'internal',
      summary: seller.summaries.release,
      request: { params: QuoteParamsSchema },
      responses: { 200: ReleaseResultSchema, 400: ErrorResponseSchema },
    }),
  };
}

/** One seller's payable routes, whatever it sells. */
export type PayableRoutes<QuoteBody = unknown, Quote extends PayableQuote = PayableQuote> = ReturnType<
  typeof definePayableRoutes<ServiceName, string, z.ZodType<QuoteBody>, z.ZodType<Quote>>
>;
