import { safekeyRoutes } from '@jesus-walks/contracts/payments';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { PaymentsDeps } from '../../../deps';
import { initiateSafekeyPayment, processSafekeyPayment } from './safekey.service';

export function safekeyRoutesModule(app: ServiceApp, deps: PaymentsDeps): void {
  registerRoute(app, safekeyRoutes.processPayment, async (request) =>
    processSafekeyPayment(deps, request.body),
  );
  registerRoute(app, safekeyRoutes.initiatePayment, async (request) =>
    initiateSafekeyPayment(deps, request.body),
  );
}
