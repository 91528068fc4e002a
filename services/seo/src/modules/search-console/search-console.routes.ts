import { seoRoutes } from '@jesus-walks/contracts/seo';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { SeoDeps } from '../../deps';
import {
  readAnalytics,
  refreshAnalytics,
  searchConsoleStatus,
  submitSitemap,
} from './search-console.service';

/** The admin's Search Console calls (SPEC.md section 7, Admin SEO). */
export function registerSearchConsoleRoutes(app: ServiceApp, deps: SeoDeps): void {
  registerRoute(app, seoRoutes.searchConsoleStatus, async () => searchConsoleStatus(deps));
  registerRoute(app, seoRoutes.searchAnalytics, async (request) => readAnalytics(deps, request.query.days));
  registerRoute(app, seoRoutes.refreshAnalytics, async (request) =>
    refreshAnalytics(deps, request.body.days),
  );
  registerRoute(app, seoRoutes.submitSitemap, async () => submitSitemap(deps));
}
