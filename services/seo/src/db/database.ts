import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** timestamptz with a now() default: a Date when read, optional when inserted. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Totals of a Search Console period (SPEC.md section 3, search analytics). */
export interface SearchMetrics {
  totalClicks: number;
  totalImpressions: number;
  avgCtr: number;
  avgPosition: number;
}

/** One row of Search Console's top pages or top queries; keys[0] is the page or the query. */
export interface SearchAnalyticsRow {
  keys: string[];
  clicks: number;
  impressions: number;
  ctr?: number;
  position: number;
}

/**
 * Arrays go into jsonb as JSON text: pg would serialise a JS array as a Postgres array literal,
 * which jsonb refuses. The insert and update types therefore take the JSON.stringify'd string.
 */
type JsonArrayColumn<T> = JSONColumnType<T[], string | undefined, string>;

export interface SearchConsoleSnapshotsTable {
  id: Generated<number>;
  siteUrl: string;
  periodDays: Generated<number>;
  metrics: JSONColumnType<SearchMetrics, SearchMetrics, SearchMetrics>;
  topPages: JsonArrayColumn<SearchAnalyticsRow>;
  topQueries: JsonArrayColumn<SearchAnalyticsRow>;
  fetchedAt: Timestamp;
  /** The period fetched (Search Console's dates); null on snapshots from before migration 0002. */
  startDate: DateColumn;
  endDate: DateColumn;
}

/** A date column; the repository selects it as YYYY-MM-DD text (`date::text`), never as a Date. */
type DateColumn = ColumnType<string | null, string | null | undefined, string | null>;

export interface SearchConsoleDailyTable {
  siteUrl: string;
  date: ColumnType<string, string, string>;
  clicks: number;
  impressions: number;
  fetchedAt: Timestamp;
}

export type SitemapSubmissionStatus = 'submitted' | 'failed';

export interface SitemapSubmissionsTable {
  id: Generated<number>;
  sitemapUrl: string;
  status: SitemapSubmissionStatus;
  message: string | null;
  submittedAt: Timestamp;
}

/** Kysely table types of the seo schema. */
export interface SeoDatabase {
  searchConsoleSnapshots: SearchConsoleSnapshotsTable;
  searchConsoleDaily: SearchConsoleDailyTable;
  sitemapSubmissions: SitemapSubmissionsTable;
}
