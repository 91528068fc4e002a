import { shippingRoutes } from '@jesus-walks/contracts/shipping';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { Kysely } from 'kysely';
import type { CatalogAndOrdersDatabase } from '../../db/database';
import { shippingRates } from './shipping.service';

export function registerShippingRoutes(
  app: ServiceApp,
  deps: { db: Kysely<CatalogAndOrdersDatabase> },
): void {
  registerRoute(app, shippingRoutes.rates, async (request) => shippingRates(deps.db, request.query));
}
