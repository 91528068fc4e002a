import type { Processor } from '@jesus-walks/contracts/checkout';
import type { PaymentMethod } from '@jesus-walks/contracts/payable';
import { APPLE_PAY_NOT_CONFIGURED, SAFEKEY_NOT_CONFIGURED } from '@jesus-walks/contracts/payments';
import type { JobQueue } from '@jesus-walks/service-kit/jobs';
import type { Kysely } from 'kysely';
import type { PaymentsDatabase } from '../../db/database';
import type { Env } from '../../env';
import { type CryptoChargeProvider, createCoinbaseProvider } from './coinbase/coinbase.provider';
import type { PaymentProvider } from './provider';
import { createSafekeyProvider, type SafekeyProvider } from './safekey/safekey.provider';
import { createHttpSafekeyNetwork, createSandboxSafekeyNetwork } from './safekey/safekey-network';
import { createSandboxProvider } from './sandbox/sandbox.provider';
import { createSquareProvider, type SquareProvider } from './square/square.provider';
import { createStripeProvider } from './stripe/stripe.provider';

export type MethodAvailability =
  | { available: true; provider: PaymentProvider; processor: Processor; testMode: boolean }
  | { available: false; reason: string };

/** The processors this process can use, and which of them runs each payment method. */
export interface Providers {
  /** The processor a payments row names ('stripe', 'sandbox'): its payments are finalised and refunded through it. */
  byName(name: string): PaymentProvider;
  stripe: PaymentProvider | null;
  sandbox: PaymentProvider | null;
  stripePublishableKey: string | null;
  /** Square (SQUARE_*): its card form's tokens are charged through it. */
  square: SquareProvider | null;
  /** SafeKey on its live network (SAFEKEY_API_*), or its sandbox network while the sandbox is on. */
  safekey: SafekeyProvider | null;
  /** Coinbase Commerce (COINBASE_COMMERCE_*): crypto charges with a hosted page. */
  coinbase: CryptoChargeProvider | null;
  forMethod(method: PaymentMethod): MethodAvailability;
}

export const STRIPE_NOT_CONFIGURED = 'Stripe is not configured';
export const SQUARE_NOT_CONFIGURED = 'Square is not configured';
export const CRYPTO_NOT_CONFIGURED = 'Crypto payments are not configured';
export const GOOGLE_PAY_NOT_CONFIGURED = 'Google Pay is not configured';

