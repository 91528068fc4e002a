import { shippingRoutes } from '@jesus-walks/contracts/shipping';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { CatalogDeps } from '../../deps';
import { shippingRates } from './shipping.service';

export function registerShippingRoutes(app: ServiceApp, deps: CatalogDeps): void {
  registerRoute(app, shippingRoutes.rates, async (request) => shippingRates(deps, request.query));
}
