import { productRoutes } from '@jesus-walks/contracts/products';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiResponseError } from '@/lib/api-client';
import { getProducts, getProductsQueryOptions } from './get-products';

const cap = {
  id: 1,
  name: 'Trail Cap',
  description: 'A cap',
  price: '22.00',
  imageUrl: '/images/products/trail-cap.svg',
  category: 'Headwear',
  stock: 3,
  available: 3,
};

function answer(body: unknown, init: ResponseInit = { status: 200 }) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getProducts', () => {
  it('GETs the products route with the session cookie and returns the list', async () => {
    const fetchMock = answer([cap]);
    expect(await getProducts()).toEqual([cap]);
    expect(fetchMock).toHaveBeenCalledWith(
      productRoutes.list.path,
      expect.objectContaining({ method: 'GET', credentials: 'include' }),
    );
  });

  it('treats a non-array answer as no products (SPEC.md section 7)', async () => {
    answer({ products: [cap] });
    expect(await getProducts()).toEqual([]);
    answer(null);
    expect(await getProducts()).toEqual([]);
  });

  it('refuses a list holding something that is not a product', async () => {
    answer([cap, { id: 2, name: 'No price', stock: 1 }]);
    const error = await getProducts().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiResponseError);
    expect((error as ApiResponseError).issues[0]?.path.slice(0, 1)).toEqual([1]);
  });

  it("raises 'HTTP {status}: {statusText}' for a failed answer", async () => {
    answer({ message: 'down' }, { status: 503, statusText: 'Service Unavailable' });
    await expect(getProducts()).rejects.toThrow('HTTP 503: Service Unavailable');
  });
});

describe('getProductsQueryOptions', () => {
  it('always refetches and retries twice, 1000 ms apart', () => {
    const options = getProductsQueryOptions();
    expect(options.staleTime).toBe(0);
    expect(options.retry).toBe(2);
    expect(options.retryDelay).toBe(1000);
  });
});
