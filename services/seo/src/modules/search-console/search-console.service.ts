import {
  DEFAULT_ANALYTICS_DAYS,
  type SearchAnalytics,
  type SearchConsoleStatus,
  type SearchDay,
  type SitemapSubmission,
} from '@jesus-walks/contracts/seo';
import { conflict, DomainError } from '@jesus-walks/service-kit/errors';
import type { SearchAnalyticsRow } from '../../db/database';
import { type SeoDeps, siteUrl } from '../../deps';
import type { GoogleSearchRow, SearchConsoleClient } from './search-console.client';
import {
  findLatestSnapshot,
  insertSnapshot,
  listDays,
  recordSubmission,
  type StoredSnapshot,
  upsertDays,
} from './search-console.repository';

export const NOT_CONFIGURED_MESSAGE =
  'Search Console is not configured: set GOOGLE_CLIENT_EMAIL and GOOGLE_PRIVATE_KEY (a service account with access to the property) on the server.';

/** Rows of the top pages and top queries lists. */
const TOP_ROWS = 10;

export function searchConsoleStatus(deps: Pick<SeoDeps, 'searchConsole'>): SearchConsoleStatus {
  return { enabled: deps.searchConsole !== null, siteUrl: deps.searchConsole?.siteUrl ?? null };
}

