import { randomUUID } from 'node:crypto';
import {
  type CheckoutConfig,
  type CheckoutContactBody,
  type EventPaymentIntentBody,
  type EventPaymentIntentResponse,
  type PaymentIntentBody,
  type PaymentIntentResponse,
  paymentMethodLabels,
} from '@jesus-walks/contracts/checkout';
import type { Identity } from '@jesus-walks/contracts/common';
import { toCents } from '@jesus-walks/contracts/money';
import { paymentMethods, type Quote } from '@jesus-walks/contracts/orders';
import {
  businessRule,
  conflict,
  DomainError,
  notFound,
  upstreamUnavailable,
} from '@jesus-walks/service-kit/errors';
import type { SellerName } from '../../db/database';
import type { PaymentsDeps } from '../../deps';
import { takeIntentLimits } from '../payment-limits/payment-limits.service';
import { payableSeller } from '../sellers/seller-registry';
import { cartChanged, priceChanges, refusedCartIssues } from './cart-changes';
import { runIdempotently } from './idempotent-request';
import { holdsPaymentSecret, newPaymentSecret, requirePaymentSecret } from './payment-secret';
import {
  cancelOpenPayment,
  findPayment,
  insertPayment,
  type PaymentRow,
  setContact,
} from './payments.repository';

/** GET /api/checkout/config: the six methods in their order, which are live, which in test mode. */
export function checkoutConfig(deps: Pick<PaymentsDeps, 'providers'>): CheckoutConfig {
  const methods = paymentMethods.map((method) => {
    const availability = deps.providers.forMethod(method);
    return {
      method,
      label: paymentMethodLabels[method],
      available: availability.available,
      testMode: availability.available ? availability.testMode : false,
      reason: availability.available ? null : availability.reason,
    };
  });
  const stripe = deps.providers.forMethod('stripe');
  // The banner's 'no real payments are taken' must be true: not when one method takes real money
  // beside the sandbox's (those tiles say 'Test mode' on their own).
  const usable = methods.filter((method) => method.available);
  return {
    currency: 'USD',
    testMode: usable.length > 0 && usable.every((method) => method.testMode),
    methods,
    stripe: {
      processor: stripe.available ? stripe.processor : 'stripe',
      publishableKey: deps.providers.stripePublishableKey,
    },
    ...cryptoConfig(deps.providers.forMethod('crypto')),
  };
}

/** The crypto providers the tile offers: the live one that makes the checkout's intent, or both in test mode. */
function cryptoConfig(
  crypto: ReturnType<PaymentsDeps['providers']['forMethod']>,
): Pick<CheckoutConfig, 'crypto'> {
  if (!crypto.available) return {};
  if (crypto.processor === 'coinbase') return { crypto: { providers: ['coinbase'] } };
  if (crypto.processor === 'stripe') return { crypto: { providers: ['stripe'] } };
  return { crypto: { providers: ['stripe', 'coinbase'] } };
}

export interface CreateIntentInput {
  body: PaymentIntentBody;
  identity: Identity | null;
  /** The client's address: checkouts and declines are limited per address (payment-limits). */
  clientAddress: string;
  idempotencyKey: string | undefined;
  requestId: string;
}

/**
 * Quotes the cart with the seller (server prices, shipping, the stock held a few minutes for this
 * client, within its share), refuses a cart that changed (409 cart_changed, the quote released)
 * before anything is charged, creates the processor's intent for the quote's total (no transaction
 * open meanwhile) and records the payment. Honours Idempotency-Key.
 */
export async function createPaymentIntent(
  deps: PaymentsDeps,
  input: CreateIntentInput,
): Promise<{ response: PaymentIntentResponse; replayed: boolean }> {
  const { body } = input;
  const method = deps.providers.forMethod(body.paymentMethod);
  if (!method.available) {
    throw businessRule(`${paymentMethodLabels[body.paymentMethod]} is not available: ${method.reason}`);
  }
  return runIdempotently(
    deps.db,
    {
      key: input.idempotencyKey,
      identity: input.identity,
      clientAddress: input.clientAddress,
      route: 'create-payment-intent',
      body,
    },
    201,
    async () => {
      await takeIntentLimits(deps.db, deps.limits, input);
      const replaced = await replaceablePayment(deps, body, input.identity);
      const sameSeller = replaced?.seller === 'catalog';
      const quote = await quoteCart(deps, input, sameSeller ? (replaced?.quoteId ?? undefined) : undefined);
      if (replaced) {
        await cancelPayment(deps, replaced, 'Replaced by a newer checkout', { release: !sameSeller });
      }

      const changes = priceChanges(body.items, quote.items);
      if (changes.length > 0) {
        await releaseQuietly(deps, 'catalog', quote.quoteId, input.requestId);
        throw cartChanged(changes);
      }

      const paymentId = randomUUID();
      const idempotencyKey = `intent:${paymentId}`;
      let intent: Awaited<ReturnType<typeof method.provider.createIntent>>;
      try {
        intent = await method.provider.createIntent({
          amountCents: toCents(quote.total),
          currency: 'usd',
          paymentId,
          idempotencyKey,
          description: `Order of ${quote.items.length} item(s), quote ${quote.quoteId}`,
        });
      } catch (error) {
        deps.logger.error({ err: error, paymentId }, 'the payment processor refused to create an intent');
        await releaseQuietly(deps, 'catalog', quote.quoteId, input.requestId);
        throw upstreamUnavailable('The payment processor is not reachable right now. Please try again.');
      }
      const secret = newPaymentSecret();
      await insertPayment(deps.db, {
        id: paymentId,
        provider: method.provider.name,
        providerReference: intent.reference,
        amount: quote.total,
        quote: quote as unknown as Record<string, unknown>,
        quoteId: quote.quoteId,
        quoteExpiresAt: quote.expiresAt,
        userId: input.identity?.id ?? null,
        customerName: body.shippingAddress.fullName,
        shippingAddress: body.shippingAddress,
        paymentMethod: body.paymentMethod,
        idempotencyKey,
        secretHash: secret.hash,
      });
      return {
        clientSecret: intent.clientSecret,
        paymentId,
        paymentSecret: secret.secret,
        processor: method.processor,
        testMode: method.testMode,
        currency: 'USD' as const,
        items: quote.items,
        subtotal: quote.subtotal,
        shipping: quote.shipping,
        total: quote.total,
        shippingMethod: quote.shippingMethod,
        expiresAt: quote.expiresAt,
      };
    },
  );
}

