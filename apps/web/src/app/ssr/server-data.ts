import type { WebRoutePath } from '@jesus-walks/contracts/web-routes';
import type { QueryClient } from '@tanstack/react-query';
import { getEventQueryOptions } from '@/features/events/api/get-event';
import { getCheckoutConfigQueryOptions } from '@/lib/checkout/get-checkout-config';
import { currentUserQueryKey, getCurrentUser } from '@/lib/current-user';
import { getEventsQueryOptions } from '@/lib/events/get-events';
import { getProductsQueryOptions } from '@/lib/products/get-products';

/**
 * Pages the server renders with their content. The others (cart, checkout, the confirmation, the
 * dashboards, the crypto sandbox page, logout) depend on what only the browser holds (the cart in
 * local storage, a payment's redirect) or act on arrival; they get the shell and render in the
 * browser, as before.
 */
export const serverRenderedPaths: ReadonlySet<WebRoutePath> = new Set<WebRoutePath>([
  '/',
  '/register',
  '/login',
  '/forgot-password',
  '/reset-password',
  '/shop',
  '/orders/status',
  '/events',
  '/events/:id',
  '/payment-test',
  '/test-deploy',
  '/ai-assistant',
  '/newsletter/confirm',
  '/newsletter/unsubscribe',
]);

export interface PrefetchContext {
  params: Record<string, string | undefined>;
  /** The visitor's Cookie header: the header shows who is logged in. */
  cookies: string;
}

/**
 * Fills the query cache with what a page shows, under the keys its hooks use, so the server
 * renders the content and the browser hydrates from the same data without asking again. Answers
 * the status: 404 for an event that does not exist.
 */
export async function prefetchPageData(
  queryClient: QueryClient,
  path: WebRoutePath | null,
  context: PrefetchContext,
): Promise<number> {
  const tasks: Promise<unknown>[] = [
    queryClient.prefetchQuery({
      queryKey: currentUserQueryKey,
      queryFn: () => getCurrentUser({ cookies: context.cookies }),
    }),
    // Whether the site takes real payments: the test-mode banner above every page.
    queryClient.prefetchQuery(getCheckoutConfigQueryOptions()),
  ];
  let eventId: string | undefined;
  if (path === '/' || path === '/events') tasks.push(queryClient.prefetchQuery(getEventsQueryOptions()));
  if (path === '/shop') tasks.push(queryClient.prefetchQuery(getProductsQueryOptions()));
  if (path === '/events/:id') {
    eventId = context.params.id ?? '';
    tasks.push(queryClient.prefetchQuery(getEventQueryOptions(eventId)));
  }
  await Promise.all(tasks);
  if (path === null) return 404;
  if (eventId !== undefined && queryClient.getQueryData(getEventQueryOptions(eventId).queryKey) === null)
    return 404;
  return 200;
}
