import type { SearchDay } from '@jesus-walks/contracts/seo';
import { type Kysely, sql } from 'kysely';
import type {
  SearchAnalyticsRow,
  SearchMetrics,
  SeoDatabase,
  SitemapSubmissionStatus,
} from '../../db/database';

type Db = Kysely<SeoDatabase>;

export interface StoredSnapshot {
  metrics: SearchMetrics;
  topPages: SearchAnalyticsRow[];
  topQueries: SearchAnalyticsRow[];
  periodDays: number;
  startDate: string | null;
  endDate: string | null;
  fetchedAt: Date;
}

export interface NewSnapshot {
  siteUrl: string;
  periodDays: number;
  startDate: string;
  endDate: string;
  metrics: SearchMetrics;
  topPages: SearchAnalyticsRow[];
  topQueries: SearchAnalyticsRow[];
}

export async function insertSnapshot(db: Db, snapshot: NewSnapshot): Promise<StoredSnapshot> {
  const row = await db
    .insertInto('searchConsoleSnapshots')
    .values({
      ...snapshot,
      topPages: JSON.stringify(snapshot.topPages),
      topQueries: JSON.stringify(snapshot.topQueries),
    })
    .returning(['metrics', 'topPages', 'topQueries', 'periodDays', 'fetchedAt'])
    .returning([sql<string>`start_date::text`.as('startDate'), sql<string>`end_date::text`.as('endDate')])
    .executeTakeFirstOrThrow();
  return row;
}

/** The latest snapshot of a property for a period length, or undefined when none was fetched. */
export async function findLatestSnapshot(
  db: Db,
  siteUrl: string,
  periodDays: number,
): Promise<StoredSnapshot | undefined> {
  return db
    .selectFrom('searchConsoleSnapshots')
    .select(['metrics', 'topPages', 'topQueries', 'periodDays', 'fetchedAt'])
    .select([
      sql<string | null>`start_date::text`.as('startDate'),
      sql<string | null>`end_date::text`.as('endDate'),
    ])
    .where('siteUrl', '=', siteUrl)
    .where('periodDays', '=', periodDays)
    .orderBy('fetchedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Stores the days fetched, replacing what an earlier fetch said about the same days. */
export async function upsertDays(db: Db, siteUrl: string, days: SearchDay[]): Promise<void> {
  if (days.length === 0) return;
  await db
    .insertInto('searchConsoleDaily')
    .values(days.map((day) => ({ siteUrl, ...day })))
    .onConflict((oc) =>
      oc.columns(['siteUrl', 'date']).doUpdateSet((eb) => ({
        clicks: eb.ref('excluded.clicks'),
        impressions: eb.ref('excluded.impressions'),
        fetchedAt: sql`now()`,
      })),
    )
    .execute();
}

export async function listDays(
  db: Db,
  siteUrl: string,
  startDate: string,
  endDate: string,
): Promise<SearchDay[]> {
  return db
    .selectFrom('searchConsoleDaily')
    .select([sql<string>`date::text`.as('date'), 'clicks', 'impressions'])
    .where('siteUrl', '=', siteUrl)
    .where('date', '>=', startDate)
    .where('date', '<=', endDate)
    .orderBy('date')
    .execute();
}

export async function recordSubmission(
  db: Db,
  submission: { sitemapUrl: string; status: SitemapSubmissionStatus; message: string },
): Promise<Date> {
  const row = await db
    .insertInto('sitemapSubmissions')
    .values(submission)
    .returning('submittedAt')
    .executeTakeFirstOrThrow();
  return row.submittedAt;
}
