import { orderPaymentRoutes } from '@jesus-walks/contracts/payments';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { unauthorized } from '@jesus-walks/service-kit/errors';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { PaymentsDeps } from '../../deps';
import { cancelAndRefund, getOrderPayment } from './order-payments.service';

/** The admin's view of an order's payment, and Cancel and refund (admin only: the route table's guard). */
export function registerOrderPaymentsRoutes(app: ServiceApp, deps: PaymentsDeps): void {
  registerRoute(app, orderPaymentRoutes.get, async (request) => getOrderPayment(deps, request.params.id));

  registerRoute(app, orderPaymentRoutes.cancelAndRefund, async (request, reply) => {
    // requireAdmin ran on onRequest; the identity is the admin the activity record names.
    const actor = request.identity;
    if (!actor) throw unauthorized();
    const result = await cancelAndRefund(deps, {
      orderId: request.params.id,
      reason: request.body.reason,
      actor,
      requestId: request.id,
    });
    return reply.code(202).send(result);
  });
}
