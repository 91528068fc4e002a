import { seoRoutes } from '@jesus-walks/contracts/seo';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { CatalogDeps } from '../../deps';
import { productsSitemapSource } from './sitemap-source.service';

/** GET /internal/sitemap/products, asked by the seo service for the sitemap's lastmod. */
export function registerSitemapSourceRoutes(app: ServiceApp, deps: CatalogDeps): void {
  registerRoute(app, seoRoutes.productsSource, async () => productsSitemapSource(deps));
}
