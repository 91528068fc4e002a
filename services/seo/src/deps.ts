import type { JobQueue } from '@jesus-walks/service-kit/jobs';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { SeoDatabase } from './db/database';
import type { SearchConsoleClient } from './modules/search-console/search-console.client';
import type { SitemapCache } from './modules/sitemap/sitemap.service';

/** What the modules of this service work with; app.ts builds it once. */
export interface SeoDeps {
  db: Kysely<SeoDatabase>;
  /** null: no service account configured ('Not Configured'). */
  searchConsole: SearchConsoleClient | null;
  jobs: JobQueue;
  sitemap: SitemapCache;
  /** The site's own origin (PUBLIC_ORIGIN): the sitemap's URLs. */
  publicOrigin: string;
  /** Where the head check fetches the public pages (HEAD_CHECK_ORIGIN, else PUBLIC_ORIGIN). */
  headCheckOrigin: string;
  logger: FastifyBaseLogger;
}

/** An absolute URL of a page of the site. */
export function siteUrl(deps: Pick<SeoDeps, 'publicOrigin'>, path: string): string {
  return new URL(path, deps.publicOrigin).toString();
}
