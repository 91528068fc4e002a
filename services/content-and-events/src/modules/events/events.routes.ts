import { eventRoutes } from '@jesus-walks/contracts/events';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { identityOf } from '@jesus-walks/service-kit/guards';
import type { PublicReadCache } from '@jesus-walks/service-kit/public-read-cache';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { ContentDeps } from '../../deps';
import {
  cancelEventForRefund,
  createEvent,
  deleteEvent,
  getEvent,
  listAdminEvents,
  listEvents,
  updateEvent,
} from './events.service';

/** The events themselves: the public list and detail, and the admin's create, update and delete. */
export function registerEventsRoutes(app: ServiceApp, deps: ContentDeps, publicReads: PublicReadCache): void {
  // Every event with its seats, the same for everyone: kept until an event or a registration
  // changes (migration 0013), or until the next moment the list changes by itself (listEvents).
  registerRoute(app, eventRoutes.list, async (request, reply) =>
    publicReads.serve(request, reply, {
      key: 'events',
      schema: eventRoutes.list.responses[200],
      build: async () => {
        const { events, validUntil } = await listEvents(deps);
        return { body: events, validUntil };
      },
    }),
  );
  registerRoute(app, eventRoutes.get, async (request) => getEvent(deps, request.params.id));
  // The admin's list, with each leader's contact: never kept, never shared.
  registerRoute(app, eventRoutes.adminList, async () => listAdminEvents(deps));
  registerRoute(app, eventRoutes.create, async (request, reply) =>
    reply.code(201).send(await createEvent(deps, request.body, identityOf(request))),
  );
  registerRoute(app, eventRoutes.update, async (request) =>
    updateEvent(deps, request.params.id, request.body, {
      actor: identityOf(request),
      requestId: request.id,
    }),
  );
  registerRoute(app, eventRoutes.delete, async (request) =>
    deleteEvent(deps, request.params.id, { actor: identityOf(request), requestId: request.id }),
  );
  // payments' Cancel and refund of a walk: the admin who asked is named in the body.
  registerRoute(app, eventRoutes.internalCancelEvent, async (request) =>
    cancelEventForRefund(deps, request.params.id, { actor: request.body.actor, requestId: request.id }),
  );
}
