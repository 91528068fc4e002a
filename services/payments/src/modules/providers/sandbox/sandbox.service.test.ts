import { describe, expect, it } from 'vitest';
import { checkExpiry } from './sandbox.service';

describe('the sandbox card expiry', () => {
  const now = new Date(Date.UTC(2026, 10, 23));

  it('accepts MM / YY, MM/YY and MM/YYYY through the last day of the month', () => {
    expect(() => checkExpiry('11 / 26', now)).not.toThrow();
    expect(() => checkExpiry('12/26', now)).not.toThrow();
    expect(() => checkExpiry('01/2030', now)).not.toThrow();
  });

  it('refuses a month in the past (400) and an unreadable date', () => {
    expect(() => checkExpiry('10 / 26', now)).toThrow('Your card has expired.');
    expect(() => checkExpiry('13 / 30', now)).toThrow('The expiry date must be MM / YY');
    expect(() => checkExpiry('1230', now)).toThrow('The expiry date must be MM / YY');
  });
});
