import { describe, expect, it } from 'vitest';
import { fromCents, hasWholeCents, toCents } from './money';

describe('toCents', () => {
  it('reads decimal strings digit by digit', () => {
    expect(toCents('24.50')).toBe(2450);
    expect(toCents('0.10')).toBe(10);
    expect(toCents('7')).toBe(700);
    expect(toCents('19.9')).toBe(1990);
    expect(toCents('1.005')).toBe(101);
    expect(toCents('-3.25')).toBe(-325);
    expect(toCents('99999999999.99')).toBe(9_999_999_999_999);
  });

  it('rounds numbers to the nearest cent', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
  });
});

describe('fromCents', () => {
  it('writes whole cents as an exact 2-decimal string', () => {
    expect(fromCents(0)).toBe('0.00');
    expect(fromCents(5)).toBe('0.05');
    expect(fromCents(1049)).toBe('10.49');
    expect(fromCents(-325)).toBe('-3.25');
    expect(fromCents(9_999_999_999_999)).toBe('99999999999.99');
  });

  it('refuses a fraction of a cent', () => {
    expect(() => fromCents(1.5)).toThrow(RangeError);
  });
});

describe('hasWholeCents', () => {
  it('tells 2-decimal amounts from finer ones', () => {
    expect(hasWholeCents(19.99)).toBe(true);
    expect(hasWholeCents(0.1 + 0.2)).toBe(true);
    expect(hasWholeCents(1.234)).toBe(false);
    expect(hasWholeCents(Number.NaN)).toBe(false);
  });
});
