import { describe, expect, it } from 'vitest';
import { canDecrease, canIncrease, parseTypedQuantity, quantityLimits } from './cart-quantity';

describe('quantityLimits', () => {
  it('is 1 to the stock, or open-ended when the stock is unknown', () => {
    expect(quantityLimits({ stock: 5 })).toEqual({ min: 1, max: 5 });
    expect(quantityLimits({})).toEqual({ min: 1, max: undefined });
  });

  it('keeps 1 reachable when the product has sold out since', () => {
    expect(quantityLimits({ stock: 0 })).toEqual({ min: 1, max: 1 });
  });
});

describe('minus and plus', () => {
  const limits = { min: 1, max: 3 };

  it('disables minus at 1 and plus at the stock', () => {
    expect(canDecrease(1, limits)).toBe(false);
    expect(canDecrease(2, limits)).toBe(true);
    expect(canIncrease(2, limits)).toBe(true);
    expect(canIncrease(3, limits)).toBe(false);
  });

  it('never disables plus when the stock is unknown', () => {
    expect(canIncrease(1000, { min: 1, max: undefined })).toBe(true);
  });

  it('disables plus for a line above a stock that has shrunk, leaving minus to bring it down', () => {
    expect(canIncrease(4, limits)).toBe(false);
    expect(canDecrease(4, limits)).toBe(true);
  });
});

describe('parseTypedQuantity', () => {
  const limits = { min: 1, max: 5 };

  it('accepts whole numbers within the limits', () => {
    expect(parseTypedQuantity('1', limits)).toBe(1);
    expect(parseTypedQuantity(' 5 ', limits)).toBe(5);
    expect(parseTypedQuantity('03', limits)).toBe(3);
  });

  it('ignores values outside the range', () => {
    expect(parseTypedQuantity('0', limits)).toBeNull();
    expect(parseTypedQuantity('6', limits)).toBeNull();
    expect(parseTypedQuantity('-2', limits)).toBeNull();
  });

  it('ignores what is not a whole number, and a blank field', () => {
    for (const raw of ['', ' ', '2.5', '1e2', 'abc', '9007199254740993']) {
      expect(parseTypedQuantity(raw, { min: 1, max: undefined }), raw).toBeNull();
    }
  });

  it('has no maximum when the stock is unknown', () => {
    expect(parseTypedQuantity('250', { min: 1, max: undefined })).toBe(250);
  });
});
