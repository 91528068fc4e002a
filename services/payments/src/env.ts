import { createHmac } from 'node:crypto';
import { defaultPorts } from '@jesus-walks/contracts/services';
import {
  type EnvSource,
  optionalUrl,
  parseEnv,
  portSchema,
  serviceEnvSchema,
} from '@jesus-walks/service-kit/env';
import { mailEnvShape } from '@jesus-walks/service-kit/mailer';
import { z } from 'zod';

const optionalSecret = (name: string) => z.string().min(8, `${name} looks too short to be a key`).optional();
/** A count a limit allows: a whole number from 1. */
const limitSchema = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

export const envSchema = serviceEnvSchema
  .extend({
    PORT: portSchema(defaultPorts.payments),
    /** The customer's e-mail of a cancelled and refunded order goes through the shared mailer (printed without SMTP_URL). */
    ...mailEnvShape,
    /** Catalog's base URL: quotes, fulfilment and releases of what the buyer pays for. */
    CATALOG_AND_ORDERS_URL: optionalUrl,
    /** content-and-events' base URL: quotes, fulfilment and releases of paid events' seats. */
    CONTENT_AND_EVENTS_URL: optionalUrl,
    /** Stripe's secret key (sk_...). With the publishable key and the webhook secret: the Stripe tile runs on Stripe. */
    STRIPE_SECRET_KEY: optionalSecret('STRIPE_SECRET_KEY'),
    /** Stripe's publishable key (pk_...): the browser's Payment Element loads with it. */
    STRIPE_PUBLISHABLE_KEY: optionalSecret('STRIPE_PUBLISHABLE_KEY'),
    /** The signing secret of the Stripe webhook endpoint (whsec_...). */
    STRIPE_WEBHOOK_SECRET: optionalSecret('STRIPE_WEBHOOK_SECRET'),
    /** Where Stripe's API lives: unset in production; tests point the SDK at a fake Stripe. */
    STRIPE_API_BASE_URL: optionalUrl,
    /** Square's access token. With the application id, location id and webhook signature key: the Square tile runs on Square. */
    SQUARE_ACCESS_TOKEN: optionalSecret('SQUARE_ACCESS_TOKEN'),
    /** The Web Payments SDK's application id (sq0idp-... or sandbox-sq0idb-...). */
    SQUARE_APPLICATION_ID: z.string().min(1).optional(),
    /** The Square location that takes the payments. */
    SQUARE_LOCATION_ID: z.string().min(1).optional(),
    /** Which Square the keys belong to: its API host and the card form's script. */
    SQUARE_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
    /** The signature key of the Square webhook subscription. */
    SQUARE_WEBHOOK_SIGNATURE_KEY: optionalSecret('SQUARE_WEBHOOK_SIGNATURE_KEY'),
    /** The subscription's notification URL as Square knows it (Square signs it): default `${PUBLIC_ORIGIN}/api/payments/webhooks/square`. */
    SQUARE_WEBHOOK_URL: optionalUrl,
    /** Where Square's API lives: unset in production; tests point the SDK at a fake Square. */
    SQUARE_API_BASE_URL: optionalUrl,
    /**
     * The built-in sandbox processor (test cards, no real money; any visitor can "pay" with 4242).
     * Unset: 'on' outside production when Stripe has no keys, so a fresh checkout works out of the
     * box; 'off' when NODE_ENV=production, where only this setting turns it on.
     */
    PAYMENTS_SANDBOX: z.enum(['on', 'off']).optional(),
    /**
     * Card testing (someone trying stolen card numbers): declined attempts allowed per payment (then
     * it is closed and the buyer starts again), and per client address and per member account in an
     * hour (429 beyond). Addresses count an IPv6 client by its /64.
     */
    PAYMENT_DECLINES_PER_PAYMENT: limitSchema(3),
    PAYMENT_DECLINES_PER_ADDRESS_PER_HOUR: limitSchema(10),
    PAYMENT_DECLINES_PER_MEMBER_PER_HOUR: limitSchema(10),
    /** Checkouts started (create-payment-intent, event-payment-intent) per client address in an hour. */
    PAYMENT_INTENTS_PER_ADDRESS_PER_HOUR: limitSchema(60),
    /**
     * Where the sandbox posts its signed events over HTTP. Unset (the default): they reach the
     * webhook's handler inside payments, signature checked the same, without leaving the process.
     */
    SANDBOX_WEBHOOK_URL: optionalUrl,
    /** Signs the sandbox's events. Unset: derived from INTERNAL_TOKEN (HMAC-SHA256 with a fixed label). */
    SANDBOX_WEBHOOK_SECRET: z
      .string()
      .min(32, 'SANDBOX_WEBHOOK_SECRET must be at least 32 characters')
      .optional(),
    /** Coinbase Commerce's API key: with the webhook secret, the Crypto tile charges through Coinbase Commerce. */
    COINBASE_COMMERCE_API_KEY: optionalSecret('COINBASE_COMMERCE_API_KEY'),
    /** The shared secret of the Coinbase Commerce webhook subscription (X-CC-Webhook-Signature). */
    COINBASE_COMMERCE_WEBHOOK_SECRET: optionalSecret('COINBASE_COMMERCE_WEBHOOK_SECRET'),
    /** Where Coinbase Commerce's API lives: unset in production; tests point the SDK at a fake. */
    COINBASE_COMMERCE_API_BASE_URL: optionalUrl,
    /** Live crypto exchange rates (Coinbase's public exchange-rates format), or 'off' for the built-in table. */
    CRYPTO_RATES_URL: z
      .union([z.literal('off'), z.url({ protocol: /^https?$/ })])
      .default('https://api.coinbase.com/v2/exchange-rates'),
    /** SafeKey's API (with SAFEKEY_API_KEY): unset, SafeKey runs on its sandbox network while PAYMENTS_SANDBOX is on. */
    SAFEKEY_API_BASE_URL: optionalUrl,
    SAFEKEY_API_KEY: optionalSecret('SAFEKEY_API_KEY'),
    /** Apple Pay merchant identity (merchant.com.example...), its certificate and key (PEM) for merchant validation. */
    APPLE_PAY_MERCHANT_ID: z.string().min(1).optional(),
    APPLE_PAY_CERTIFICATE_PEM: z.string().min(1).optional(),
    APPLE_PAY_KEY_PEM: z.string().min(1).optional(),
    /** The name on Apple's payment sheet. */
    APPLE_PAY_DISPLAY_NAME: z.string().min(1).max(64).default('Jesus Walks'),
    /** Google Pay: PRODUCTION needs the merchant id from Google's Pay & Wallet Console. */
    GOOGLE_PAY_ENVIRONMENT: z.enum(['TEST', 'PRODUCTION']).default('TEST'),
    GOOGLE_PAY_MERCHANT_ID: z.string().min(1).optional(),
    GOOGLE_PAY_MERCHANT_NAME: z.string().min(1).max(64).default('Jesus Walks'),
  })
  .superRefine((env, context) => {
    if (!env.STRIPE_SECRET_KEY) return;
    for (const key of ['STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (!env[key]) {
        context.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} is required when STRIPE_SECRET_KEY is set`,
        });
      }
    }
  })
  .superRefine((env, context) => {
    // Keys that only work together (SafeKey's API, Apple Pay's merchant identity).
    const groups = [
      ['SAFEKEY_API_BASE_URL', 'SAFEKEY_API_KEY'],
      ['APPLE_PAY_MERCHANT_ID', 'APPLE_PAY_CERTIFICATE_PEM', 'APPLE_PAY_KEY_PEM'],
    ] as const;
    for (const group of groups) {
      const set = group.filter((key) => env[key]);
      if (set.length === 0 || set.length === group.length) continue;
      for (const key of group.filter((candidate) => !env[candidate])) {
        context.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} is required with ${set.join(', ')}`,
        });
      }
    }
    if (env.GOOGLE_PAY_ENVIRONMENT === 'PRODUCTION' && !env.GOOGLE_PAY_MERCHANT_ID) {
      context.addIssue({
        code: 'custom',
        path: ['GOOGLE_PAY_MERCHANT_ID'],
        message: 'GOOGLE_PAY_MERCHANT_ID is required when GOOGLE_PAY_ENVIRONMENT is PRODUCTION',
      });
    }
  })
  .superRefine((env, context) => {
    if (!env.SQUARE_ACCESS_TOKEN) return;
    for (const key of [
      'SQUARE_APPLICATION_ID',
      'SQUARE_LOCATION_ID',
      'SQUARE_WEBHOOK_SIGNATURE_KEY',
    ] as const) {
      if (!env[key]) {
        context.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} is required when SQUARE_ACCESS_TOKEN is set`,
        });
      }
    }
  })
  .superRefine((env, context) => {
    if (env.COINBASE_COMMERCE_API_KEY && !env.COINBASE_COMMERCE_WEBHOOK_SECRET) {
      context.addIssue({
        code: 'custom',
        path: ['COINBASE_COMMERCE_WEBHOOK_SECRET'],
        message: 'COINBASE_COMMERCE_WEBHOOK_SECRET is required when COINBASE_COMMERCE_API_KEY is set',
      });
    }
  })

  .transform((env) => {
    const stripeConfigured = Boolean(env.STRIPE_SECRET_KEY);
    return {
      ...env,
      // NODE_ENV only chooses the default; the named setting decides (STYLE.md).
      PAYMENTS_SANDBOX:
        env.PAYMENTS_SANDBOX ?? (env.NODE_ENV === 'production' || stripeConfigured ? 'off' : 'on'),
      SQUARE_WEBHOOK_URL:
        env.SQUARE_WEBHOOK_URL ?? new URL('/api/payments/webhooks/square', env.PUBLIC_ORIGIN).toString(),
      SANDBOX_WEBHOOK_SECRET:
        env.SANDBOX_WEBHOOK_SECRET ??
        `whsec_sandbox_${createHmac('sha256', env.INTERNAL_TOKEN).update('payments sandbox webhook secret').digest('hex')}`,
    };
  });

export type Env = z.infer<typeof envSchema>;

/** The only place this service reads its environment. */
export function loadEnv(source: EnvSource = process.env): Env {
  return parseEnv(envSchema, source);
}