export function createProviders(env: Env, deps: { db: Kysely<PaymentsDatabase>; jobs: JobQueue }): Providers {
  const stripe =
    env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
      ? createStripeProvider({
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          ...(env.STRIPE_API_BASE_URL ? { apiBaseUrl: env.STRIPE_API_BASE_URL } : {}),
        })
      : null;
  const sandbox =
    env.PAYMENTS_SANDBOX === 'on'
      ? createSandboxProvider({ db: deps.db, jobs: deps.jobs, webhookSecret: env.SANDBOX_WEBHOOK_SECRET })
      : null;
  const safekeyNetwork =
    env.SAFEKEY_API_BASE_URL && env.SAFEKEY_API_KEY
      ? createHttpSafekeyNetwork({ baseUrl: env.SAFEKEY_API_BASE_URL, apiKey: env.SAFEKEY_API_KEY })
      : env.PAYMENTS_SANDBOX === 'on'
        ? createSandboxSafekeyNetwork()
        : null;
  const safekey = safekeyNetwork ? createSafekeyProvider({ db: deps.db, network: safekeyNetwork }) : null;
  // Apple Pay and Google Pay tokens are charged through the card processor: Stripe, else the sandbox.
  // On Stripe a card-only intent: our server confirms it, and Stripe refuses a server-side
  // confirmation without a return_url for an intent with automatic (possibly redirecting) methods.
  const stripeWalletCard: PaymentProvider | null = stripe
    ? { ...stripe, createIntent: (input) => stripe.createIntent({ ...input, paymentMethodTypes: ['card'] }) }
    : null;
  const cardProcessor = stripeWalletCard
    ? { provider: stripeWalletCard, processor: 'stripe' as const, testMode: false }
    : sandbox
      ? { provider: sandbox, processor: 'sandbox' as const, testMode: true }
      : null;
  const applePayMerchant = Boolean(
    env.APPLE_PAY_MERCHANT_ID && env.APPLE_PAY_CERTIFICATE_PEM && env.APPLE_PAY_KEY_PEM,
  );
  const coinbase =
    env.COINBASE_COMMERCE_API_KEY && env.COINBASE_COMMERCE_WEBHOOK_SECRET
      ? createCoinbaseProvider({
          apiKey: env.COINBASE_COMMERCE_API_KEY,
          webhookSecret: env.COINBASE_COMMERCE_WEBHOOK_SECRET,
          ...(env.COINBASE_COMMERCE_API_BASE_URL ? { apiBaseUrl: env.COINBASE_COMMERCE_API_BASE_URL } : {}),
        })
      : null;
  // Stripe's crypto payments: the same adapter, an intent limited to the crypto method.
  const stripeCrypto: PaymentProvider | null = stripe
    ? {
        ...stripe,
        createIntent: (input) => stripe.createIntent({ ...input, paymentMethodTypes: ['crypto'] }),
      }
    : null;
  const square =
    env.SQUARE_ACCESS_TOKEN &&
    env.SQUARE_APPLICATION_ID &&
    env.SQUARE_LOCATION_ID &&
    env.SQUARE_WEBHOOK_SIGNATURE_KEY
      ? createSquareProvider({
          accessToken: env.SQUARE_ACCESS_TOKEN,
          applicationId: env.SQUARE_APPLICATION_ID,
          locationId: env.SQUARE_LOCATION_ID,
          environment: env.SQUARE_ENVIRONMENT,
          webhookSignatureKey: env.SQUARE_WEBHOOK_SIGNATURE_KEY,
          webhookUrl: env.SQUARE_WEBHOOK_URL,
          ...(env.SQUARE_API_BASE_URL ? { apiBaseUrl: env.SQUARE_API_BASE_URL } : {}),
        })
      : null;
  const byName = new Map<string, PaymentProvider>();
  if (coinbase) byName.set(coinbase.name, coinbase);
  if (safekey) byName.set(safekey.name, safekey);
  if (stripe) byName.set(stripe.name, stripe);
  if (sandbox) byName.set(sandbox.name, sandbox);
  if (square) byName.set(square.name, square);

  return {
    stripe,
    sandbox,
    stripePublishableKey: stripe ? (env.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    square,
    coinbase,
    safekey,
    byName(name) {
      const provider = byName.get(name);
      // A payment made through a processor since switched off (keys removed, sandbox off).
      if (!provider) throw new Error(`The payment processor "${name}" is not configured`);
      return provider;
    },
    forMethod(method) {
      if (method === 'crypto') {
        // The checkout's intent: a Coinbase charge, else a Stripe crypto intent, else the sandbox's.
        if (coinbase) return { available: true, provider: coinbase, processor: 'coinbase', testMode: false };
        if (stripeCrypto)
          return { available: true, provider: stripeCrypto, processor: 'stripe', testMode: false };
        if (sandbox) return { available: true, provider: sandbox, processor: 'sandbox', testMode: true };
        return { available: false, reason: CRYPTO_NOT_CONFIGURED };
      }
      if (method === 'safekey') {
        return safekey
          ? {
              available: true,
              provider: safekey,
              processor: 'safekey',
              testMode: safekey.network.mode === 'sandbox',
            }
          : { available: false, reason: SAFEKEY_NOT_CONFIGURED };
      }
      if (method === 'apple_pay') {
        // Real money needs Apple's merchant validation; the sandbox takes test tokens without it.
        return cardProcessor && (applePayMerchant || cardProcessor.testMode)
          ? { available: true, ...cardProcessor }
          : { available: false, reason: APPLE_PAY_NOT_CONFIGURED };
      }
      if (method === 'google_pay') {
        return cardProcessor
          ? { available: true, ...cardProcessor }
          : { available: false, reason: GOOGLE_PAY_NOT_CONFIGURED };
      }
      if (method === 'square') {
        // Square's card form with keys; without them the sandbox's card form ('Test mode').
        if (square) return { available: true, provider: square, processor: 'square', testMode: false };
        if (sandbox) return { available: true, provider: sandbox, processor: 'sandbox', testMode: true };
        return { available: false, reason: SQUARE_NOT_CONFIGURED };
      }
      // The card tile, the last method left: a method added to the list fails to compile here.
      method satisfies 'stripe';
      if (stripe) return { available: true, provider: stripe, processor: 'stripe', testMode: false };
      if (sandbox) return { available: true, provider: sandbox, processor: 'sandbox', testMode: true };
      return { available: false, reason: STRIPE_NOT_CONFIGURED };
    },
  };
}
