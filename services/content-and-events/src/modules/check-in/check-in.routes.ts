import { eventRoutes } from '@jesus-walks/contracts/events';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { identityOf } from '@jesus-walks/service-kit/guards';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { ContentDeps } from '../../deps';
import { checkInList, leaderWalks, syncCheckIns } from './check-in.service';

/**
 * A leader's walks and their check-in (decision 040). The routes are `user` routes (401 without a
 * session); whether the caller leads the walk is decided by the service (403), per walk.
 */
export function registerCheckInRoutes(app: ServiceApp, deps: ContentDeps): void {
  registerRoute(app, eventRoutes.leaderWalks, async (request) => {
    const walks = await leaderWalks(deps, identityOf(request));
    return walks;
  });
  registerRoute(app, eventRoutes.checkInList, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return checkInList(deps, {
      identity: identityOf(request),
      eventId: request.params.id,
      requestId: request.id,
    });
  });
  registerRoute(app, eventRoutes.checkInSync, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return syncCheckIns(deps, {
      identity: identityOf(request),
      eventId: request.params.id,
      operations: request.body.operations,
      requestId: request.id,
    });
  });
}
