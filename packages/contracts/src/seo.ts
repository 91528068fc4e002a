import { z } from 'zod';
import { ErrorResponseSchema } from './common';
import { defineRoute, defineRoutes } from './route-contract';

export const SearchConsoleStatusSchema = z.object({
  enabled: z.boolean(),
  siteUrl: z.string().nullable(),
});
export type SearchConsoleStatus = z.infer<typeof SearchConsoleStatusSchema>;

export const SearchRowSchema = z.object({
  keys: z.array(z.string()).optional(),
  clicks: z.number(),
  impressions: z.number(),
  ctr: z.number().optional(),
  position: z.number(),
});
export type SearchRow = z.infer<typeof SearchRowSchema>;

/** One day of the period, for the clicks and impressions chart. */
export const SearchDaySchema = z.object({
  /** YYYY-MM-DD, the day as Search Console reports it (Pacific time). */
  date: z.string(),
  clicks: z.number(),
  impressions: z.number(),
});
export type SearchDay = z.infer<typeof SearchDaySchema>;

export const DEFAULT_ANALYTICS_DAYS = 30;
/** Search Console keeps 16 months of data. */
export const MAX_ANALYTICS_DAYS = 480;

const daysField = z.coerce
  .number()
  .int('days must be a whole number')
  .min(1, 'days must be at least 1')
  .max(MAX_ANALYTICS_DAYS, `days must be at most ${MAX_ANALYTICS_DAYS}`)
  .default(DEFAULT_ANALYTICS_DAYS);

export const SearchAnalyticsQuerySchema = z.object({ days: daysField });
export const RefreshAnalyticsBodySchema = z.strictObject({ days: daysField });

/**
 * Search analytics (SPEC.md section 3): metrics, topPages, topQueries, plus what the dashboard
 * shows beyond the spec: the per-day series and when the stored figures were fetched from Google.
 */
export const SearchAnalyticsSchema = z.object({
  metrics: z.object({
    totalClicks: z.number(),
    totalImpressions: z.number(),
    /** Percent (0 to 100): Google's click-through rate times 100. */
    avgCtr: z.number(),
    avgPosition: z.number(),
  }),
  topPages: z.array(SearchRowSchema),
  topQueries: z.array(SearchRowSchema),
  periodDays: z.number().int(),
  daily: z.array(SearchDaySchema),
  /** When these figures were fetched from Google; null: never (nothing stored for this period). */
  fetchedAt: z.string().nullable(),
});
export type SearchAnalytics = z.infer<typeof SearchAnalyticsSchema>;

export const SitemapSubmissionSchema = z.object({
  /** Shown to the admin in an alert (SPEC.md section 7). */
  message: z.string(),
  sitemapUrl: z.string(),
  submittedAt: z.string(),
});
export type SitemapSubmission = z.infer<typeof SitemapSubmissionSchema>;

export const headProblemCodes = [
  'fetch_failed',
  'bad_status',
  'missing_title',
  'duplicate_title',
  'missing_description',
  'missing_structured_data',
] as const;
export const HeadProblemSchema = z.object({ code: z.enum(headProblemCodes), message: z.string() });
export type HeadProblem = z.infer<typeof HeadProblemSchema>;

/** What the seo service found in the <head> of one public page, fetched as a crawler would. */
export const PageHeadSchema = z.object({
  path: z.string(),
  url: z.string(),
  status: z.number().int().nullable(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  /** The @type of each JSON-LD block found ('Organization', 'Event', ...). */
  structuredDataTypes: z.array(z.string()),
  problems: z.array(HeadProblemSchema),
});
export type PageHead = z.infer<typeof PageHeadSchema>;

export const HeadCheckSchema = z.object({
  checkedAt: z.string(),
  pages: z.array(PageHeadSchema),
});
export type HeadCheck = z.infer<typeof HeadCheckSchema>;

/**
 * What a service that owns sitemap pages tells seo (GET /internal/sitemap/...): each page's item
 * with the time it last changed, and the latest change of the whole set (an item removed or
 * cancelled changes the list pages that showed it).
 */
export const SitemapSourceSchema = z.object({
  lastModified: z.string().nullable(),
  items: z.array(z.object({ id: z.number().int(), lastModified: z.string() })),
});
export type SitemapSource = z.infer<typeof SitemapSourceSchema>;

const adminErrors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema } as const;

