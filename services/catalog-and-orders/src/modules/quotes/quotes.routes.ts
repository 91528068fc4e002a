import { orderRoutes } from '@jesus-walks/contracts/orders';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { Kysely } from 'kysely';
import type { CatalogAndOrdersDatabase } from '../../db/database';
import type { HoldLimits } from '../stock/stock.service';
import { createQuote, releaseQuote } from './quotes.service';

export function registerQuotesRoutes(
  app: ServiceApp,
  deps: { db: Kysely<CatalogAndOrdersDatabase>; holds: HoldLimits },
): void {
  registerRoute(app, orderRoutes.internalQuote, async (request, reply) =>
    reply.code(201).send(await createQuote(deps, request.body)),
  );
  registerRoute(app, orderRoutes.internalRelease, async (request) =>
    releaseQuote(deps.db, request.params.quoteId),
  );
}
