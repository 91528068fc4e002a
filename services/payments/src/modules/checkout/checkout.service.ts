import { randomUUID } from 'node:crypto';
import {
  type CheckoutConfig,
  type CompleteRegistrationBody,
  type CreateOrderBody,
  type EventPaymentIntentBody,
  type EventPaymentIntentResponse,
  type OrderCreated,
  type PaidRegistration,
  type PaymentIntentBody,
  type PaymentIntentResponse,
  paymentMethodLabels,
} from '@jesus-walks/contracts/checkout';
import type { Identity } from '@jesus-walks/contracts/common';
import type { EventQuote } from '@jesus-walks/contracts/events';
import { toCents } from '@jesus-walks/contracts/money';
import type { Quote } from '@jesus-walks/contracts/orders';
import { type PayableQuote, type PaymentMethod, paymentMethods } from '@jesus-walks/contracts/payable';
import { businessRule, conflict, DomainError, upstreamUnavailable } from '@jesus-walks/service-kit/errors';
import type { SellerName, StoredAddress } from '../../db/database';
import type { PaymentsDeps } from '../../deps';
import { finalisePayment } from '../finalisation/finalisation.service';
import { takeIntentLimits } from '../payment-limits/payment-limits.service';
import { holdsPaymentSecret, newPaymentSecret } from '../payments/payment-secret';
import {
  cancelPayment,
  getPayment,
  type PaymentRow,
  recordPayment,
  releaseQuietly,
} from '../payments/payments.service';
import { cartChanged, priceChanges, refusedCartIssues } from './cart-changes';
import { runIdempotently } from './idempotent-request';

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

/** Who is asking, as every checkout call knows it. */
export interface CheckoutCaller {
  identity: Identity | null;
  /** The client's address: checkouts and declines are limited per address (payment-limits). */
  clientAddress: string;
  idempotencyKey: string | undefined;
  requestId: string;
}

/** What an intent asks every seller the same way: the method, and the intent it replaces. */
interface IntentBody {
  paymentMethod: PaymentMethod;
  replacesPaymentId?: string | undefined;
  replacesPaymentSecret?: string | undefined;
}

/** One sale through the checkout: what differs between sellers, and nothing else. */
interface Sale<SellerQuote extends PayableQuote> {
  seller: SellerName;
  /** The route, for Idempotency-Key's fingerprint. */
  route: string;
  body: IntentBody;
  /** The seller's quote (handing over the hold of the replaced payment's quote, when it had one). */
  quote(replacesQuoteId: string | undefined): Promise<SellerQuote>;
  /** Refuses a quote before anything is charged (its hold is released first). */
  refusal?(quote: SellerQuote): DomainError | null;
  /** The processor's description of the payment. */
  description(quote: SellerQuote): string;
  /** The buyer as the payment row keeps them. */
  buyer: { customerName: string; customerEmail: string | null; shippingAddress: StoredAddress };
}

/**
 * The one way an intent is made, whatever is sold (ARCHITECTURE.md section 4): the client's
 * limits, the seller's quote at its prices (its hold made for this client, within its share, and
 * the replaced payment's hold handed over or released), the processor's intent for the quote's
 * total (no transaction open meanwhile), and the payment row naming the seller that finalisation
 * calls. Honours Idempotency-Key. Answers the intent and the quote (its lines, amounts and hold).
 */
async function createIntent<SellerQuote extends PayableQuote>(
  deps: PaymentsDeps,
  caller: CheckoutCaller,
  sale: Sale<SellerQuote>,
) {
  const { body } = sale;
  const method = deps.providers.forMethod(body.paymentMethod);
  if (!method.available) {
    throw businessRule(`${paymentMethodLabels[body.paymentMethod]} is not available: ${method.reason}`);
  }
  return runIdempotently(
    deps.db,
    {
      key: caller.idempotencyKey,
      identity: caller.identity,
      clientAddress: caller.clientAddress,
      route: sale.route,
      body,
    },
    201,
    async () => {
      await takeIntentLimits(deps, caller);
      const replaced = await replaceablePayment(deps, body, caller.identity);
      const sameSeller = replaced?.seller === sale.seller;
      const quote = await sale.quote(sameSeller ? (replaced?.quoteId ?? undefined) : undefined);
      if (replaced) {
        await cancelPayment(deps, replaced, 'Replaced by a newer checkout', { release: !sameSeller });
      }
      const refusal = sale.refusal?.(quote);
      if (refusal) {
        await releaseQuietly(deps, sale.seller, quote.quoteId, caller.requestId);
        throw refusal;
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
          description: sale.description(quote),
        });
      } catch (error) {
        deps.logger.error({ err: error, paymentId }, 'the payment processor refused to create an intent');
        await releaseQuietly(deps, sale.seller, quote.quoteId, caller.requestId);
        throw upstreamUnavailable('The payment processor is not reachable right now. Please try again.');
      }
      const secret = newPaymentSecret();
      await recordPayment(deps, {
        id: paymentId,
        provider: method.provider.name,
        providerReference: intent.reference,
        amount: quote.total,
        quote: quote as unknown as Record<string, unknown>,
        quoteId: quote.quoteId,
        quoteExpiresAt: quote.expiresAt,
        userId: caller.identity?.id ?? null,
        customerName: sale.buyer.customerName,
        customerEmail: sale.buyer.customerEmail,
        shippingAddress: sale.buyer.shippingAddress,
        paymentMethod: body.paymentMethod,
        idempotencyKey,
        seller: sale.seller,
        secretHash: secret.hash,
      });
      const { quoteId: _quoteId, ...sold } = quote;
      return {
        clientSecret: intent.clientSecret,
        paymentId,
        paymentSecret: secret.secret,
        processor: method.processor,
        testMode: method.testMode,
        ...sold,
      };
    },
  );
}

