import { z } from 'zod';

export const SearchConsoleStatusSchema = z.object({
  enabled: z.boolean(),
  siteUrl: z.string().nullable(),
});
export type SearchConsoleStatus = z.infer<typeof SearchConsoleStatusSchema>;

const SearchRowSchema = z.object({
  keys: z.array(z.string()).optional(),
  clicks: z.number(),
  impressions: z.number(),
  ctr: z.number().optional(),
  position: z.number(),
});
export type SearchRow = z.infer<typeof SearchRowSchema>;

/** Search analytics (SPEC.md section 3). */
export const SearchAnalyticsSchema = z.object({
  metrics: z.object({
    totalClicks: z.number(),
    totalImpressions: z.number(),
    avgCtr: z.number(),
    avgPosition: z.number(),
  }),
  topPages: z.array(SearchRowSchema),
  topQueries: z.array(SearchRowSchema),
});
export type SearchAnalytics = z.infer<typeof SearchAnalyticsSchema>;

export const DEFAULT_ANALYTICS_DAYS = 30;
