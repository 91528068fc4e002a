import { orderRoutes } from '@jesus-walks/contracts/orders';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { CatalogDeps } from '../../deps';
import { createQuote, releaseQuote } from './quotes.service';

export function registerQuotesRoutes(app: ServiceApp, deps: CatalogDeps): void {
  registerRoute(app, orderRoutes.internalQuote, async (request, reply) =>
    reply.code(201).send(await createQuote(deps, request.body)),
  );
  registerRoute(app, orderRoutes.internalRelease, async (request) =>
    releaseQuote(deps, request.params.quoteId),
  );
}
