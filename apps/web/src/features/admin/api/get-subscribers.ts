import {
  newsletterRoutes,
  type Subscriber,
  type SubscriberList,
  type SubscriberStatus,
} from '@jesus-walks/contracts/newsletter';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { adminQueryKeys } from './query-keys';

export type { Subscriber, SubscriberList, SubscriberStatus };

/** Subscribers shown a page at a time. */
export const SUBSCRIBERS_PAGE_SIZE = 25;

export interface SubscriberFilter {
  /** Part of an address; blank for everyone. */
  search: string;
  /** '' for every status. */
  status: SubscriberStatus | '';
  /** From 1; the first page when left out. */
  page?: number;
}

/**
 * GET /api/newsletter/subscribers?search=&status=&page=: one page of the matches (the server pages
 * them), how many match, and the whole list's counts.
 */
export function getSubscribers(
  filter: SubscriberFilter = { search: '', status: '' },
  options: { signal?: AbortSignal } = {},
): Promise<SubscriberList> {
  const search = filter.search.trim();
  const page = filter.page ?? 1;
  return callApi(newsletterRoutes.listSubscribers, {
    query: {
      ...(search ? { search } : {}),
      ...(filter.status ? { status: filter.status } : {}),
      ...(page > 1 ? { page } : {}),
      pageSize: SUBSCRIBERS_PAGE_SIZE,
    },
    signal: options.signal,
  });
}

export function getSubscribersQueryOptions(filter: SubscriberFilter) {
  return queryOptions({
    queryKey: [...adminQueryKeys.subscriberSearch(filter.search.trim(), filter.status), filter.page ?? 1],
    queryFn: ({ signal }) => getSubscribers(filter, { signal }),
    staleTime: 0,
    // While the next search loads, the last answer stays on screen.
    placeholderData: keepPreviousData,
  });
}

export function useSubscribers(filter: SubscriberFilter, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getSubscribersQueryOptions(filter), enabled });
}
