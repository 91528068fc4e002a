import { z } from 'zod';
import { MoneySchema } from './money';

export const SquareConfigSchema = z.object({
  applicationId: z.string(),
  locationId: z.string(),
  environment: z.enum(['sandbox', 'production']),
});
export type SquareConfig = z.infer<typeof SquareConfigSchema>;

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
