import { describe, expect, it } from 'vitest';
import { canCancelAndRefund, customerLabel, shippingName, statusBadgeClass } from './orders';

const member = { userId: 2, shippingAddress: null, customerName: 'Martha Walker' };

describe('customerLabel', () => {
  it("names a member by the username the list carries, else 'User {userId}'", () => {
    expect(customerLabel({ ...member, customerUsername: 'martha' })).toBe('martha');
    expect(customerLabel({ ...member, userId: 9, customerUsername: null })).toBe('User 9');
  });

  it("names a guest by the name given, else the shipping name, else 'Guest'", () => {
    const guest = { userId: null, customerUsername: null, customerName: null };
    expect(customerLabel({ ...guest, customerName: 'Gail Guest', shippingAddress: null })).toBe('Gail Guest');
    expect(customerLabel({ ...guest, shippingAddress: { fullName: 'Ann Lee' } })).toBe('Ann Lee');
    expect(customerLabel({ ...guest, shippingAddress: '{"firstName":"Ann","lastName":"Lee"}' })).toBe(
      'Ann Lee',
    );
    expect(customerLabel({ ...guest, shippingAddress: null })).toBe('Guest');
    expect(customerLabel({ ...guest, shippingAddress: 'not json' })).toBe('Guest');
  });
});

describe('canCancelAndRefund', () => {
  it('offers it for paid and processing orders only', () => {
    expect(canCancelAndRefund('paid')).toBe(true);
    expect(canCancelAndRefund('processing')).toBe(true);
    for (const status of ['pending', 'shipped', 'delivered', 'cancelled'] as const) {
      expect(canCancelAndRefund(status)).toBe(false);
    }
  });
});

describe('shippingName', () => {
  it('reads fullName first, then first and last name', () => {
    expect(shippingName({ fullName: ' Ann ', firstName: 'X' })).toBe('Ann');
    expect(shippingName({ lastName: 'Lee' })).toBe('Lee');
    expect(shippingName({})).toBeUndefined();
    expect(shippingName('[1]')).toBeUndefined();
  });
});

describe('statusBadgeClass', () => {
  it('colours pending amber, paid green, shipped blue, delivered dark green, cancelled red, others grey', () => {
    expect(statusBadgeClass('pending')).toContain('amber');
    expect(statusBadgeClass('paid')).toContain('green-100');
    expect(statusBadgeClass('shipped')).toContain('blue');
    expect(statusBadgeClass('delivered')).toContain('green-800');
    expect(statusBadgeClass('cancelled')).toContain('red');
    expect(statusBadgeClass('processing')).toContain('gray');
  });
});
