import { describe, expect, it } from 'vitest';
import { testProductValues, toAdminProduct, toProduct, toValues } from './products.service';

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
        isTest: false,
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

describe('toAdminProduct', () => {
  it("marks a test product for the admin; the shop's shape never says", () => {
    const row = {
      id: 2,
      name: 'Test Product AB12',
      description: '',
      price: '19.99',
      imageUrl: null,
      category: 'Test',
      stock: 100,
      isTest: true,
    };
    expect(toAdminProduct(row)).toMatchObject({ id: 2, isTest: true, available: 100 });
    expect(toAdminProduct({ ...row, isTest: false }).isTest).toBe(false);
    expect(toProduct(row)).not.toHaveProperty('isTest');
  });
});

describe('testProductValues', () => {
  it('names the product plainly as a test, with a short code', () => {
    expect(testProductValues(() => 0).name).toBe('Test Product 0000');
    expect(testProductValues(() => 0.999999).name).toMatch(/^Test Product [0-9A-Z]{4}$/);
    expect(testProductValues().isTest).toBe(true);
  });
});
