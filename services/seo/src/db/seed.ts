import type { Kysely } from 'kysely';
import type { SeoDatabase } from './database';

/**
 * Demo data for the standalone mode; must be idempotent. Nothing to seed in this schema: its
 * rows record real Search Console activity, search_console_snapshots filled by "Refresh Data"
 * (the analytics fetch) and sitemap_submissions by "Submit Sitemap to Google".
 */
export async function seed(_db: Kysely<SeoDatabase>): Promise<void> {}