/**
 * POST /api/checkout/create-payment-intent: the shop's cart. Catalog quotes it (server prices,
 * shipping, the stock held a few minutes); a cart that changed is refused (409 cart_changed, the
 * hold released) before anything is charged.
 */
export async function createPaymentIntent(
  deps: PaymentsDeps,
  caller: CheckoutCaller & { body: PaymentIntentBody },
): Promise<{ response: PaymentIntentResponse; replayed: boolean }> {
  const { body } = caller;
  return createIntent<Quote>(deps, caller, {
    seller: 'catalog',
    route: 'create-payment-intent',
    body,
    quote: (replacesQuoteId) => quoteCart(deps, caller, replacesQuoteId),
    refusal: (quote) => {
      const changes = priceChanges(body.items, quote.items);
      return changes.length > 0 ? cartChanged(changes) : null;
    },
    description: (quote) => `Order of ${quote.items.length} item(s), quote ${quote.quoteId}`,
    buyer: {
      customerName: body.shippingAddress.fullName,
      customerEmail: null,
      shippingAddress: body.shippingAddress,
    },
  });
}

/**
 * POST /api/checkout/event-payment-intent: a paid walk's seat through the same checkout
 * (docs/decisions/015-paid-events-through-checkout.md). content-and-events quotes the event's price
 * and holds a seat for a few minutes (409 when full or already registered, before anything is
 * charged).
 */
export async function createEventPaymentIntent(
  deps: PaymentsDeps,
  caller: CheckoutCaller & { body: EventPaymentIntentBody; userAgent?: string | undefined },
): Promise<{ response: EventPaymentIntentResponse; replayed: boolean }> {
  const { body, identity } = caller;
  if (!identity && !body.email) {
    throw new DomainError('validation_failed', 'Please give your e-mail address: your receipt goes there.', [
      { path: ['body', 'email'], message: 'Please enter a valid email address' },
    ]);
  }
  return createIntent<EventQuote>(deps, caller, {
    seller: 'events',
    route: 'create-event-payment-intent',
    body,
    quote: (replacesQuoteId) =>
      deps.sellers.events.quote(
        {
          eventId: body.eventId,
          // The others the payer brings (decision 041): a seat each, priced by the seller.
          party: body.party ?? [],
          buyer: identity ? { userId: identity.id } : { name: body.fullName, email: body.email ?? '' },
          // Whose checkout it is: the seller limits the seats one client holds at once.
          holder: { address: caller.clientAddress, userId: identity?.id ?? null },
          ...(replacesQuoteId ? { replacesQuoteId } : {}),
          // What the walk asks before it (decision 038): checked and kept with the held seat by
          // content-and-events, the waiver signed with the name typed here.
          fullName: body.fullName,
          ...(body.waiver ? { waiver: body.waiver } : {}),
          ...(body.emergency ? { emergency: body.emergency } : {}),
          ...(caller.userAgent ? { userAgent: caller.userAgent.slice(0, 500) } : {}),
        },
        caller.requestId,
      ),
    description: (quote) =>
      `${quote.items[0]?.quantity === 1 ? 'Seat' : `${quote.items[0]?.quantity ?? 1} seats`} at ${quote.items[0]?.name ?? `event ${quote.eventId}`}, quote ${quote.quoteId}`,
    buyer: { customerName: body.fullName, customerEmail: body.email ?? null, shippingAddress: {} },
  });
}

