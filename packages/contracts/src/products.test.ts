import { describe, expect, it } from 'vitest';
import { ImageUrlSchema, ProductInputSchema } from './products';

const input = {
  name: 'Cap',
  description: 'A cap',
  price: '24.5',
  category: 'Headwear',
  stock: 3,
  imageUrl: 'https://example.com/cap.png',
};

describe('ProductInputSchema', () => {
  it('reads the price from a number or a numeric string', () => {
    expect(ProductInputSchema.parse(input).price).toBe(24.5);
    expect(ProductInputSchema.parse({ ...input, price: 0 }).price).toBe(0);
  });

  it('refuses fractions of a cent, negative or huge prices and stock', () => {
    for (const bad of [
      { price: 1.001 },
      { price: -1 },
      { price: 10_000_000_000 },
      { stock: -1 },
      { stock: 2.5 },
      { name: '' },
    ]) {
      expect(ProductInputSchema.safeParse({ ...input, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('ImageUrlSchema', () => {
  it('accepts web addresses and paths on this site only', () => {
    expect(ImageUrlSchema.safeParse('https://cdn.example.com/a.webp').success).toBe(true);
    expect(ImageUrlSchema.safeParse('/images/products/trail-cap.svg').success).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      '//evil.example/a.png',
      'data:image/png;base64,AA',
      'cap.png',
      '',
    ]) {
      expect(ImageUrlSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
