// The package root of googleapis loads all of Google's ~300 APIs (1.2 s and 100 MB more at start);
// this entry of the same package loads Search Console alone.
import { auth, searchconsole } from 'googleapis/build/src/apis/searchconsole/index.js';
import type { Env } from '../../env';

/** Where googleapis (its bundled gtoken) always sends the JWT bearer exchange. */
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
/** Submitting a sitemap needs the full scope (webmasters.readonly only reads analytics). */
const SCOPES = ['https://www.googleapis.com/auth/webmasters'];

export interface SearchAnalyticsRequest {
  startDate: string;
  endDate: string;
  dimensions?: Array<'date' | 'page' | 'query'>;
  rowLimit?: number;
}

export interface GoogleSearchRow {
  keys: string[];
  clicks: number;
  impressions: number;
  ctr: number;
  position: number;
}

/** The two Search Console calls the dashboard makes, for one property. */
export interface SearchConsoleClient {
  readonly siteUrl: string;
  readonly clientEmail: string;
  querySearchAnalytics(request: SearchAnalyticsRequest): Promise<GoogleSearchRow[]>;
  submitSitemap(sitemapUrl: string): Promise<void>;
}

/**
 * The googleapis client for the configured service account, or null when the account is not
 * configured (the dashboard then shows 'Not Configured'). The property defaults to the site's
 * own origin as a URL-prefix property. The token exchange goes to SEARCH_CONSOLE_TOKEN_URL when
 * set (a local fake in tests): gtoken has no setting for it, so a request interceptor on the
 * client's transporter rewrites that one URL.
 */
export function createSearchConsoleClient(env: Env): SearchConsoleClient | null {
  if (!env.GOOGLE_CLIENT_EMAIL || !env.GOOGLE_PRIVATE_KEY) return null;
  const siteUrl = env.SEARCH_CONSOLE_SITE_URL ?? `${new URL(env.PUBLIC_ORIGIN).origin}/`;
  const jwt = new auth.JWT({ email: env.GOOGLE_CLIENT_EMAIL, key: env.GOOGLE_PRIVATE_KEY, scopes: SCOPES });
  const tokenUrl = env.SEARCH_CONSOLE_TOKEN_URL;
  if (tokenUrl) {
    jwt.transporter.interceptors.request.add({
      resolved: async (options) => {
        if (options.url.toString() === GOOGLE_TOKEN_URL) options.url = new URL(tokenUrl);
        return options;
      },
    });
  }
  const api = searchconsole({
    version: 'v1',
    auth: jwt,
    ...(env.SEARCH_CONSOLE_ROOT_URL ? { rootUrl: env.SEARCH_CONSOLE_ROOT_URL } : {}),
    // One attempt: the admin is waiting, and the daily job has its own retries.
    retry: false,
  });

  return {
    siteUrl,
    clientEmail: env.GOOGLE_CLIENT_EMAIL,
    async querySearchAnalytics(request) {
      const response = await api.searchanalytics.query({
        siteUrl,
        requestBody: { ...request, dataState: 'final' },
      });
      return (response.data.rows ?? []).map((row) => ({
        keys: row.keys ?? [],
        clicks: row.clicks ?? 0,
        impressions: row.impressions ?? 0,
        ctr: row.ctr ?? 0,
        position: row.position ?? 0,
      }));
    },
    async submitSitemap(sitemapUrl) {
      await api.sitemaps.submit({ siteUrl, feedpath: sitemapUrl });
    },
  };
}
