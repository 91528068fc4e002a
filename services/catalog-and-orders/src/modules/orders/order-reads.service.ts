import type { MemberOrder } from '@jesus-walks/contracts/assistant';
import type { Identity } from '@jesus-walks/contracts/common';
import {
  type AccountOrder,
  type AdminOrder,
  type AdminOrderListItem,
  type AdminOrdersFilter,
  type AdminOrdersPage,
  type AdminOrdersQuery,
  describeShippingAddress,
  type OrderStats,
  VALLEY_TIME_ZONE,
} from '@jesus-walks/contracts/orders';
import { type InternalUser, MAX_USER_LOOKUP_IDS, userRoutes } from '@jesus-walks/contracts/users';
import { toCsv } from '@jesus-walks/service-kit/csv';
import { DomainError, notFound } from '@jesus-walks/service-kit/errors';
import type { CatalogDeps } from '../../deps';
import { orderStatusUrl, subtotalOf } from './order-fulfilment.service';
import {
  findOrder,
  listOrderItems,
  listOrders,
  listOrdersForExport,
  listOrdersPage,
  type OrderItemRow,
  type OrderRow,
  ordersPerDay,
  orderTotals,
} from './orders.repository';
import { valleyDayOf } from './valley-dates';

/*
 * Orders as they are read: the member's and the admin's lists, the CSV export, the overview's
 * numbers, and one order as an admin's answer shows it. What changes an order (its lifecycle) is
 * orders.service.ts; a paid checkout becoming an order is order-fulfilment.service.ts.
 */

type OrdersDb = Pick<CatalogDeps, 'db'>;

export function toAdminOrder(row: OrderRow, items: readonly OrderItemRow[]): AdminOrder {
  return {
    id: row.id,
    userId: row.userId,
    status: row.status,
    total: row.total,
    shippingCost: row.shippingCost,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    shippingAddress: row.shippingAddress,
    items: items.map((item) => ({
      productId: item.productId,
      name: item.name,
      quantity: item.quantity,
      price: item.price,
    })),
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    trackingNumber: row.trackingNumber,
    carrier: row.shippingCarrier,
    estimatedDeliveryDate: row.estimatedDeliveryDate?.toISOString() ?? null,
    cancellationReason: row.cancellationReason,
    paymentMethod: row.paymentMethod,
    testMode: row.testMode,
  };
}

/** The lines of these orders (one read), by order. */
async function itemsOf(deps: OrdersDb, rows: readonly OrderRow[]): Promise<Map<number, OrderItemRow[]>> {
  const items = await listOrderItems(
    deps.db,
    rows.map((row) => row.id),
  );
  const byOrder = new Map<number, OrderItemRow[]>();
  for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
  return byOrder;
}

async function withItems(deps: OrdersDb, rows: readonly OrderRow[]): Promise<AdminOrder[]> {
  const byOrder = await itemsOf(deps, rows);
  return rows.map((row) => toAdminOrder(row, byOrder.get(row.id) ?? []));
}

/** One order with its items, as the admin's answers give it; 404 when there is none. */
export async function getAdminOrder(deps: OrdersDb, id: number): Promise<AdminOrder> {
  const row = await findOrder(deps.db, id);
  if (!row) throw notFound('Order not found');
  const [order] = await withItems(deps, [row]);
  return order as AdminOrder;
}

/**
 * GET /api/orders: an admin sees every order, anyone else only their own (the same read of them as
 * listAccountOrders, in the admin's shape); newest first.
 */
export async function listOrdersFor(deps: OrdersDb, caller: Identity): Promise<AdminOrder[]> {
  return withItems(deps, await listOrders(deps.db, caller.isAdmin ? {} : { userId: caller.id }));
}

/**
 * GET /api/account/orders: a member's own orders, newest first (at most `limit` when given), as
 * their account page shows them, each with the signed link of its status page. The one read of a
 * member's orders: the assistant's answer is cut from it (listMemberOrders).
 */
export async function listAccountOrders(
  deps: Pick<CatalogDeps, 'db' | 'links' | 'publicOrigin'>,
  input: { userId: number; limit?: number },
): Promise<AccountOrder[]> {
  const rows = await listOrders(deps.db, {
    userId: input.userId,
    ...(input.limit === undefined ? {} : { limit: input.limit }),
  });
  const byOrder = await itemsOf(deps, rows);
  return rows.map((row): AccountOrder => {
    const items = (byOrder.get(row.id) ?? []).map((item) => ({
      productId: item.productId,
      name: item.name,
      quantity: item.quantity,
      price: item.price,
    }));
    return {
      id: row.id,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      items,
      subtotal: subtotalOf(items),
      shippingCost: row.shippingCost,
      total: row.total,
      shippingMethod: row.shippingMethodName,
      carrier: row.shippingCarrier,
      trackingNumber: row.trackingNumber,
      estimatedDeliveryDate: row.estimatedDeliveryDate?.toISOString() ?? null,
      cancellationReason: row.cancellationReason,
      testMode: row.testMode,
      statusUrl: orderStatusUrl(deps, row.id),
    };
  });
}

/**
 * GET /internal/users/{id}/orders: a member's own orders for the assistant, at most `limit`, newest
 * first: what their account page shows, without prices of lines, links or anything else.
 */