export interface CreateEventIntentInput {
  body: EventPaymentIntentBody;
  identity: Identity | null;
  clientAddress: string;
  idempotencyKey: string | undefined;
  requestId: string;
}

/**
 * A paid event's seat through the same checkout (docs/decisions/015-paid-events-through-checkout.md):
 * content-and-events quotes the event's price and holds a seat for a few minutes (409 when full or
 * already registered, before anything is charged), then the processor's intent for that price
 * (no transaction open meanwhile) and the payment row, which names content-and-events as the
 * seller that finalisation calls. Honours Idempotency-Key.
 */
export async function createEventPaymentIntent(
  deps: PaymentsDeps,
  input: CreateEventIntentInput,
): Promise<{ response: EventPaymentIntentResponse; replayed: boolean }> {
  const { body, identity } = input;
  const method = deps.providers.forMethod(body.paymentMethod);
  if (!method.available) {
    throw businessRule(`${paymentMethodLabels[body.paymentMethod]} is not available: ${method.reason}`);
  }
  if (!identity && !body.email) {
    throw new DomainError('validation_failed', 'Please give your e-mail address: your receipt goes there.', [
      { path: ['body', 'email'], message: 'Please enter a valid email address' },
    ]);
  }
  return runIdempotently(
    deps.db,
    {
      key: input.idempotencyKey,
      identity,
      clientAddress: input.clientAddress,
      route: 'create-event-payment-intent',
      body,
    },
    201,
    async () => {
      await takeIntentLimits(deps.db, deps.limits, input);
      const replaced = await replaceablePayment(deps, body, identity);
      const sameSeller = replaced?.seller === 'events';
      const quote = await deps.eventSeller.quote(
        {
          eventId: body.eventId,
          attendees: 1,
          buyer: identity ? { userId: identity.id } : { name: body.fullName, email: body.email ?? '' },
          // Whose checkout it is: the seller limits the seats one client holds at once.
          holder: { address: input.clientAddress, userId: identity?.id ?? null },
          ...(sameSeller && replaced?.quoteId ? { replacesQuoteId: replaced.quoteId } : {}),
        },
        input.requestId,
      );
      if (replaced) {
        await cancelPayment(deps, replaced, 'Replaced by a newer checkout', { release: !sameSeller });
      }

      const paymentId = randomUUID();
      const idempotencyKey = `intent:${paymentId}`;
      let intent: Awaited<ReturnType<typeof method.provider.createIntent>>;
      try {
        intent = await method.provider.createIntent({
          amountCents: toCents(quote.total),
          currency: 'usd',
          paymentId,
          idempotencyKey,
          description: `Seat at ${quote.items[0]?.name ?? `event ${quote.eventId}`}, quote ${quote.quoteId}`,
        });
      } catch (error) {
        deps.logger.error({ err: error, paymentId }, 'the payment processor refused to create an intent');
        await releaseQuietly(deps, 'events', quote.quoteId, input.requestId);
        throw upstreamUnavailable('The payment processor is not reachable right now. Please try again.');
      }
      const secret = newPaymentSecret();
      await insertPayment(deps.db, {
        id: paymentId,
        provider: method.provider.name,
        providerReference: intent.reference,
        amount: quote.total,
        quote: quote as unknown as Record<string, unknown>,
        quoteId: quote.quoteId,
        quoteExpiresAt: quote.expiresAt,
        userId: identity?.id ?? null,
        customerName: body.fullName,
        customerEmail: body.email ?? null,
        shippingAddress: {},
        paymentMethod: body.paymentMethod,
        idempotencyKey,
        seller: 'events',
        secretHash: secret.hash,
      });
      return {
        clientSecret: intent.clientSecret,
        paymentId,
        paymentSecret: secret.secret,
        processor: method.processor,
        testMode: method.testMode,
        currency: 'USD' as const,
        items: quote.items,
        subtotal: quote.subtotal,
        shipping: quote.shipping,
        total: quote.total,
        shippingMethod: null,
        expiresAt: quote.expiresAt,
        eventId: quote.eventId,
        registrationId: quote.registrationId,
      };
    },
  );
}

