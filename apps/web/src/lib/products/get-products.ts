import type { Product } from '@jesus-walks/contracts/products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiResponseError, callApi } from '@/lib/api-client';

export type { Product };

export const productsQueryKey = ['products'] as const;

/**
 * GET /api/products, each product checked against the contract. An answer that is not an array
 * counts as no products (SPEC.md section 7); an array holding something else is an error.
 */
export async function getProducts(options: { signal?: AbortSignal } = {}): Promise<Product[]> {
  // Imported with the first request (see lib/current-user.ts).
  const { productRoutes } = await import('@jesus-walks/contracts/products');
  try {
    return await callApi(productRoutes.list, { signal: options.signal });
  } catch (error) {
    if (error instanceof ApiResponseError && !Array.isArray(error.payload)) return [];
    throw error;
  }
}

/** Always refetched (stale time 0), retried 2 times 1000 ms apart (SPEC.md section 9). */
export function getProductsQueryOptions() {
  return queryOptions({
    queryKey: productsQueryKey,
    queryFn: ({ signal }) => getProducts({ signal }),
    staleTime: 0,
    retry: 2,
    retryDelay: 1000,
  });
}

export function useProducts() {
  return useQuery(getProductsQueryOptions());
}
