import type { SitemapSource } from '@jesus-walks/contracts/seo';
import type { Kysely } from 'kysely';
import type { CatalogAndOrdersDatabase } from '../../db/database';
import { latestCatalogueChange, listProductChanges } from './sitemap-source.repository';

/** What the seo service needs for the sitemap's lastmod of the shop (and of product pages, if any). */
export async function productsSitemapSource(db: Kysely<CatalogAndOrdersDatabase>): Promise<SitemapSource> {
  const [items, latest] = await Promise.all([listProductChanges(db), latestCatalogueChange(db)]);
  return {
    lastModified: latest?.toISOString() ?? null,
    items: items.map((item) => ({ id: item.id, lastModified: item.changedAt.toISOString() })),
  };
}