async function quoteCart(
  deps: PaymentsDeps,
  input: CreateIntentInput,
  replacesQuoteId: string | undefined,
): Promise<Quote> {
  const { body } = input;
  try {
    return await deps.seller.quote(
      {
        items: body.items,
        destination: {
          country: body.shippingAddress.country,
          state: body.shippingAddress.state,
          postalCode: body.shippingAddress.zipCode,
        },
        ...(body.shippingMethodId ? { shippingMethodId: body.shippingMethodId } : {}),
        ...(replacesQuoteId ? { replacesQuoteId } : {}),
        // Whose checkout it is: the seller limits what one client holds at once.
        holder: { address: input.clientAddress, userId: input.identity?.id ?? null },
      },
      input.requestId,
    );
  } catch (error) {
    if (error instanceof DomainError && (error.status === 404 || error.status === 409)) {
      throw cartChanged(
        await refusedCartIssues(error, body.items, () => deps.seller.products(input.requestId)),
      );
    }
    throw error;
  }
}

/**
 * The payment an earlier intent of this checkout made, when it can still be replaced: the same
 * buyer, no order, and not paid at its processor (a paid one is finalised, never released).
 */
/**
 * The earlier payment a new intent replaces, when it may: still open, and the caller's own (the
 * member's, or for a guest's payment the browser holding its secret). Anyone else's is left alone
 * (its hold lapses by itself): knowing a payment's id is not enough to cancel it.
 */
async function replaceablePayment(
  deps: PaymentsDeps,
  body: { replacesPaymentId?: string | undefined; replacesPaymentSecret?: string | undefined },
  identity: Identity | null,
): Promise<PaymentRow | null> {
  const paymentId = body.replacesPaymentId;
  if (!paymentId) return null;
  const payment = await findPayment(deps.db, paymentId);
  if (!payment || payment.orderId !== null || !['pending', 'failed'].includes(payment.status)) return null;
  if (payment.userId !== null && payment.userId !== identity?.id) return null;
  if (payment.userId === null && !holdsPaymentSecret(payment, body.replacesPaymentSecret)) return null;
  try {
    const intent = await deps.providers.byName(payment.provider).retrieveIntent(payment.providerReference);
    return intent.status === 'succeeded' ? null : payment;
  } catch (error) {
    // Not knowing whether it was paid, it is left alone: its reservation lapses by itself.
    deps.logger.warn({ err: error, paymentId }, 'could not ask the processor about a replaced payment');
    return null;
  }
}

/**
 * Cancels an open payment: its intent at the processor (so it can no longer be paid, where the
 * processor allows it), the row, and its quote's reservation unless the seller already released it.
 */
export async function cancelPayment(
  deps: PaymentsDeps,
  payment: PaymentRow,
  reason: string,
  options: { release: boolean; requestId?: string },
): Promise<boolean> {
  const provider = deps.providers.byName(payment.provider);
  await provider.cancelIntent?.(payment.providerReference);
  const cancelled = await cancelOpenPayment(deps.db, payment.id, reason);
  if (cancelled && options.release && payment.quoteId) {
    await releaseQuietly(deps, payment.seller, payment.quoteId, options.requestId);
  }
  return cancelled;
}

/** A reservation not released lapses by itself within minutes: a failed release is logged, not fatal. */
async function releaseQuietly(
  deps: PaymentsDeps,
  seller: SellerName,
  quoteId: string,
  requestId?: string,
): Promise<void> {
  try {
    await payableSeller({ catalog: deps.seller, events: deps.eventSeller }, seller).release(
      quoteId,
      requestId,
    );
  } catch (error) {
    deps.logger.warn({ err: error, quoteId }, 'could not release a quote; its reservation will lapse');
  }
}

/**
 * The buyer's name, e-mail and phone on a payment, before it is confirmed: only from the browser
 * that started it (its payment secret), so nobody else can redirect its receipt.
 */
export async function recordContact(
  deps: PaymentsDeps,
  body: CheckoutContactBody,
): Promise<{ paymentId: string }> {
  const payment = await findPayment(deps.db, body.paymentId);
  if (!payment) throw notFound('No such payment');
  requirePaymentSecret(payment, body.paymentSecret);
  const updated = await setContact(deps.db, body.paymentId, {
    customerName: body.fullName,
    customerEmail: body.email ?? null,
    customerPhone: body.phone ?? null,
  });
  if (updated) return { paymentId: body.paymentId };
  throw conflict('This payment is already finalised; its contact can no longer change');
}
