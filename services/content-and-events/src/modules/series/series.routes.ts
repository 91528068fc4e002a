import { eventSeriesRoutes } from '@jesus-walks/contracts/series';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { identityOf } from '@jesus-walks/service-kit/guards';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { ContentDeps } from '../../deps';
import { createSeries, listSeries, previewSeries } from './series.service';

/** The admin's walk series: the list, the preview of a rule's dates, and making one. */
export function registerSeriesRoutes(app: ServiceApp, deps: ContentDeps): void {
  registerRoute(app, eventSeriesRoutes.list, async () => listSeries(deps));
  registerRoute(app, eventSeriesRoutes.preview, async (request) => previewSeries(deps, request.body));
  registerRoute(app, eventSeriesRoutes.create, async (request, reply) =>
    reply.code(201).send(await createSeries(deps, request.body, identityOf(request))),
  );
}
