import {
  type AdminOrderListItem,
  type AdminOrdersPage,
  type OrderStatus,
  orderRoutes,
} from '@jesus-walks/contracts/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { adminQueryKeys } from './query-keys';

export type { AdminOrderListItem, AdminOrdersPage };

/** The Orders tab's filters as the form holds them: '' for 'any'. */
export interface AdminOrdersFilter {
  status: OrderStatus | '';
  /** An order id ('12', '#12') or words in the customer's name or e-mail. */
  search: string;
  /** Valley days 'YYYY-MM-DD', inclusive. */
  from: string;
  to: string;
}

export const emptyOrdersFilter: AdminOrdersFilter = { status: '', search: '', from: '', to: '' };

export const ORDERS_PAGE_SIZE = 25;

/** The filter as query parameters: blanks left out (the server takes only real values). */
export function ordersFilterQuery(filter: AdminOrdersFilter) {
  const q = filter.search.trim();
  return {
    ...(filter.status ? { status: filter.status } : {}),
    ...(q ? { q } : {}),
    ...(filter.from ? { from: filter.from } : {}),
    ...(filter.to ? { to: filter.to } : {}),
  };
}

/** GET /api/admin/orders: one page of the matching orders, newest first, with items and usernames. */
export function getAdminOrders(
  filter: AdminOrdersFilter,
  page: number,
  options: { signal?: AbortSignal } = {},
): Promise<AdminOrdersPage> {
  return callApi(orderRoutes.adminList, {
    query: { ...ordersFilterQuery(filter), page, pageSize: ORDERS_PAGE_SIZE },
    signal: options.signal,
  });
}

/**
 * Under the orders key, so every order mutation (status, delete, manual order, shipment, refund)
 * refreshes the page on screen; the default cache rules otherwise (SPEC.md section 9).
 */
export function getAdminOrdersQueryOptions(filter: AdminOrdersFilter, page: number) {
  return queryOptions({
    queryKey: [...adminQueryKeys.orders, 'page', { ...ordersFilterQuery(filter), page }] as const,
    queryFn: ({ signal }) => getAdminOrders(filter, page, { signal }),
    // While the next page or filter loads, the last one stays on screen.
    placeholderData: keepPreviousData,
  });
}

export function useAdminOrders(filter: AdminOrdersFilter, page: number) {
  return useQuery(getAdminOrdersQueryOptions(filter, page));
}
