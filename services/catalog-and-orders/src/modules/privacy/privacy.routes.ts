import { privacyRoutesOf } from '@jesus-walks/contracts/privacy';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { CatalogDeps } from '../../deps';
import { eraseMemberData, exportMemberData } from './privacy.service';

/** A member's data, for identity to gather (their download) and to erase (their account deleted). */
export function registerPrivacyRoutes(app: ServiceApp, deps: CatalogDeps): void {
  const routes = privacyRoutesOf['catalog-and-orders'];
  registerRoute(app, routes.export, async (request) => exportMemberData(deps, request.body));
  registerRoute(app, routes.erase, async (request) => eraseMemberData(deps, request.body));
}
