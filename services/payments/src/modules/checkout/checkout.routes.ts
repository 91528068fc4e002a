import { checkoutRoutes } from '@jesus-walks/contracts/checkout';
import { IDEMPOTENCY_KEY_HEADER, IdempotencyKeySchema } from '@jesus-walks/contracts/events';
import { clientAddressOf } from '@jesus-walks/service-kit/client-address';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { businessRule, conflict, DomainError } from '@jesus-walks/service-kit/errors';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { FastifyRequest } from 'fastify';
import type { PaymentsDeps } from '../../deps';
import { finalisePayment } from '../finalisation/finalisation.service';
import {
  checkoutConfig,
  createEventPaymentIntent,
  createPaymentIntent,
  recordContact,
} from './checkout.service';
import { releaseCheckout } from './checkout-release';
import { runIdempotently } from './idempotent-request';

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

/** The checkout: methods, the payment intent, the buyer's contact, and the order call. */
export function registerCheckoutRoutes(app: ServiceApp, deps: PaymentsDeps): void {
  registerRoute(app, checkoutRoutes.config, async () => checkoutConfig(deps));

  registerRoute(app, checkoutRoutes.createPaymentIntent, async (request, reply) => {
    const result = await createPaymentIntent(deps, {
      body: request.body,
      identity: request.identity,
      clientAddress: clientAddressOf(request),
      idempotencyKey: idempotencyKeyOf(request),
      requestId: request.id,
    });
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    return reply.code(201).send(result.response);
  });

  registerRoute(app, checkoutRoutes.createEventPaymentIntent, async (request, reply) => {
    const result = await createEventPaymentIntent(deps, {
      body: request.body,
      identity: request.identity,
      clientAddress: clientAddressOf(request),
      idempotencyKey: idempotencyKeyOf(request),
      requestId: request.id,
    });
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    return reply.code(201).send(result.response);
  });

  // POST /api/checkout/complete-registration: the same finalisation, answered with the seat.
  registerRoute(app, checkoutRoutes.completeRegistration, async (request, reply) => {
    const { body } = request;
    const result = await runIdempotently(
      deps.db,
      {
        key: idempotencyKeyOf(request),
        identity: request.identity,
        clientAddress: clientAddressOf(request),
        paymentId: body.paymentId,
        route: 'complete-registration',
        body,
      },
      201,
      async () => {
        const outcome = await finalisePayment(deps, {
          paymentId: body.paymentId,
          customerEmail: body.customerEmail,
          phoneNumber: body.phoneNumber,
          requestId: request.id,
        });
        switch (outcome.kind) {
          case 'registered':
            return outcome.registration;
          case 'ordered':
            throw businessRule('This payment was for an order: see POST /api/orders');
          case 'not_paid':
            throw new DomainError('payment_required', 'Payment not completed');
          case 'amount_mismatch':
            throw businessRule('The amount paid does not match the price; no registration was confirmed');
          case 'refunded':
            throw conflict(outcome.message);
        }
      },
    );
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    return reply.code(201).send(result.response);
  });

  registerRoute(app, checkoutRoutes.contact, async (request) => recordContact(deps, request.body));

  // The browser left its checkout (or emptied its cart) before paying: its hold goes back at once.
  registerRoute(app, checkoutRoutes.release, async (request) =>
    releaseCheckout(deps, request.body, request.id),
  );

  // POST /api/orders: the client's items, total and prices are ignored; the payment decides.
  registerRoute(app, checkoutRoutes.createOrder, async (request, reply) => {
    const { body } = request;
    const result = await runIdempotently(
      deps.db,
      {
        key: idempotencyKeyOf(request),
        identity: request.identity,
        clientAddress: clientAddressOf(request),
        paymentId: body.paymentId,
        route: 'create-order',
        body,
      },
      201,
      async () => {
        const outcome = await finalisePayment(deps, {
          paymentId: body.paymentId,
          customerEmail: body.customerEmail,
          phoneNumber: body.phoneNumber,
          requestId: request.id,
        });
        switch (outcome.kind) {
          case 'ordered':
            return outcome.order;
          case 'registered':
            // Finalised all the same; the seat's answer is POST /api/checkout/complete-registration's.
            throw businessRule(
              'This payment was for an event registration, which is confirmed: see POST /api/checkout/complete-registration',
            );
          case 'not_paid':
            throw new DomainError('payment_required', 'Payment not completed');
          case 'amount_mismatch':
            throw businessRule('The amount paid does not match the order total; no order was created');
          case 'refunded':
            throw conflict(outcome.message);
        }
      },
    );
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    return reply.code(201).send(result.response);
  });
}
