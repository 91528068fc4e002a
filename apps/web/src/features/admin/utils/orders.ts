import type { AdminOrder, AdminOrderListItem, OrderStatus } from '@jesus-walks/contracts/orders';

/** Badge colours of SPEC.md section 4: pending amber, paid green, shipped blue, delivered dark green, cancelled red, others grey. */
export function statusBadgeClass(status: OrderStatus | string): string {
  switch (status) {
    case 'pending':
      return 'bg-amber-100 text-amber-900';
    case 'paid':
      return 'bg-green-100 text-green-800';
    case 'shipped':
      return 'bg-blue-100 text-blue-800';
    case 'delivered':
      return 'bg-green-800 text-white';
    case 'cancelled':
      return 'bg-red-100 text-red-800';
    default:
      return 'bg-gray-100 text-gray-800';
  }
}

function readAddress(address: AdminOrder['shippingAddress']): Record<string, unknown> | null {
  let value: unknown = address;
  if (typeof address === 'string') {
    try {
      value = JSON.parse(address);
    } catch {
      return null;
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** The name on an order's shipping address: fullName, else firstName and lastName. */
export function shippingName(address: AdminOrder['shippingAddress']): string | undefined {
  const record = readAddress(address);
  if (!record) return undefined;
  const text = (key: string) => (typeof record[key] === 'string' ? (record[key] as string).trim() : '');
  const full = text('fullName') || [text('firstName'), text('lastName')].filter(Boolean).join(' ');
  return full || undefined;
}

/**
 * Who an order is for: the member's username (the list looks it up in identity), else
 * 'User {userId}'; a guest's order has no user id: the name given, else the shipping name, else
 * 'Guest'.
 */
export function customerLabel(
  order: Pick<AdminOrderListItem, 'userId' | 'shippingAddress' | 'customerUsername' | 'customerName'>,
): string {
  if (order.userId === null) return order.customerName ?? shippingName(order.shippingAddress) ?? 'Guest';
  return order.customerUsername ?? `User ${order.userId}`;
}

/** Statuses of an order that has not left: an online payment of it can still be cancelled and refunded. */
export function canCancelAndRefund(status: OrderStatus): boolean {
  return status === 'paid' || status === 'processing';
}
