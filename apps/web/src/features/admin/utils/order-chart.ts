import { fromCents, toCents } from '@jesus-walks/contracts/money';
import type { OrderDayStats } from '@jesus-walks/contracts/orders';

/** One day of the overview's chart: its figures and bar heights (percent of the period's busiest day). */
export interface DayBar {
  date: string;
  /** 'Nov 24' */
  label: string;
  orders: number;
  revenue: string;
  ordersPercent: number;
  revenuePercent: number;
}

const labelFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM-DD' (a valley day, as the server gives it) as 'Nov 24', whatever the viewer's zone. */
export function dayLabel(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return labelFormat.format(new Date(Date.UTC(year, month - 1, day)));
}

function percentOf(value: number, max: number): number {
  return max > 0 ? Math.round((value / max) * 100) : 0;
}

export function orderChartBars(perDay: readonly OrderDayStats[]): DayBar[] {
  const maxOrders = Math.max(0, ...perDay.map((day) => day.orders));
  const maxCents = Math.max(0, ...perDay.map((day) => toCents(day.revenue)));
  return perDay.map((day) => ({
    date: day.date,
    label: dayLabel(day.date),
    orders: day.orders,
    revenue: day.revenue,
    ordersPercent: percentOf(day.orders, maxOrders),
    revenuePercent: percentOf(toCents(day.revenue), maxCents),
  }));
}

/** The chart in one sentence, for everyone who does not read bars. */
export function orderChartSummary(perDay: readonly OrderDayStats[]): string {
  const orders = perDay.reduce((sum, day) => sum + day.orders, 0);
  const revenue = fromCents(perDay.reduce((sum, day) => sum + toCents(day.revenue), 0));
  const days = perDay.length === 1 ? 'day' : `${perDay.length} days`;
  const period = `Over the last ${days}: ${orders} ${orders === 1 ? 'order' : 'orders'}, $${revenue} revenue.`;
  const busiest = perDay.reduce<OrderDayStats | undefined>(
    (best, day) => (day.orders > (best?.orders ?? 0) ? day : best),
    undefined,
  );
  return busiest
    ? `${period} Busiest day: ${dayLabel(busiest.date)} (${busiest.orders} ${busiest.orders === 1 ? 'order' : 'orders'}).`
    : period;
}
