import { describe, expect, it } from 'vitest';
import { computeRevenue } from './revenue';

describe('computeRevenue', () => {
  it("is '0.00' with no orders", () => {
    expect(computeRevenue([])).toBe('0.00');
  });

  it('sums paid, processing, shipped and delivered orders, exactly in cents', () => {
    expect(
      computeRevenue([
        { status: 'paid', total: '0.10' },
        { status: 'processing', total: '0.20' },
        { status: 'shipped', total: '19.99' },
        { status: 'delivered', total: '100.00' },
      ]),
    ).toBe('120.29');
  });

  it('leaves out pending and cancelled orders', () => {
    expect(
      computeRevenue([
        { status: 'pending', total: '50.00' },
        { status: 'cancelled', total: '70.00' },
        { status: 'paid', total: '12.50' },
      ]),
    ).toBe('12.50');
    expect(computeRevenue([{ status: 'pending', total: '50.00' }])).toBe('0.00');
  });
});
