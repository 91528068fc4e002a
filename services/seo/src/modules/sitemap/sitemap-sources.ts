import { seoRoutes } from '@jesus-walks/contracts/seo';
import { createInternalClient } from '@jesus-walks/service-kit/internal-client';
import type { SitemapSources } from './sitemap.service';

/**
 * The owners of the sitemap's data, asked over their internal routes. A peer whose URL is not
 * configured contributes nothing (the sitemap then lists the static pages).
 */
export function createSitemapSources(options: {
  catalogAndOrdersUrl: string | undefined;
  contentAndEventsUrl: string | undefined;
  internalToken: string;
}): SitemapSources & { close(): Promise<void> } {
  const client = (baseUrl: string | undefined) =>
    baseUrl
      ? createInternalClient({ baseUrl, internalToken: options.internalToken, timeoutMs: 3_000 })
      : null;
  const catalog = client(options.catalogAndOrdersUrl);
  const content = client(options.contentAndEventsUrl);
  return {
    events: async () => (content ? content.call(seoRoutes.eventsSource) : null),
    products: async () => (catalog ? catalog.call(seoRoutes.productsSource) : null),
    async close() {
      await Promise.all([catalog?.close(), content?.close()]);
    },
  };
}
