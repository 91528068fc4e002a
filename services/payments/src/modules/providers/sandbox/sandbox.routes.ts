import { checkoutRoutes } from '@jesus-walks/contracts/checkout';
import { clientAddressOf } from '@jesus-walks/service-kit/client-address';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { notFound } from '@jesus-walks/service-kit/errors';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { PaymentsDeps } from '../../../deps';
import { confirmSandboxPayment, sandboxTestPayment } from './sandbox.service';

export function registerSandboxRoutes(app: ServiceApp, deps: PaymentsDeps): void {
  registerRoute(app, checkoutRoutes.sandboxConfirm, async (request) => {
    if (!deps.providers.sandbox) throw notFound('The sandbox processor is off');
    return confirmSandboxPayment(deps, request.body, {
      identity: request.identity,
      clientAddress: clientAddressOf(request),
    });
  });
  registerRoute(app, checkoutRoutes.sandboxTestPayment, async (request) => {
    if (!deps.providers.sandbox) throw notFound('The sandbox processor is off');
    return sandboxTestPayment(deps, request.body, {
      identity: request.identity,
      clientAddress: clientAddressOf(request),
    });
  });
}
