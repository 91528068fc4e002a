/** Keys of the SEO dashboard's queries. */
export const seoQueryKeys = {
  status: ['seo', 'search-console', 'status'] as const,
  analytics: (days: number) => ['seo', 'search-console', 'analytics', days] as const,
  headCheck: ['seo', 'head-check'] as const,
};