/** Routes of this domain in the route table (route-table.ts). */
export const seoRoutes = defineRoutes({
  sitemap: defineRoute({
    method: 'GET',
    path: '/sitemap.xml',
    service: 'seo',
    access: 'public',
    summary: 'The sitemap (protocol 0.9): public pages, every event, with lastmod; ETag and 304',
    responses: { 200: z.string() },
  }),
  robots: defineRoute({
    method: 'GET',
    path: '/robots.txt',
    service: 'seo',
    access: 'public',
    summary:
      'robots.txt: admin, account, cart, checkout, confirmation and test pages disallowed; the sitemap named',
    responses: { 200: z.string() },
  }),
  searchConsoleStatus: defineRoute({
    method: 'GET',
    path: '/api/seo/search-console/status',
    service: 'seo',
    access: 'admin',
    summary: 'Whether Search Console is configured, and the property tracked',
    responses: { 200: SearchConsoleStatusSchema, ...adminErrors },
  }),
  searchAnalytics: defineRoute({
    method: 'GET',
    path: '/api/seo/search-console/analytics',
    service: 'seo',
    access: 'admin',
    summary:
      'The stored analytics of the last `days` days (never calls Google): totals, top pages and queries, per day',
    request: { querystring: SearchAnalyticsQuerySchema },
    responses: { 200: SearchAnalyticsSchema, 400: ErrorResponseSchema, ...adminErrors },
  }),
  refreshAnalytics: defineRoute({
    method: 'POST',
    path: '/api/seo/search-console/analytics/refresh',
    service: 'seo',
    access: 'admin',
    summary:
      'Fetches the last `days` days from Search Console, stores them and answers them; 409 when not configured, 502 when Google refuses, 503 when unreachable',
    request: { body: RefreshAnalyticsBodySchema },
    responses: {
      200: SearchAnalyticsSchema,
      400: ErrorResponseSchema,
      ...adminErrors,
      409: ErrorResponseSchema,
      502: ErrorResponseSchema,
      503: ErrorResponseSchema,
    },
  }),
  submitSitemap: defineRoute({
    method: 'POST',
    path: '/api/seo/search-console/submit-sitemap',
    service: 'seo',
    access: 'admin',
    summary: "Submits the site's sitemap to Search Console; 409 when not configured, 502 when Google refuses",
    responses: {
      200: SitemapSubmissionSchema,
      ...adminErrors,
      409: ErrorResponseSchema,
      502: ErrorResponseSchema,
      503: ErrorResponseSchema,
    },
  }),
  headCheck: defineRoute({
    method: 'GET',
    path: '/api/seo/head-check',
    service: 'seo',
    access: 'admin',
    summary:
      "Fetches each public page's HTML from the public origin and lists head problems (title, description, structured data)",
    responses: { 200: HeadCheckSchema, ...adminErrors },
  }),
  productsSource: defineRoute({
    method: 'GET',
    path: '/internal/sitemap/products',
    service: 'catalog-and-orders',
    access: 'internal',
    summary:
      'Products on sale with when each last changed, and the latest change of the catalogue (for the sitemap)',
    responses: { 200: SitemapSourceSchema },
  }),
  eventsSource: defineRoute({
    method: 'GET',
    path: '/internal/sitemap/events',
    service: 'content-and-events',
    access: 'internal',
    summary:
      'Events that have a page (not cancelled) with when each last changed, and the latest change of any event',
    responses: { 200: SitemapSourceSchema },
  }),
});
