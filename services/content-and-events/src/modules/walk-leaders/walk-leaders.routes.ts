import { eventRoutes } from '@jesus-walks/contracts/events';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { identityOf } from '@jesus-walks/service-kit/guards';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { ContentDeps } from '../../deps';
import { addWalkLeader, listWalkLeaders, removeWalkLeader } from './walk-leaders.service';

/** The admin's side of walk leaders (decision 040). */
export function registerWalkLeadersRoutes(app: ServiceApp, deps: ContentDeps): void {
  registerRoute(app, eventRoutes.walkLeaders, async (request) =>
    listWalkLeaders(deps, request.params.id, request.id),
  );
  registerRoute(app, eventRoutes.addWalkLeader, async (request) =>
    addWalkLeader(deps, {
      eventId: request.params.id,
      userId: request.body.userId,
      actor: identityOf(request),
      requestId: request.id,
    }),
  );
  registerRoute(app, eventRoutes.removeWalkLeader, async (request) =>
    removeWalkLeader(deps, {
      eventId: request.params.id,
      userId: request.params.userId,
      actor: identityOf(request),
      requestId: request.id,
    }),
  );
}
