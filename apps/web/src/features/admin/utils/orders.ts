import type { AdminOrder, OrderStatus } from '@jesus-walks/contracts/orders';
import type { AdminUser } from '@jesus-walks/contracts/users';

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
 * Who an order is for: the member's username (looked up in the user list), else 'User {userId}';
 * a guest's order has no user id: the shipping name, else 'Guest'.
 */
export function customerLabel(
  order: Pick<AdminOrder, 'userId' | 'shippingAddress'>,
  users: readonly Pick<AdminUser, 'id' | 'username'>[] | undefined,
): string {
  if (order.userId === null) return shippingName(order.shippingAddress) ?? 'Guest';
  return users?.find((user) => user.id === order.userId)?.username ?? `User ${order.userId}`;
}

/** A date as the orders table shows it (local date). */
export function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleDateString('en-US');
}

/** A date and time as the order details show them (local time). */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString('en-US');
}
