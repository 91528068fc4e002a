import type { Processor } from '@jesus-walks/contracts/checkout';
import type { PaymentMethod } from '@jesus-walks/contracts/orders';
import type { JobQueue } from '@jesus-walks/service-kit/jobs';
import type { Kysely } from 'kysely';
import type { PaymentsDatabase } from '../../db/database';
import type { Env } from '../../env';
import type { PaymentProvider } from './provider';
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
  forMethod(method: PaymentMethod): MethodAvailability;
}

export const STRIPE_NOT_CONFIGURED = 'Stripe is not configured';
export const COMING_SOON = 'Coming soon';
export const SQUARE_NOT_CONFIGURED = 'Square is not configured';

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
  if (stripe) byName.set(stripe.name, stripe);
  if (sandbox) byName.set(sandbox.name, sandbox);
  if (square) byName.set(square.name, square);

  return {
    stripe,
    sandbox,
    stripePublishableKey: stripe ? (env.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    square,
    byName(name) {
      const provider = byName.get(name);
      // A payment made through a processor since switched off (keys removed, sandbox off).
      if (!provider) throw new Error(`The payment processor "${name}" is not configured`);
      return provider;
    },
    forMethod(method) {
      if (method === 'square') {
        // Square's card form with keys; without them the sandbox's card form ('Test mode').
        if (square) return { available: true, provider: square, processor: 'square', testMode: false };
        if (sandbox) return { available: true, provider: sandbox, processor: 'sandbox', testMode: true };
        return { available: false, reason: SQUARE_NOT_CONFIGURED };
      }
      if (method !== 'stripe') return { available: false, reason: COMING_SOON };
      if (stripe) return { available: true, provider: stripe, processor: 'stripe', testMode: false };
      if (sandbox) return { available: true, provider: sandbox, processor: 'sandbox', testMode: true };
      return { available: false, reason: STRIPE_NOT_CONFIGURED };
    },
  };
}
