import { afterEach, describe, expect, it, vi } from 'vitest';
import { syncCartAdd } from './sync-cart-add';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('syncCartAdd', () => {
  it('POSTs {productId, quantity: 1} to /api/cart/add as JSON with the cookie', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({ productId: 7, quantity: 1, message: 'Added to cart' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await syncCartAdd(7);
    expect(warn).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/cart/add',
      expect.objectContaining({
        method: 'POST',
        credentials: 'include',
        body: JSON.stringify({ productId: 7, quantity: 1 }),
      }),
    );
  });

  it('sends a numeric product id for a text id', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      Response.json({ productId: 7, quantity: 1, message: 'Added to cart' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await syncCartAdd('7');
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"productId":7,"quantity":1}');
  });

  it('only logs a warning when the server refuses or cannot be reached', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"x"}', { status: 409 })),
    );
    await expect(syncCartAdd(7)).resolves.toBeUndefined();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(syncCartAdd(7)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
