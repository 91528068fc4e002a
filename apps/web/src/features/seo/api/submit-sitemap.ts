import { type SitemapSubmission, seoRoutes } from '@jesus-walks/contracts/seo';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** POST /api/seo/search-console/submit-sitemap: its message is shown to the admin. */
export function submitSitemap(): Promise<SitemapSubmission> {
  return callApi(seoRoutes.submitSitemap);
}

export function useSubmitSitemap() {
  return useMutation({ mutationFn: submitSitemap });
}
