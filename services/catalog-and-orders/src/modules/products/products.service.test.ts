import { describe, expect, it } from 'vitest';
import { testProductValues, toProduct, toValues } from './products.service';

describe('toValues', () => {
  it('stores the price as a 2-decimal string computed once in cents', () => {
    const values = toValues({
      name: 'Cap',
      description: 'A cap',
      price: 0.1 + 0.2,
      category: 'Headwear',
      stock: 3,
      imageUrl: '/images/products/trail-cap.svg',
    });
    expect(values.price).toBe('0.30');
  });
});

describe('toProduct', () => {
  it('keeps the exact price string and never answers a null category', () => {
    expect(
      toProduct({
        id: 1,
        name: 'Cap',
        description: '',
        price: '24.50',
        imageUrl: null,
        category: null,
        stock: 2,
      }),
    ).toEqual({
      id: 1,
      name: 'Cap',
      description: '',
      price: '24.50',
      imageUrl: null,
      category: '',
      stock: 2,
      // Nothing said held: all of the stock can be bought.
      available: 2,
    });
  });
});

describe('testProductValues', () => {
  it('names the product plainly as a test, with a short code', () => {
    expect(testProductValues(() => 0).name).toBe('Test Product 0000');
    expect(testProductValues(() => 0.999999).name).toMatch(/^Test Product [0-9A-Z]{4}$/);
  });
});