async function quoteCart(
  deps: PaymentsDeps,
  caller: CheckoutCaller & { body: PaymentIntentBody },
  replacesQuoteId: string | undefined,
): Promise<Quote> {
  const { body } = caller;
  try {
    return await deps.sellers.catalog.quote(
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
        holder: { address: caller.clientAddress, userId: caller.identity?.id ?? null },
      },
      caller.requestId,
    );
  } catch (error) {
    if (error instanceof DomainError && (error.status === 404 || error.status === 409)) {
      throw cartChanged(
        await refusedCartIssues(error, body.items, () => deps.catalog.products(caller.requestId)),
      );
    }
    throw error;
  }
}

/**
 * The earlier payment a new intent replaces, when it may: still open, not paid at its processor (a
 * paid one is finalised, never released), and the caller's own (the member's, or for a guest's
 * payment the browser holding its secret). Anyone else's is left alone (its hold lapses by
 * itself): knowing a payment's id is not enough to cancel it.
 */
async function replaceablePayment(
  deps: PaymentsDeps,
  body: IntentBody,
  identity: Identity | null,
): Promise<PaymentRow | null> {
  const paymentId = body.replacesPaymentId;
  if (!paymentId) return null;
  const payment = await getPayment(deps, paymentId);
  if (!payment || payment.orderId !== null || !['pending', 'failed'].includes(payment.status)) return null;
  if (payment.userId !== null && payment.userId !== identity?.id) return null;
  if (payment.userId === null && !holdsPaymentSecret(payment, body.replacesPaymentSecret)) return null;
  try {
    const intent = await deps.providers.byName(payment.provider).retrieveIntent(payment.providerReference);
    return intent.status === 'succeeded' ? null : payment;
  } catch (error) {
    // Not knowing whether it was paid, it is left alone: its hold lapses by itself.
    deps.logger.warn({ err: error, paymentId }, 'could not ask the processor about a replaced payment');
    return null;
  }
}

/** How each seller's finalisation is answered to the browser's call for it. */
const finalisedAnswers = {
  catalog: {
    route: 'create-order',
    answer: ({ fulfilment }): OrderCreated => ({
      id: fulfilment.recordId,
      status: fulfilment.status as OrderCreated['status'],
      total: fulfilment.total,
    }),
    whenCalledElsewhere: 'This payment was for an order: see POST /api/orders',
    amountMismatch: 'The amount paid does not match the order total; no order was created',
  },
  events: {
    route: 'complete-registration',
    answer: ({ fulfilment, quote }): PaidRegistration => ({
      registrationId: fulfilment.recordId,
      eventId: (quote as unknown as EventQuote).eventId,
      status: 'confirmed',
      total: fulfilment.total,
    }),
    whenCalledElsewhere:
      'This payment was for an event registration, which is confirmed: see POST /api/checkout/complete-registration',
    amountMismatch: 'The amount paid does not match the price; no registration was confirmed',
  },
} satisfies Record<
  SellerName,
  {
    route: string;
    answer(finalised: Extract<Awaited<ReturnType<typeof finalisePayment>>, { kind: 'fulfilled' }>): unknown;
    whenCalledElsewhere: string;
    amountMismatch: string;
  }
>;

type FinalisedAnswer<S extends SellerName> = ReturnType<(typeof finalisedAnswers)[S]['answer']>;

/**
 * POST /api/orders and POST /api/checkout/complete-registration: the one finalisation, answered
 * in the terms of the seller the call is for. The client's items, total and prices are ignored: the
 * payment decides. A payment for the other seller is finalised all the same, and the answer says
 * where its own call is. Honours Idempotency-Key.
 */
export async function finaliseCheckout<S extends SellerName>(
  deps: PaymentsDeps,
  caller: CheckoutCaller & { seller: S; body: CreateOrderBody | CompleteRegistrationBody },
): Promise<{ response: FinalisedAnswer<S>; replayed: boolean }> {
  const { body } = caller;
  const expected = finalisedAnswers[caller.seller];
  return runIdempotently(
    deps.db,
    {
      key: caller.idempotencyKey,
      identity: caller.identity,
      clientAddress: caller.clientAddress,
      paymentId: body.paymentId,
      route: expected.route,
      body,
    },
    201,
    async () => {
      const outcome = await finalisePayment(deps, {
        paymentId: body.paymentId,
        customerEmail: body.customerEmail,
        phoneNumber: body.phoneNumber,
        requestId: caller.requestId,
      });
      switch (outcome.kind) {
        case 'fulfilled':
          if (outcome.seller !== caller.seller)
            throw businessRule(finalisedAnswers[outcome.seller].whenCalledElsewhere);
          return expected.answer(outcome) as FinalisedAnswer<S>;
        case 'not_paid':
          throw new DomainError('payment_required', 'Payment not completed');
        case 'amount_mismatch':
          throw businessRule(expected.amountMismatch);
        case 'refunded':
          throw conflict(outcome.message);
      }
    },
  );
}
