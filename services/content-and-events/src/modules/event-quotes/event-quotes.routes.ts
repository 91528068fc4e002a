import { eventRoutes } from '@jesus-walks/contracts/events';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { ContentDeps } from '../../deps';
import { fulfilSeat, quoteSeat, releaseSeat } from './event-quotes.service';

/** The payable routes of paid events (ARCHITECTURE.md section 4): payments calls them, never the browser. */
export function registerEventQuotesRoutes(app: ServiceApp, deps: ContentDeps): void {
  registerRoute(app, eventRoutes.internalQuote, async (request, reply) =>
    reply.code(201).send(await quoteSeat(deps, request.body, request.id)),
  );
  registerRoute(app, eventRoutes.internalFulfil, async (request) =>
    fulfilSeat(deps, request.params.quoteId, request.body, request.id),
  );
  registerRoute(app, eventRoutes.internalRelease, async (request) =>
    releaseSeat(deps, request.params.quoteId, request.id),
  );
}
