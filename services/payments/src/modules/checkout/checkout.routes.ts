import { checkoutRoutes } from '@jesus-walks/contracts/checkout';
import { IDEMPOTENCY_KEY_HEADER, IdempotencyKeySchema } from '@jesus-walks/contracts/events';
import { clientAddressOf } from '@jesus-walks/service-kit/client-address';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { DomainError } from '@jesus-walks/service-kit/errors';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { FastifyRequest } from 'fastify';
import type { PaymentsDeps } from '../../deps';
import {
  type CheckoutCaller,
  checkoutConfig,
  createEventPaymentIntent,
  createPaymentIntent,
  finaliseCheckout,
} from './checkout.service';
import { releaseCheckout } from './checkout-release';

function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) return undefined;
  const parsed = IdempotencyKeySchema.safeParse(value);
  if (!parsed.success) {
    throw new DomainError('validation_failed', 'The request is not valid', [
      {
        path: ['headers', IDEMPOTENCY_KEY_HEADER],
        message: parsed.error.issues[0]?.message ?? 'Invalid value',
      },
    ]);
  }
  return parsed.data;
}

function callerOf(request: FastifyRequest): CheckoutCaller {
  return {
    identity: request.identity,
    clientAddress: clientAddressOf(request),
    idempotencyKey: idempotencyKeyOf(request),
    requestId: request.id,
  };
}

/** The checkout: methods, the payment intent, leaving it, and the order call. */
export function registerCheckoutRoutes(app: ServiceApp, deps: PaymentsDeps): void {
  registerRoute(app, checkoutRoutes.config, async () => checkoutConfig(deps));

  registerRoute(app, checkoutRoutes.createPaymentIntent, async (request, reply) => {
    const result = await createPaymentIntent(deps, { ...callerOf(request), body: request.body });
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    return reply.code(201).send(result.response);
  });

  registerRoute(app, checkoutRoutes.createEventPaymentIntent, async (request, reply) => {
    const result = await createEventPaymentIntent(deps, {
      ...callerOf(request),
      body: request.body,
      userAgent: request.headers['user-agent'],
    });
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    return reply.code(201).send(result.response);
  });

  // The browser left its checkout (or emptied its cart) before paying: its hold goes back at once.
  registerRoute(app, checkoutRoutes.release, async (request) =>
    releaseCheckout(deps, request.body, request.id),
  );

  // POST /api/orders: the client's items, total and prices are ignored; the payment decides.
  registerRoute(app, checkoutRoutes.createOrder, async (request, reply) => {
    const result = await finaliseCheckout(deps, {
      ...callerOf(request),
      seller: 'catalog',
      body: request.body,
    });
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    return reply.code(201).send(result.response);
  });

  // POST /api/checkout/complete-registration: the same finalisation, answered with the seat.
  registerRoute(app, checkoutRoutes.completeRegistration, async (request, reply) => {
    const result = await finaliseCheckout(deps, {
      ...callerOf(request),
      seller: 'events',
      body: request.body,
    });
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    return reply.code(201).send(result.response);
  });
}
