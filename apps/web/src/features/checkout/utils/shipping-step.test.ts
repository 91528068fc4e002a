import { TEST_SHIPPING_ADDRESS, TEST_SHIPPING_METHOD } from '@jesus-walks/contracts/shipping';
import { describe, expect, it } from 'vitest';
import { aShippingRate } from '@/testing/api-stubs';
import {
  addressLines,
  continueToPayment,
  MISSING_INFORMATION_TOAST,
  pickTestShippingMethod,
  shippingName,
} from './shipping-step';

describe('continueToPayment', () => {
  const method = { id: 3, carrier: 'USPS', service: 'Ground', rate: 9.99, estimatedDays: 3 };

  it('goes on with a complete address and a method', () => {
    expect(continueToPayment(TEST_SHIPPING_ADDRESS, method)).toEqual({
      ok: true,
      address: TEST_SHIPPING_ADDRESS,
      method,
    });
  });

  it("stops with the destructive 'Missing Information' toast without a method", () => {
    const result = continueToPayment(TEST_SHIPPING_ADDRESS, null);
    expect(result).toEqual({ ok: false, toast: MISSING_INFORMATION_TOAST });
    expect(MISSING_INFORMATION_TOAST).toEqual({
      variant: 'destructive',
      title: 'Missing Information',
      description: 'Please complete all shipping information',
    });
  });

  it('stops with the same toast for an incomplete address', () => {
    expect(continueToPayment({ ...TEST_SHIPPING_ADDRESS, city: '' }, method).ok).toBe(false);
    expect(continueToPayment({ ...TEST_SHIPPING_ADDRESS, postalCode: '9455' }, method).ok).toBe(false);
    expect(continueToPayment({}, method).ok).toBe(false);
  });
});

describe('pickTestShippingMethod', () => {
  it("takes the server's USPS Ground rate, so its method id is used", () => {
    const rates = [
      aShippingRate({ id: 1, carrier: 'UPS', service: 'Ground', rate: 7.5 }),
      aShippingRate({ id: 3, carrier: 'USPS', service: 'Ground', rate: 9.99, estimatedDays: 3 }),
    ];
    expect(pickTestShippingMethod(rates)).toEqual({
      id: 3,
      carrier: 'USPS',
      service: 'Ground',
      rate: 9.99,
      estimatedDays: 3,
    });
  });

  it('falls back to USPS Ground 9.99 in 3 days when the server offers none', () => {
    expect(pickTestShippingMethod([])).toEqual(TEST_SHIPPING_METHOD);
    expect(pickTestShippingMethod(undefined)).toEqual(TEST_SHIPPING_METHOD);
  });
});

describe('addressLines', () => {
  it('shows the address as the summary reads it', () => {
    expect(addressLines(TEST_SHIPPING_ADDRESS)).toEqual([
      'Test Customer',
      '1234 Main Street',
      'Napa, CA 94559',
      'US',
    ]);
  });
});

describe('shippingName', () => {
  it("is the shipping address's first and last name, for the payment step's Full Name", () => {
    expect(shippingName(TEST_SHIPPING_ADDRESS)).toBe('Test Customer');
    expect(shippingName({ firstName: ' Martha ', lastName: 'Walker ' })).toBe('Martha Walker');
    expect(shippingName({ firstName: 'Martha', lastName: ' ' })).toBe('Martha');
  });
});
