import { describe, expect, it } from 'vitest';
import { dayLabel, orderChartBars, orderChartSummary } from './order-chart';

const perDay = [
  { date: '2030-11-02', orders: 0, revenue: '0.00' },
  { date: '2030-11-03', orders: 4, revenue: '100.10' },
  { date: '2030-11-04', orders: 2, revenue: '50.05' },
];

describe('order chart', () => {
  it('labels a valley day as itself, whatever the zone the browser is in', () => {
    expect(dayLabel('2030-11-03')).toBe('Nov 3');
    expect(dayLabel('2031-01-01')).toBe('Jan 1');
  });

  it('sizes each bar against the busiest day of the period', () => {
    expect(orderChartBars(perDay)).toEqual([
      { date: '2030-11-02', label: 'Nov 2', orders: 0, revenue: '0.00', ordersPercent: 0, revenuePercent: 0 },
      {
        date: '2030-11-03',
        label: 'Nov 3',
        orders: 4,
        revenue: '100.10',
        ordersPercent: 100,
        revenuePercent: 100,
      },
      {
        date: '2030-11-04',
        label: 'Nov 4',
        orders: 2,
        revenue: '50.05',
        ordersPercent: 50,
        revenuePercent: 50,
      },
    ]);
  });

  it('gives flat zero bars for a period without orders', () => {
    const quiet = orderChartBars([{ date: '2030-11-02', orders: 0, revenue: '0.00' }]);
    expect(quiet[0]).toMatchObject({ ordersPercent: 0, revenuePercent: 0 });
  });

  it('sums the period exactly in cents and names the busiest day', () => {
    expect(orderChartSummary(perDay)).toBe(
      'Over the last 3 days: 6 orders, $150.15 revenue. Busiest day: Nov 3 (4 orders).',
    );
    expect(orderChartSummary([{ date: '2030-11-02', orders: 0, revenue: '0.00' }])).toBe(
      'Over the last day: 0 orders, $0.00 revenue.',
    );
  });
});
