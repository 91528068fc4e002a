import { newsletterRoutes } from '@jesus-walks/contracts/newsletter';
import { clientAddressOf } from '@jesus-walks/service-kit/client-address';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { attachment } from '@jesus-walks/service-kit/csv';
import { identityOf } from '@jesus-walks/service-kit/guards';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { ContentDeps } from '../../deps';
import {
  accountSubscription,
  confirm,
  listSubscribers,
  removeSubscriber,
  subscribe,
  subscribersCsv,
  unsubscribe,
  updateAccountSubscription,
} from './newsletter.service';

const FORM_BODY_LIMIT = 16 * 1024;

/**
 * Form bodies, for the one thing that sends them: a mail client's RFC 8058 one-click unsubscribe
 * (`List-Unsubscribe=One-Click`, urlencoded or multipart). Only in that route's scope: every other
 * route takes JSON and answers a form 415, whatever its size.
 */
function registerFormParsers(app: ServiceApp): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      const fields: Record<string, string> = {};
      for (const match of String(body).matchAll(
        /name="([^"\r\n]{1,100})"\r?\n(?:[^\r\n]+\r?\n)*\r?\n([^\r\n]*)/g,
      )) {
        if (match[1] !== undefined) fields[match[1]] = match[2] ?? '';
      }
      done(null, fields);
    },
  );
}

/**
 * The newsletter: subscribe, confirm and unsubscribe (pages post the links' tokens), a member's own
 * subscription from their account page (their e-mail asked of identity), admin lists.
 */
export function registerNewsletterRoutes(app: ServiceApp, deps: ContentDeps): void {
  registerRoute(app, newsletterRoutes.subscribe, async (request) =>
    subscribe(deps, request.body, { identity: request.identity, clientAddress: clientAddressOf(request) }),
  );
  registerRoute(app, newsletterRoutes.confirm, async (request) => confirm(deps, request.body.token));
  registerRoute(app, newsletterRoutes.unsubscribe, async (request) => unsubscribe(deps, request.body.token));
  app.register(async (scoped) => {
    registerFormParsers(scoped as ServiceApp);
    registerRoute(scoped as ServiceApp, newsletterRoutes.oneClickUnsubscribe, async (request) => {
      const { message } = await unsubscribe(deps, request.query.token);
      return { message };
    });
  });
  registerRoute(app, newsletterRoutes.accountSubscription, async (request) =>
    accountSubscription(deps, identityOf(request), request.id),
  );
  registerRoute(app, newsletterRoutes.updateAccountSubscription, async (request) =>
    updateAccountSubscription(deps, {
      identity: identityOf(request),
      clientAddress: clientAddressOf(request),
      requestId: request.id,
      subscribed: request.body.subscribed,
    }),
  );
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
