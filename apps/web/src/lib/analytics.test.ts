import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildEcommerceEvent, trackAddToCart, trackPurchase } from './analytics';

const item = { id: 7, name: 'Trail Shirt', price: 25, quantity: 2, category: 'Apparel' };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('analytics', () => {
  it('builds GA4 e-commerce events in USD', () => {
    expect(buildEcommerceEvent('add_to_cart', [item])).toEqual({
      name: 'add_to_cart',
      params: {
        currency: 'USD',
        value: 50,
        items: [{ item_id: '7', item_name: 'Trail Shirt', item_category: 'Apparel', price: 25, quantity: 2 }],
      },
    });
  });

  it('gives a purchase its transaction id and zero tax and shipping', () => {
    const event = buildEcommerceEvent('purchase', [item], { value: 59.99, transactionId: '42' });
    expect(event.params).toMatchObject({ transaction_id: '42', tax: 0, shipping: 0, value: 59.99 });
  });

  it('pushes to dataLayer when there is one, and does nothing without a tag', () => {
    const dataLayer: unknown[] = [];
    vi.stubGlobal('window', { dataLayer });
    trackAddToCart(item);
    expect(dataLayer).toEqual([{ event: 'add_to_cart', ecommerce: expect.objectContaining({ value: 50 }) }]);

    vi.stubGlobal('window', {});
    expect(() => trackPurchase(1, [item], 50)).not.toThrow();
  });

  it('prefers gtag when installed', () => {
    const gtag = vi.fn();
    vi.stubGlobal('window', { gtag, dataLayer: [] });
    trackPurchase(9, [item], 50);
    expect(gtag).toHaveBeenCalledWith('event', 'purchase', expect.objectContaining({ transaction_id: '9' }));
  });
});
