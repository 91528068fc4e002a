import { describe, expect, it } from 'vitest';
import { availabilityNote } from './availability-note';

describe('availabilityNote', () => {
  it('says nothing while the line can be bought, or the product is not known', () => {
    expect(availabilityNote(2, { stock: 5, available: 2 })).toBeNull();
    expect(availabilityNote(2, undefined)).toBeNull();
  });

  it("says when other shoppers' checkouts hold what the line needs", () => {
    expect(availabilityNote(3, { stock: 5, available: 2 })).toBe(
      'Only 2 left right now: other shoppers are checking out with the rest.',
    );
    expect(availabilityNote(1, { stock: 4, available: 0 })).toBe(
      'Sold out right now: other shoppers are checking out with the rest. Check back in a few minutes.',
    );
  });

  it('says it plainly when the shelf itself is short', () => {
    expect(availabilityNote(3, { stock: 2, available: 2 })).toBe('Only 2 left.');
    expect(availabilityNote(1, { stock: 0, available: 0 })).toBe('Sold out.');
  });
});
