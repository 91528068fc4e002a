import { z } from 'zod';
import { WebhookAckSchema } from './checkout';
import { ErrorResponseSchema } from './common';
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
  /** The card token from `card.tokenize()` ('cnon:...'). */
  sourceId: z.string().trim().min(1).max(500),
  /** From `payments.verifyBuyer()` when Square asked for buyer verification (SCA). */
  verificationToken: z.string().trim().min(1).max(2000).optional(),
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
export type GooglePayConfig = z.infer<typeof GooglePayConfigSchema>;

export const cryptocurrencies = ['bitcoin', 'ethereum', 'usdc', 'litecoin'] as const;
export const cryptoProviders = ['stripe', 'coinbase'] as const;

export const CryptoRateSchema = z.object({
  cryptocurrency: z.string(),
  fiatCurrency: z.string(),
  rate: z.number().positive(),
  timestamp: z.string(),
});
export type CryptoRate = z.infer<typeof CryptoRateSchema>;

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
});
export type WalletPaymentBody = z.infer<typeof WalletPaymentBodySchema>;
