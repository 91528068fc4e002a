import { seoRoutes } from '@jesus-walks/contracts/seo';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { ContentDeps } from '../../deps';
import { eventsSitemapSource } from './sitemap-source.service';

/** GET /internal/sitemap/events, asked by the seo service for the sitemap's event pages. */
export function registerSitemapSourceRoutes(app: ServiceApp, deps: Pick<ContentDeps, 'db'>): void {
  registerRoute(app, seoRoutes.eventsSource, async () => eventsSitemapSource(deps));
}
