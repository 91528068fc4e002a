import { eventRoutes } from '@jesus-walks/contracts/events';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { ContentDeps } from '../../deps';
import { getTicket } from './tickets.service';

/** A walk ticket's page content, by its signed token (decision 040). */
export function registerTicketsRoutes(app: ServiceApp, deps: ContentDeps): void {
  registerRoute(app, eventRoutes.ticket, async (request, reply) => {
    // Who came is on it (checked in): never kept by a cache, and the token stays out of Referer.
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    return getTicket(deps, request.params.token, request.id);
  });
}