export async function listMemberOrders(
  deps: Pick<CatalogDeps, 'db' | 'links' | 'publicOrigin'>,
  input: { userId: number; limit: number },
): Promise<MemberOrder[]> {
  const orders = await listAccountOrders(deps, input);
  return orders.map(
    (order): MemberOrder => ({
      id: order.id,
      status: order.status,
      total: order.total,
      createdAt: order.createdAt,
      items: order.items.map((item) => ({ name: item.name, quantity: item.quantity })),
      trackingNumber: order.trackingNumber,
      carrier: order.carrier,
      estimatedDeliveryDate: order.estimatedDeliveryDate,
    }),
  );
}

/**
 * Members by id from identity, in calls of at most MAX_USER_LOOKUP_IDS. A list shows without
 * usernames rather than failing when identity cannot answer (its orders still carry names and
 * e-mails), so a failure is logged and answers no one.
 */
export async function lookUpMembers(
  deps: Pick<CatalogDeps, 'identity' | 'logger'>,
  input: { userIds: ReadonlyArray<number | null>; requestId: string },
): Promise<Map<number, InternalUser>> {
  const ids = [...new Set(input.userIds.filter((id): id is number => id !== null))];
  const found = new Map<number, InternalUser>();
  if (!deps.identity || ids.length === 0) return found;
  try {
    for (let start = 0; start < ids.length; start += MAX_USER_LOOKUP_IDS) {
      const users = await deps.identity.call(userRoutes.internalLookup, {
        body: { ids: ids.slice(start, start + MAX_USER_LOOKUP_IDS) },
        requestId: input.requestId,
      });
      for (const user of users) found.set(user.id, user);
    }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    deps.logger.warn({ err: error }, 'member lookup failed: orders listed without usernames');
  }
  return found;
}

/** GET /api/admin/orders: one page, newest first, with items and the customers' usernames. */
export async function listAdminOrders(
  deps: Pick<CatalogDeps, 'db' | 'identity' | 'logger'>,
  input: AdminOrdersQuery & { requestId: string },
): Promise<AdminOrdersPage> {
  const { page, pageSize, requestId, ...filter } = input;
  const { rows, total } = await listOrdersPage(deps.db, filter, {
    offset: (page - 1) * pageSize,
    limit: pageSize,
  });
  const [orders, members] = await Promise.all([
    withItems(deps, rows),
    lookUpMembers(deps, { userIds: rows.map((row) => row.userId), requestId }),
  ]);
  const items: AdminOrderListItem[] = orders.map((order) => ({
    ...order,
    customerUsername: order.userId === null ? null : (members.get(order.userId)?.username ?? null),
  }));
  return { items, total, page, pageSize };
}

export const ORDERS_CSV_HEADER = [
  'Order ID',
  // The valley's time, as the admin's list and order details show it.
  'Created (Pacific Time)',
  'Status',
  'User ID',
  'Customer',
  'Email',
  'Items',
  'Item Count',
  'Shipping',
  'Total',
  'Payment Method',
  'Test Mode',
  'Tracking Number',
  'Carrier',
  'Estimated Delivery',
  'Shipping Address',
] as const;

const csvDateTime = new Intl.DateTimeFormat('en-CA', {
  timeZone: VALLEY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** '2030-07-04 09:30' in the valley: what a spreadsheet reads as a date and time. */
function valleyDateTime(instant: Date): string {
  return csvDateTime.format(instant).replace(',', '');
}

/** GET /api/admin/orders.csv: every order matching the list's filters, newest first. */
export async function exportOrdersCsv(
  deps: Pick<CatalogDeps, 'db' | 'identity' | 'logger'>,
  input: AdminOrdersFilter & { requestId: string },
): Promise<string> {
  const { requestId, ...filter } = input;
  const rows = await listOrdersForExport(deps.db, filter);
  const members = await lookUpMembers(deps, { userIds: rows.map((row) => row.userId), requestId });
  return toCsv(
    ORDERS_CSV_HEADER,
    rows.map((row) => {
      const member = row.userId === null ? undefined : members.get(row.userId);
      return [
        row.id,
        valleyDateTime(row.createdAt),
        row.status,
        row.userId,
        member?.username ?? row.customerName,
        row.customerEmail ?? member?.email,
        row.itemsSummary,
        row.itemCount,
        row.shippingCost,
        row.total,
        row.paymentMethod,
        // Paid through the sandbox: no real money (left out of the overview's revenue).
        row.testMode ? 'yes' : 'no',
        row.trackingNumber,
        row.shippingCarrier,
        row.estimatedDeliveryDate ? valleyDayOf(row.estimatedDeliveryDate) : null,
        describeShippingAddress(row.shippingAddress),
      ];
    }),
  );
}

/** GET /api/admin/orders/stats: the overview's totals and its per-day chart, test mode apart. */
export async function orderStats(deps: OrdersDb, days: number): Promise<OrderStats> {
  const [totals, perDay] = await Promise.all([orderTotals(deps.db), ordersPerDay(deps.db, days)]);
  const { testModeOrders, testModeRevenue, ...real } = totals;
  return { ...real, days, perDay, testMode: { count: testModeOrders, revenue: testModeRevenue } };
}
