import { type Product, productRoutes } from '@jesus-walks/contracts/products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { adminQueryKeys } from './query-keys';

export type { Product };

/**
 * GET /api/products?includeTest=true, for the admin's product table and manual orders: the shop's
 * list and the test products, which only admins see (each marked isTest).
 */
export function getProducts(options: { signal?: AbortSignal } = {}): Promise<Product[]> {
  return callApi(productRoutes.list, { query: { includeTest: 'true' }, signal: options.signal });
}

/** Retried 2 times 1000 ms apart; always refetched, not kept once the dashboard is left (SPEC.md section 9). */
export function getProductsQueryOptions() {
  return queryOptions({
    queryKey: adminQueryKeys.products,
    queryFn: ({ signal }) => getProducts({ signal }),
    staleTime: 0,
    gcTime: 0,
    retry: 2,
    retryDelay: 1000,
  });
}

/** Fetched only for an admin (SPEC.md section 6). */
export function useProducts({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getProductsQueryOptions(), enabled });
}
