import { fromCents, toCents } from '@jesus-walks/contracts/money';
import type { AdminOrder, OrderStatus } from '@jesus-walks/contracts/orders';

/** Orders that brought money in; pending and cancelled ones did not (yet, or ever). */
export const revenueStatuses: readonly OrderStatus[] = ['paid', 'processing', 'shipped', 'delivered'];

/** Revenue as the overview shows it: the sum of those orders' totals, 2 decimals ('0.00' if none), exact in cents. */
export function computeRevenue(orders: readonly Pick<AdminOrder, 'status' | 'total'>[]): string {
  const cents = orders
    .filter((order) => revenueStatuses.includes(order.status))
    .reduce((sum, order) => sum + toCents(order.total), 0);
  return fromCents(cents);
}
