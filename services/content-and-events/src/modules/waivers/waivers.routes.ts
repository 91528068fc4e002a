import { waiverRoutes } from '@jesus-walks/contracts/waivers';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { identityOf } from '@jesus-walks/service-kit/guards';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { ContentDeps } from '../../deps';
import { adminWaiver, currentWaiver, publishWaiverVersion } from './waivers.service';

/** The group's waiver: the current text for the registration form, and the admin's versions. */
export function registerWaiverRoutes(app: ServiceApp, deps: ContentDeps): void {
  registerRoute(app, waiverRoutes.current, async (_request, reply) => {
    // The form must show the version it will send: never an old one from a cache.
    reply.header('cache-control', 'no-cache');
    return currentWaiver(deps);
  });
  registerRoute(app, waiverRoutes.admin, async () => adminWaiver(deps));
  registerRoute(app, waiverRoutes.publish, async (request, reply) =>
    reply
      .code(201)
      .send(await publishWaiverVersion(deps, { text: request.body.text, actor: identityOf(request) })),
  );
}
