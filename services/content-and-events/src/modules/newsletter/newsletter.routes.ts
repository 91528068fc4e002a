import { newsletterRoutes } from '@jesus-walks/contracts/newsletter';
import { clientAddressOf } from '@jesus-walks/service-kit/client-address';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { attachment } from '@jesus-walks/service-kit/csv';
import { identityOf } from '@jesus-walks/service-kit/guards';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { ContentDeps } from '../../deps';
import {
  confirm,
  listSubscribers,
  removeSubscriber,
  subscribe,
  subscribersCsv,
  unsubscribe,
} from './newsletter.service';

/** The newsletter: subscribe, confirm and unsubscribe (pages post the links' tokens), admin lists. */
export function newsletterRoutesModule(app: ServiceApp, deps: ContentDeps): void {
  registerRoute(app, newsletterRoutes.subscribe, async (request) =>
    subscribe(deps, request.body, { identity: request.identity, clientAddress: clientAddressOf(request) }),
  );
  registerRoute(app, newsletterRoutes.confirm, async (request) => confirm(deps, request.body.token));
  registerRoute(app, newsletterRoutes.unsubscribe, async (request) => unsubscribe(deps, request.body.token));
  registerRoute(app, newsletterRoutes.oneClickUnsubscribe, async (request) => {
    const { message } = await unsubscribe(deps, request.query.token);
    return { message };
  });
  registerRoute(app, newsletterRoutes.listSubscribers, async (request) =>
    listSubscribers(deps, request.query),
  );
  registerRoute(app, newsletterRoutes.removeSubscriber, async (request) =>
    removeSubscriber(deps, request.params.id, identityOf(request)),
  );
  registerRoute(app, newsletterRoutes.subscribersCsv, async (_request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachment('newsletter-subscribers.csv'))
      .header('cache-control', 'no-store')
      .send(await subscribersCsv(deps)),
  );
}
