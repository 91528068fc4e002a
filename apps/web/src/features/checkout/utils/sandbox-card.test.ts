import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry, isExpired, SandboxCardSchema, TEST_CARDS } from './sandbox-card';

describe('sandbox card form', () => {
  it('groups the card number by 4 and writes the expiry as MM / YY', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0000-0000-0002x')).toBe('4000 0000 0000 0002');
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(formatExpiry('1')).toBe('1');
  });

  it('lists the three documented test cards', () => {
    expect(TEST_CARDS.map((card) => card.number)).toEqual([
      '4242 4242 4242 4242',
      '4000 0000 0000 0002',
      '4000 0000 0000 9995',
    ]);
  });

  it('checks a complete number, a future expiry and a 3 or 4 digit code', () => {
    expect(
      SandboxCardSchema.safeParse({ cardNumber: '4242 4242 4242 4242', expiry: '12 / 99', cvc: '123' })
        .success,
    ).toBe(true);
    const bad = SandboxCardSchema.safeParse({ cardNumber: '4242', expiry: '13 / 30', cvc: '12' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.path[0])).toEqual(['cardNumber', 'expiry', 'cvc']);
    expect(isExpired('01 / 20', new Date('2026-06-01'))).toBe(true);
    expect(isExpired('06 / 26', new Date('2026-06-01'))).toBe(false);
  });
});
