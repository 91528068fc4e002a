import { newsletterRoutes } from '@jesus-walks/contracts/newsletter';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { ContentDeps } from '../../deps';
import { attachment } from '../../lib/csv';
import { confirm, listSubscribers, subscribe, subscribersCsv, unsubscribe } from './newsletter.service';

const [subscribeRoute, confirmRoute, unsubscribeRoute, oneClickRoute, listRoute, csvRoute] = newsletterRoutes;

/** The newsletter: subscribe, confirm and unsubscribe (pages post the links' tokens), admin lists. */
export function newsletterRoutesModule(app: ServiceApp, deps: ContentDeps): void {
  registerRoute(app, subscribeRoute, async (request) => subscribe(deps, request.body));
  registerRoute(app, confirmRoute, async (request) => confirm(deps, request.body.token));
  registerRoute(app, unsubscribeRoute, async (request) => unsubscribe(deps, request.body.token));
  registerRoute(app, oneClickRoute, async (request) => {
    const { message } = await unsubscribe(deps, request.query.token);
    return { message };
  });
  registerRoute(app, listRoute, async () => listSubscribers(deps));
  registerRoute(app, csvRoute, async (_request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachment('newsletter-subscribers.csv'))
      .header('cache-control', 'no-store')
      .send(subscribersCsv(await listSubscribers(deps))),
  );
}
