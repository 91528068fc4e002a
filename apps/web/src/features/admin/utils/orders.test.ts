import { describe, expect, it } from 'vitest';
import { customerLabel, shippingName, statusBadgeClass } from './orders';

const users = [{ id: 2, username: 'martha' }];

describe('customerLabel', () => {
  it("names a member by username, else 'User {userId}'", () => {
    expect(customerLabel({ userId: 2, shippingAddress: null }, users)).toBe('martha');
    expect(customerLabel({ userId: 9, shippingAddress: null }, users)).toBe('User 9');
    expect(customerLabel({ userId: 9, shippingAddress: null }, undefined)).toBe('User 9');
  });

  it("names a guest by the shipping name, else 'Guest'", () => {
    expect(customerLabel({ userId: null, shippingAddress: { fullName: 'Ann Lee' } }, users)).toBe('Ann Lee');
    expect(
      customerLabel({ userId: null, shippingAddress: '{"firstName":"Ann","lastName":"Lee"}' }, users),
    ).toBe('Ann Lee');
    expect(customerLabel({ userId: null, shippingAddress: null }, users)).toBe('Guest');
    expect(customerLabel({ userId: null, shippingAddress: 'not json' }, users)).toBe('Guest');
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
