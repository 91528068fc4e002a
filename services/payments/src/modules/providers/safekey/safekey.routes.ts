import { safekeyRoutes } from '@jesus-walks/contracts/payments';
import { clientAddressOf } from '@jesus-walks/service-kit/client-address';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { PaymentsDeps } from '../../../deps';
import { initiateSafekeyPayment, processSafekeyPayment } from './safekey.service';

export function registerSafekeyRoutes(app: ServiceApp, deps: PaymentsDeps): void {
  registerRoute(app, safekeyRoutes.processPayment, async (request) =>
    processSafekeyPayment(deps, request.body, {
      identity: request.identity,
      clientAddress: clientAddressOf(request),
    }),
  );
  registerRoute(app, safekeyRoutes.initiatePayment, async (request) =>
    initiateSafekeyPayment(deps, request.body),
  );
}
