import { type PageData, type WebRoutePath, webPages } from '@jesus-walks/contracts/web-routes';
import type { QueryClient } from '@tanstack/react-query';
import { getEventQueryOptions } from '@/features/events/api/get-event';
import { getCheckoutConfigQueryOptions } from '@/lib/checkout/get-checkout-config';
import { getEventsQueryOptions } from '@/lib/events/get-events';
import { getProductsQueryOptions } from '@/lib/products/get-products';

export interface LoaderContext {
  /** The route's parameters (`id` of `/events/:id`). */
  params: Record<string, string | undefined>;
}

/**
 * Loads one kind of page data (packages/contracts web-routes.ts) into the query cache, under the
 * keys its hooks use; answers false when what the page is about does not exist (a 404).
 */
type PageLoader = (queryClient: QueryClient, context: LoaderContext) => Promise<boolean>;

/** The loader of each kind of page data the declaration names: a new kind is a type error here. */
const pageLoaders: Record<PageData, PageLoader> = {
  events: async (queryClient) => {
    await queryClient.prefetchQuery(getEventsQueryOptions());
    return true;
  },
  event: async (queryClient, { params }) => {
    const options = getEventQueryOptions(params.id ?? '');
    await queryClient.prefetchQuery(options);
    // null: no such event. A failed call is not an answer; the page renders and the browser asks again.
    return queryClient.getQueryData(options.queryKey) !== null;
  },
  products: async (queryClient) => {
    await queryClient.prefetchQuery(getProductsQueryOptions());
    return true;
  },
};

/**
 * What every page's layout shows from the server: whether the site takes real payments (the
 * test-mode banner). Who is logged in is not among it: a page is the same for every visitor, so the
 * gateway can keep it (docs/decisions/032-rendered-pages-kept.md); the header asks after hydration.
 */
const layoutLoaders: PageLoader[] = [
  async (queryClient) => {
    await queryClient.prefetchQuery(getCheckoutConfigQueryOptions());
    return true;
  },
];

/**
 * Fills the query cache with what a server-rendered page shows (its layout's data and the data its
 * declaration names), so the server renders the content and the browser hydrates from the same
 * data without asking again. Answers the status: 404 for the 404 page (`path` null) and for a page
 * whose subject does not exist (an unknown event).
 */
export async function prefetchPageData(
  queryClient: QueryClient,
  path: WebRoutePath | null,
  context: LoaderContext,
): Promise<number> {
  const page = path === null ? null : webPages[path];
  const pageData = page?.rendered === 'server' ? page.data : [];
  const found = await Promise.all([
    ...layoutLoaders.map((load) => load(queryClient, context)),
    ...pageData.map((data) => pageLoaders[data](queryClient, context)),
  ]);
  return page === null || found.includes(false) ? 404 : 200;
}
