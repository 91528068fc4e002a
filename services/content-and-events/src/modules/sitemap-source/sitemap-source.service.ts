import type { SitemapSource } from '@jesus-walks/contracts/seo';
import type { ContentDeps } from '../../deps';
import { latestEventsChange, listEventChanges } from './sitemap-source.repository';

/** What the seo service needs for the sitemap: each event page's lastmod, and the list pages'. */
export async function eventsSitemapSource(deps: Pick<ContentDeps, 'db'>): Promise<SitemapSource> {
  const [items, latest] = await Promise.all([listEventChanges(deps.db), latestEventsChange(deps.db)]);
  return {
    lastModified: latest?.toISOString() ?? null,
    items: items.map((item) => ({ id: item.id, lastModified: item.changedAt.toISOString() })),
  };
}
