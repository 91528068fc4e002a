import type { Product } from '@jesus-walks/contracts/products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { Product };

export const productsQueryKey = ['products'] as const;

/** What the shop can show: an id, a name, a price and a whole stock; the rest is optional. */
function isProduct(value: unknown): value is Product {
  if (typeof value !== 'object' || value === null) return false;
  const product = value as Record<string, unknown>;
  return (
    typeof product.id === 'number' &&
    typeof product.name === 'string' &&
    (typeof product.price === 'number' || typeof product.price === 'string') &&
    typeof product.stock === 'number' &&
    Number.isInteger(product.stock)
  );
}

function normalize(product: Product): Product {
  return {
    ...product,
    description: typeof product.description === 'string' ? product.description : '',
    category: typeof product.category === 'string' ? product.category : '',
    imageUrl: typeof product.imageUrl === 'string' ? product.imageUrl : null,
  };
}

/** GET /api/products. A non-array answer counts as no products (SPEC.md section 7). */
export async function getProducts(options: { signal?: AbortSignal } = {}): Promise<Product[]> {
  const data = await api.get<unknown>('/api/products', options.signal ? { signal: options.signal } : {});
  return Array.isArray(data) ? data.filter(isProduct).map(normalize) : [];
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
