import { orderPaymentRoutes } from '@jesus-walks/contracts/payments';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { unauthorized } from '@jesus-walks/service-kit/errors';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { PaymentsDeps } from '../../deps';
import { cancelEventAndRefund, cancelRegistrationAndRefund } from './registration-payments.service';

/**
 * Cancel and refund of a registration: its owner or an admin (a user: the route table's guard), or
 * a guest with the signed link of their confirmation e-mail.
 */
export function registerRegistrationPaymentsRoutes(app: ServiceApp, deps: PaymentsDeps): void {
  registerRoute(app, orderPaymentRoutes.cancelRegistrationAndRefund, async (request) => {
    const identity = request.identity;
    if (!identity) throw unauthorized();
    return cancelRegistrationAndRefund(deps, {
      eventId: request.params.id,
      by: {
        kind: 'member',
        identity: { id: identity.id, username: identity.username, isAdmin: identity.isAdmin },
        registrationId: request.params.registrationId,
      },
      reason: request.body.reason,
      requestId: request.id,
    });
  });

  // An admin's (the route table's guard): the whole walk, every seat paid online refunded.
  registerRoute(app, orderPaymentRoutes.cancelEventAndRefund, async (request) => {
    const identity = request.identity;
    if (!identity) throw unauthorized();
    return cancelEventAndRefund(deps, {
      eventId: request.params.id,
      actor: identity,
      reason: request.body.reason,
      requestId: request.id,
    });
  });

  registerRoute(app, orderPaymentRoutes.cancelGuestRegistrationAndRefund, async (request) =>
    cancelRegistrationAndRefund(deps, {
      eventId: request.params.id,
      by: { kind: 'guest-link', token: request.body.token },
      requestId: request.id,
    }),
  );
}
