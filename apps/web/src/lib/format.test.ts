import { describe, expect, it } from 'vitest';
import { formatCount, formatPrice, pluralNoun } from './format';

describe('formatPrice', () => {
  it('shows USD with two decimals', () => {
    expect(formatPrice(12.5)).toBe('$12.50');
    expect(formatPrice('19.9')).toBe('$19.90');
    expect(formatPrice(1234)).toBe('$1,234.00');
    expect(formatPrice(0)).toBe('$0.00');
  });

  it('shows $0.00 for something that is not a number', () => {
    expect(formatPrice('abc')).toBe('$0.00');
  });
});

describe('formatCount', () => {
  const walkers = { one: 'walker', other: 'walkers' };

  it('gives one of anything the singular', () => {
    expect(formatCount(1, walkers)).toBe('1 walker');
    expect(pluralNoun(1, { one: 'seat', other: 'seats' })).toBe('seat');
  });

  it('gives none, several and fractions the plural', () => {
    expect(formatCount(0, walkers)).toBe('0 walkers');
    expect(formatCount(2, walkers)).toBe('2 walkers');
    expect(formatCount(21, walkers)).toBe('21 walkers');
    expect(formatCount(1.5, walkers)).toBe('1.5 walkers');
  });
});
