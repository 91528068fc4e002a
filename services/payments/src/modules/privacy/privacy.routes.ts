import { privacyRoutesOf } from '@jesus-walks/contracts/privacy';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { PaymentsDeps } from '../../deps';
import { eraseMemberData, exportMemberData } from './privacy.service';

/** A member's data, for identity to gather (their download) and to erase (their account deleted). */
export function registerPrivacyRoutes(app: ServiceApp, deps: PaymentsDeps): void {
  const routes = privacyRoutesOf.payments;
  registerRoute(app, routes.export, async (request) => exportMemberData(deps, request.body));
  registerRoute(app, routes.erase, async (request) => eraseMemberData(deps, request.body));
}
