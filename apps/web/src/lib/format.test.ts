import { describe, expect, it } from 'vitest';
import { formatPrice } from './format';

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
