import type { LightMyRequestResponse } from 'fastify';
import {
  type FakeStripeServer,
  startFakeStripeServer,
} from '../modules/providers/stripe/fake-stripe-server.testing';
import { signStripeEvent } from '../modules/providers/stripe/stripe-webhooks.testing';
import { type CheckoutStack, startCheckoutStack } from './checkout-stack.testing';

/** The Stripe webhook secret of every Stripe-backed stack (its events are signed with it). */
export const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_test_stripe_stack_0123456789abcdef';
export const STRIPE_TEST_PUBLISHABLE_KEY = 'pk_test_stripe_stack_fake';

export interface StripeCheckoutStack extends CheckoutStack {
  /** The local fake Stripe API the real SDK talks to: intents, charges, refunds, every request. */
  fake: FakeStripeServer;
  /**
   * A Stripe event about the intent as the fake holds it now, signed as Stripe signs it and posted
   * to payments' webhook route.
   */
  postStripeEvent(
    type: string,
    reference: string,
    options?: { id?: string; secret?: string; ts?: number },
  ): Promise<LightMyRequestResponse>;
}

/**
 * The checkout stack (payments and the real catalog) with Stripe configured and pointed at a local
 * fake Stripe API: the stripe SDK runs for real, nothing leaves the machine. The sandbox is off, as
 * it is by default once Stripe has keys.
 */
export async function startStripeCheckoutStack(
  extraEnv: Record<string, string> = {},
): Promise<StripeCheckoutStack> {
  const fake = await startFakeStripeServer();
  let stack: CheckoutStack;
  try {
    stack = await startCheckoutStack({
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_PUBLISHABLE_KEY: STRIPE_TEST_PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
      STRIPE_API_BASE_URL: fake.url,
      ...extraEnv,
    });
  } catch (error) {
    await fake.close();
    throw error;
  }
  return {
    ...stack,
    fake,
    postStripeEvent(type, reference, options = {}) {
      const event = fake.event(type, reference, options.id ? { id: options.id } : {});
      const { body, header } = signStripeEvent(
        event,
        options.secret ?? STRIPE_TEST_WEBHOOK_SECRET,
        options.ts,
      );
      return stack.payments.app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/stripe',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
        payload: body,
      });
    },
    async close() {
      await stack.close();
      await fake.close();
    },
  };
}