function configured(deps: Pick<SeoDeps, 'searchConsole'>): SearchConsoleClient {
  if (!deps.searchConsole) throw conflict(NOT_CONFIGURED_MESSAGE);
  return deps.searchConsole;
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** The last `days` days, today (UTC) included, as Search Console's inclusive date range. */
export function periodOf(days: number, today = new Date()): { startDate: string; endDate: string } {
  const start = new Date(today);
  start.setUTCDate(start.getUTCDate() - (days - 1));
  return { startDate: isoDate(start), endDate: isoDate(today) };
}

function emptyAnalytics(days: number): SearchAnalytics {
  return {
    metrics: { totalClicks: 0, totalImpressions: 0, avgCtr: 0, avgPosition: 0 },
    topPages: [],
    topQueries: [],
    periodDays: days,
    daily: [],
    fetchedAt: null,
  };
}

async function toAnalytics(
  deps: Pick<SeoDeps, 'db'>,
  site: string,
  snapshot: StoredSnapshot,
): Promise<SearchAnalytics> {
  const daily =
    snapshot.startDate && snapshot.endDate
      ? await listDays(deps.db, site, snapshot.startDate, snapshot.endDate)
      : [];
  return {
    metrics: snapshot.metrics,
    topPages: snapshot.topPages,
    topQueries: snapshot.topQueries,
    periodDays: snapshot.periodDays,
    daily,
    fetchedAt: snapshot.fetchedAt.toISOString(),
  };
}

/** The stored analytics of the latest fetch for this period; never calls Google. */
export async function readAnalytics(
  deps: Pick<SeoDeps, 'db' | 'searchConsole'>,
  days: number,
): Promise<SearchAnalytics> {
  if (!deps.searchConsole) return emptyAnalytics(days);
  const site = deps.searchConsole.siteUrl;
  const snapshot = await findLatestSnapshot(deps.db, site, days);
  return snapshot ? toAnalytics(deps, site, snapshot) : emptyAnalytics(days);
}

const toRow = (row: GoogleSearchRow): SearchAnalyticsRow => ({
  keys: row.keys,
  clicks: row.clicks,
  impressions: row.impressions,
  ctr: row.ctr,
  position: row.position,
});

/** Fetches the period from Search Console (totals, per day, top pages and queries) and stores it. */
export async function refreshAnalytics(
  deps: Pick<SeoDeps, 'db' | 'searchConsole'>,
  days: number = DEFAULT_ANALYTICS_DAYS,
): Promise<SearchAnalytics> {
  const client = configured(deps);
  const period = periodOf(days);
  const [totals, perDay, pages, queries] = await Promise.all([
    client.querySearchAnalytics({ ...period }),
    client.querySearchAnalytics({ ...period, dimensions: ['date'], rowLimit: days + 1 }),
    client.querySearchAnalytics({ ...period, dimensions: ['page'], rowLimit: TOP_ROWS }),
    client.querySearchAnalytics({ ...period, dimensions: ['query'], rowLimit: TOP_ROWS }),
  ]).catch((error: unknown) => {
    throw explainGoogleError(error, client);
  });
  const total = totals[0];
  const daily: SearchDay[] = perDay
    .filter((row) => /^\d{4}-\d{2}-\d{2}$/.test(row.keys[0] ?? ''))
    .map((row) => ({ date: row.keys[0] ?? '', clicks: row.clicks, impressions: row.impressions }));
  const snapshot = await deps.db.transaction().execute(async (trx) => {
    await upsertDays(trx, client.siteUrl, daily);
    return insertSnapshot(trx, {
      siteUrl: client.siteUrl,
      periodDays: days,
      ...period,
      metrics: {
        totalClicks: total?.clicks ?? 0,
        totalImpressions: total?.impressions ?? 0,
        avgCtr: (total?.ctr ?? 0) * 100,
        avgPosition: total?.position ?? 0,
      },
      topPages: pages.map(toRow),
      topQueries: queries.map(toRow),
    });
  });
  return toAnalytics(deps, client.siteUrl, snapshot);
}

/** Submits the site's sitemap to Search Console and records the attempt. */
export async function submitSitemap(
  deps: Pick<SeoDeps, 'db' | 'searchConsole' | 'publicOrigin'>,
): Promise<SitemapSubmission> {
  const client = configured(deps);
  const sitemapUrl = siteUrl(deps, '/sitemap.xml');
  try {
    await client.submitSitemap(sitemapUrl);
  } catch (error) {
    const explained = explainGoogleError(error, client);
    await recordSubmission(deps.db, { sitemapUrl, status: 'failed', message: explained.message });
    throw explained;
  }
  const message = `Sitemap submitted to Google Search Console: ${sitemapUrl}`;
  const submittedAt = await recordSubmission(deps.db, { sitemapUrl, status: 'submitted', message });
  return { message, sitemapUrl, submittedAt: submittedAt.toISOString() };
}

interface GoogleFailure {
  message?: unknown;
  status?: unknown;
  code?: unknown;
  response?: { status?: unknown; data?: unknown };
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT']);

/**
 * What the admin is told when Google refuses. The error itself is never logged or attached: a
 * gaxios error carries the request (the bearer token, the signed assertion).
 */
export function explainGoogleError(error: unknown, client: SearchConsoleClient): DomainError {
  const failure = (error ?? {}) as GoogleFailure;
  const text = typeof failure.message === 'string' ? failure.message : 'no details';
  const data = (failure.response?.data ?? {}) as { error?: unknown };
  const causeCode = (failure as { cause?: { code?: unknown } }).cause?.code;
  if (data.error === 'invalid_grant' || text.startsWith('invalid_grant')) {
    return new DomainError(
      'upstream_error',
      `Google refused the service account's key (${text}). The key may have expired or been revoked: create a new key for ${client.clientEmail} and set GOOGLE_PRIVATE_KEY.`,
    );
  }
  const status = failure.response?.status ?? failure.status;
  if (status === 401 || status === 403) {
    return new DomainError(
      'upstream_error',
      `Search Console refused access to ${client.siteUrl} (${text}). Add ${client.clientEmail} as a user of that property.`,
    );
  }
  if (
    (typeof failure.code === 'string' && UNREACHABLE.has(failure.code)) ||
    (typeof causeCode === 'string' && UNREACHABLE.has(causeCode))
  ) {
    return new DomainError(
      'upstream_unavailable',
      'Search Console cannot be reached right now. Please try again.',
    );
  }
  return new DomainError('upstream_error', `Search Console answered with an error: ${text}`);
}
