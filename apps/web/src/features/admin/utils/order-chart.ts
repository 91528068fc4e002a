import type { WalkDayStats } from '@jesus-walks/contracts/events';
import { fromCents, toCents } from '@jesus-walks/contracts/money';
import type { OrderDayStats } from '@jesus-walks/contracts/orders';

/** One valley day of the overview: the shop's orders and the paid walks' seats, and what each brought in. */
export interface OverviewDay {
  date: string;
  orders: number;
  shopRevenue: string;
  seats: number;
  walksRevenue: string;
}

/**
 * The shop's days and the walks' days side by side (both services count the same valley days); the
 * walks' figures as zeros where they are missing (not loaded).
 */
export function overviewDays(
  orderDays: readonly OrderDayStats[],
  walkDays: readonly WalkDayStats[] = [],
): OverviewDay[] {
  const walks = new Map(walkDays.map((day) => [day.date, day]));
  return orderDays.map((day) => ({
    date: day.date,
    orders: day.orders,
    shopRevenue: day.revenue,
    seats: walks.get(day.date)?.registrations ?? 0,
    walksRevenue: walks.get(day.date)?.revenue ?? '0.00',
  }));
}

/** One day of the overview's chart: its figures and bar heights (percent of the period's busiest day). */
export interface DayBar extends OverviewDay {
  /** 'Nov 24' */
  label: string;
  /** Shop and walks together, 2 decimals. */
  revenue: string;
  ordersPercent: number;
  seatsPercent: number;
  /** The shop's and the walks' parts of the day's revenue bar (together, its height). */
  shopPercent: number;
  walksPercent: number;
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

const totalCents = (day: OverviewDay) => toCents(day.shopRevenue) + toCents(day.walksRevenue);

export function orderChartBars(days: readonly OverviewDay[]): DayBar[] {
  const maxOrders = Math.max(0, ...days.map((day) => day.orders));
  const maxSeats = Math.max(0, ...days.map((day) => day.seats));
  const maxCents = Math.max(0, ...days.map(totalCents));
  return days.map((day) => ({
    ...day,
    label: dayLabel(day.date),
    revenue: fromCents(totalCents(day)),
    ordersPercent: percentOf(day.orders, maxOrders),
    seatsPercent: percentOf(day.seats, maxSeats),
    shopPercent: percentOf(toCents(day.shopRevenue), maxCents),
    walksPercent: percentOf(toCents(day.walksRevenue), maxCents),
  }));
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The chart in one sentence, for everyone who does not read bars. Without the walks' figures (not
 * loaded) it says so rather than give the shop's revenue as the whole.
 */
export function orderChartSummary(days: readonly OverviewDay[], options: { walks?: boolean } = {}): string {
  const walks = options.walks ?? true;
  const sum = (cents: (day: OverviewDay) => number) => days.reduce((total, day) => total + cents(day), 0);
  const shop = sum((day) => toCents(day.shopRevenue));
  const walksCents = sum((day) => toCents(day.walksRevenue));
  const orders = count(
    sum((day) => day.orders),
    'order',
    'orders',
  );
  const period = days.length === 1 ? 'day' : `${days.length} days`;
  if (!walks) {
    return `Over the last ${period}: ${orders}, $${fromCents(shop)} shop revenue (the walks' figures could not be loaded).`;
  }
  const seats = count(
    sum((day) => day.seats),
    'paid walk seat',
    'paid walk seats',
  );
  const figures = `Over the last ${period}: $${fromCents(shop + walksCents)} revenue ($${fromCents(shop)} shop, $${fromCents(walksCents)} walks); ${orders}, ${seats}.`;
  const busiest = days.reduce<OverviewDay | undefined>(
    (best, day) => (totalCents(day) > (best ? totalCents(best) : 0) ? day : best),
    undefined,
  );
  return busiest
    ? `${figures} Busiest day: ${dayLabel(busiest.date)} ($${fromCents(totalCents(busiest))}).`
    : figures;
}
