import { describe, expect, it } from 'vitest';
import { CartItemSchema } from './cart';
import { IdParamsSchema, MAX_ROW_ID } from './common';
import { formatMoney, fromCents, PriceSchema, toCents } from './money';
import { NewsletterSubscriptionSchema } from './newsletter';
import { describeShippingAddress, ManualOrderBodySchema } from './orders';
import { cryptoAmount } from './payments';
import { deliveryText, ShippingAddressSchema } from './shipping';

describe('money', () => {
  it('reads prices given as numbers or numeric strings', () => {
    expect(PriceSchema.parse('24.50')).toBe(24.5);
    expect(PriceSchema.parse(19)).toBe(19);
    expect(PriceSchema.safeParse('12abc').success).toBe(false);
    expect(PriceSchema.safeParse(-1).success).toBe(false);
  });

  it('formats with two decimals and converts to cents without float drift', () => {
    expect(formatMoney('5')).toBe('5.00');
    expect(formatMoney(0.1 + 0.2)).toBe('0.30');
    expect(toCents('19.99')).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(fromCents(1999 + 999)).toBe('29.98');
  });
});

describe('cart item', () => {
  it('converts a string price to a number and defaults the category', () => {
    expect(CartItemSchema.parse({ id: 1, name: 'Cap', price: '18.00', quantity: 2 })).toMatchObject({
      price: 18,
      category: 'Product',
    });
  });
});

describe('newsletter subscription', () => {
  it('stores e-mails trimmed and lower-cased, and refuses invalid ones with the spec message', () => {
    expect(NewsletterSubscriptionSchema.parse({ email: '  Mary@Example.COM ' }).email).toBe(
      'mary@example.com',
    );
    const invalid = NewsletterSubscriptionSchema.safeParse({ email: 'no-at-sign' });
    expect(invalid.success).toBe(false);
    expect(invalid.error?.issues[0]?.message).toBe('Please enter a valid email address.');
  });
});

describe('shipping', () => {
  it('validates the checkout address with the spec messages', () => {
    const result = ShippingAddressSchema.safeParse({
      firstName: '',
      lastName: 'X',
      address1: 'a',
      city: 'c',
      state: 's',
      postalCode: '123',
      country: 'US',
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'First name is required',
      'Valid postal code is required',
    ]);
  });

  it('describes delivery time', () => {
    expect(deliveryText(1)).toBe('1 day');
    expect(deliveryText(3)).toBe('3 days');
    expect(deliveryText(null)).toBe('Delivery time unknown');
    expect(deliveryText(0)).toBe('Delivery time unknown');
  });
});

describe('admin order address', () => {
  it('reads either naming of the fields', () => {
    expect(
      describeShippingAddress({
        fullName: 'Ann Lee',
        street: '1 Vine St',
        city: 'Napa',
        state: 'CA',
        zipCode: '94559',
        country: 'US',
      }),
    ).toBe('Ann Lee, 1 Vine St, Napa, CA, 94559, US');
    expect(
      describeShippingAddress(
        JSON.stringify({
          firstName: 'Ann',
          lastName: 'Lee',
          address1: '1 Vine St',
          city: 'Napa',
          postalCode: '94559',
        }),
      ),
    ).toBe('Ann Lee, 1 Vine St, Napa, N/A, 94559, N/A');
  });

  it('says when the address is unreadable or absent', () => {
    expect(describeShippingAddress('{oops')).toBe('Invalid address format');
    expect(describeShippingAddress('"just text"')).toBe('Invalid address format');
    expect(describeShippingAddress(null)).toBe('No shipping address');
  });
});

describe('manual order payload', () => {
  it('defaults the country to US and the status to pending', () => {
    const parsed = ManualOrderBodySchema.parse({
      userId: 3,
      items: [{ productId: 1, quantity: 2, price: '10.00' }],
      total: '20.00',
      shippingAddress: { fullName: 'A', street: 'B', city: 'C', state: 'D', zipCode: '94559' },
    });
    expect(parsed.shippingAddress.country).toBe('US');
    expect(parsed.status).toBe('pending');
  });

  it('refuses a quantity below 1 with the spec message', () => {
    const result = ManualOrderBodySchema.safeParse({
      userId: 3,
      items: [{ productId: 1, quantity: 0 }],
      shippingAddress: { fullName: 'A', street: 'B', city: 'C', state: 'D', zipCode: '94559' },
    });
    expect(result.error?.issues[0]?.message).toBe('Quantity must be at least 1');
  });
});

describe('crypto amount', () => {
  it('divides the USD amount by the rate to 8 decimals', () => {
    expect(cryptoAmount(100, 50_000)).toBe('0.00200000');
  });
});

describe('row ids in paths', () => {
  it('takes canonical decimal ids from 1 to the largest Postgres integer', () => {
    expect(IdParamsSchema.parse({ id: '16' })).toEqual({ id: 16 });
    expect(IdParamsSchema.parse({ id: String(MAX_ROW_ID) })).toEqual({ id: MAX_ROW_ID });
  });

  it.each(['0x10', '1e3', '016', '0', '-1', ' 16', '16 ', '1.0', '', '2147483648', '99999999999'])(
    'refuses %j',
    (id) => {
      expect(IdParamsSchema.safeParse({ id }).success).toBe(false);
    },
  );
});
