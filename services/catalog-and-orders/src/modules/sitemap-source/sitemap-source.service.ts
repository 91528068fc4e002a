import type { SitemapSource } from '@jesus-walks/contracts/seo';
import type { CatalogDeps } from '../../deps';
import { latestCatalogueChange, listProductChanges } from './sitemap-source.repository';

/** What the seo service needs for the sitemap's lastmod of the shop (and of product pages, if any). */
export async function productsSitemapSource(deps: Pick<CatalogDeps, 'db'>): Promise<SitemapSource> {
  const [items, latest] = await Promise.all([listProductChanges(deps.db), latestCatalogueChange(deps.db)]);
  return {
    lastModified: latest?.toISOString() ?? null,
    items: items.map((item) => ({ id: item.id, lastModified: item.changedAt.toISOString() })),
  };
}
