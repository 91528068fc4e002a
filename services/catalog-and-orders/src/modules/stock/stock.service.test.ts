import { describe, expect, it } from 'vitest';
import { availableUnits, mergeLines, shortageMessage } from './stock.service';

describe('mergeLines', () => {
  it('sums quantities of the same product, keeping first-seen order', () => {
    expect(
      mergeLines([
        { productId: 7, quantity: 1 },
        { productId: 3, quantity: 2 },
        { productId: 7, quantity: 4 },
      ]),
    ).toEqual([
      { productId: 7, quantity: 5 },
      { productId: 3, quantity: 2 },
    ]);
  });
});

describe('availableUnits', () => {
  it('is stock minus active reservations, never below zero', () => {
    expect(availableUnits(5, 2)).toBe(3);
    expect(availableUnits(2, 5)).toBe(0);
  });
});

describe('shortageMessage', () => {
  it('says out of stock when nothing is left, else how many are', () => {
    expect(shortageMessage('Cap', 0, 1)).toBe('Cap is out of stock');
    expect(shortageMessage('Cap', 2, 3)).toBe('Not enough stock for Cap: 2 available, 3 requested');
  });
});
