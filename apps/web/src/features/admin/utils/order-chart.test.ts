import { describe, expect, it } from 'vitest';
import { dayLabel, orderChartBars, orderChartSummary, overviewDays } from './order-chart';

const orderDays = [
  { date: '2030-11-02', orders: 0, revenue: '0.00' },
  { date: '2030-11-03', orders: 4, revenue: '100.10' },
  { date: '2030-11-04', orders: 2, revenue: '50.05' },
];
const walkDays = [
  { date: '2030-11-02', registrations: 1, revenue: '25.00' },
  { date: '2030-11-03', registrations: 0, revenue: '0.00' },
  { date: '2030-11-04', registrations: 3, revenue: '75.00' },
];

describe('order chart', () => {
  it('labels a valley day as itself, whatever the zone the browser is in', () => {
    expect(dayLabel('2030-11-03')).toBe('Nov 3');
    expect(dayLabel('2031-01-01')).toBe('Jan 1');
  });

  it("puts the shop's and the walks' figures of each day side by side", () => {
    expect(overviewDays(orderDays, walkDays)[2]).toEqual({
      date: '2030-11-04',
      orders: 2,
      shopRevenue: '50.05',
      seats: 3,
      walksRevenue: '75.00',
    });
    // Without the walks' figures: zeros.
    expect(overviewDays(orderDays)[0]).toMatchObject({ seats: 0, walksRevenue: '0.00' });
  });

  it("stacks each day's shop and walks revenue against the period's best day, and counts against each busiest", () => {
    const bars = orderChartBars(overviewDays(orderDays, walkDays));
    expect(bars.map((bar) => [bar.label, bar.revenue, bar.shopPercent, bar.walksPercent])).toEqual([
      ['Nov 2', '25.00', 0, 20],
      ['Nov 3', '100.10', 80, 0],
      ['Nov 4', '125.05', 40, 60],
    ]);
    expect(bars.map((bar) => [bar.ordersPercent, bar.seatsPercent])).toEqual([
      [0, 33],
      [100, 0],
      [50, 100],
    ]);
  });

  it('gives flat zero bars for a period without orders or seats', () => {
    const quiet = orderChartBars(overviewDays([{ date: '2030-11-02', orders: 0, revenue: '0.00' }]));
    expect(quiet[0]).toMatchObject({ ordersPercent: 0, seatsPercent: 0, shopPercent: 0, walksPercent: 0 });
  });

  it('sums the period exactly in cents, shop and walks each and together, and names the best day', () => {
    expect(orderChartSummary(overviewDays(orderDays, walkDays))).toBe(
      'Over the last 3 days: $250.15 revenue ($150.15 shop, $100.00 walks); 6 orders, 4 paid walk seats. Busiest day: Nov 4 ($125.05).',
    );
    expect(orderChartSummary(overviewDays([{ date: '2030-11-02', orders: 0, revenue: '0.00' }]))).toBe(
      'Over the last day: $0.00 revenue ($0.00 shop, $0.00 walks); 0 orders, 0 paid walk seats.',
    );
  });

  it("says so when the walks' figures are missing instead of giving the shop's as the whole", () => {
    expect(orderChartSummary(overviewDays(orderDays), { walks: false })).toBe(
      "Over the last 3 days: 6 orders, $150.15 shop revenue (the walks' figures could not be loaded).",
    );
  });
});
