import { describe, expect, it } from 'vitest';
import {
  formatMobileNumber,
  formatSafekeyCardNumber,
  merchantReference,
  SAFEKEY_MESSAGES,
  safekeyInputError,
} from './safekey';

describe('formatMobileNumber', () => {
  it.each([
    ['', ''],
    ['5', '+1 (5'],
    ['555', '+1 (555'],
    ['5550', '+1 (555) 0'],
    ['555010', '+1 (555) 010'],
    ['5550100', '+1 (555) 010-0'],
    ['5550100000', '+1 (555) 010-0000'],
    ['15550100000', '+1 (555) 010-0000'],
    ['+1 (555) 010-0000', '+1 (555) 010-0000'],
    ['+1 (555) 010-00009999', '+1 (555) 010-0000'],
    ['abc555-010 0000', '+1 (555) 010-0000'],
  ])('formats %j as %j', (typed, shown) => {
    expect(formatMobileNumber(typed)).toBe(shown);
  });

  it('is stable: formatting the formatted number changes nothing', () => {
    expect(formatMobileNumber(formatMobileNumber('5550100000'))).toBe('+1 (555) 010-0000');
  });
});

describe('formatSafekeyCardNumber', () => {
  it.each([
    ['', ''],
    ['4000', '4000'],
    ['40000', '4000 0'],
    ['4000000000000077', '4000 0000 0000 0077'],
    ['4000-0000 0000 0077', '4000 0000 0000 0077'],
    ['4000abc0000', '4000 0000'],
    ['12345678901234567890123', '1234 5678 9012 3456 789'],
  ])('formats %j as %j', (typed, shown) => {
    expect(formatSafekeyCardNumber(typed)).toBe(shown);
  });
});

describe('safekeyInputError', () => {
  it('asks for both numbers', () => {
    expect(safekeyInputError({ mobileNumber: '', cardNumber: '4000 0000 0000 0077' })).toBe(
      SAFEKEY_MESSAGES.missing,
    );
    expect(safekeyInputError({ mobileNumber: '+1 (555) 010-0000', cardNumber: ' ' })).toBe(
      SAFEKEY_MESSAGES.missing,
    );
    expect(SAFEKEY_MESSAGES.missing).toBe('Please provide both mobile number and card number');
  });

  it('lets both through', () => {
    expect(
      safekeyInputError({ mobileNumber: '+1 (555) 010-0000', cardNumber: '4000 0000 0000 0077' }),
    ).toBeNull();
  });
});

describe('merchantReference', () => {
  it("is 'ORDER-' plus the timestamp", () => {
    expect(merchantReference(1_700_000_000_000)).toBe('ORDER-1700000000000');
  });
});

describe('the e-mail for a SafeKey payment', () => {
  it('is required for the order confirmation', async () => {
    const { CheckoutContactFormSchema } = await import('./contact-schema');
    const result = CheckoutContactFormSchema.safeParse({
      fullName: 'Ada Walker',
      email: '',
      phone: '',
      paymentMethod: 'safekey',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Email is required for order confirmation',
    ]);
  });
});
