import type { Identity } from '@jesus-walks/contracts/common';
import { fromCents, toCents } from '@jesus-walks/contracts/money';
import {
  type AdminOrder,
  type AdminOrderListItem,
  type AdminOrdersFilter,
  type AdminOrdersPage,
  type AdminOrdersQuery,
  describeShippingAddress,
  type InternalCancelOrderBody,
  type ManualOrderBody,
  type OrderStats,
  type OrderStatus,
  orderAuditLabel,
  type ShipmentBodySchema,
  type ShipmentResult,
  VALLEY_TIME_ZONE,
} from '@jesus-walks/contracts/orders';
import { type InternalUser, MAX_USER_LOOKUP_IDS, userRoutes } from '@jesus-walks/contracts/users';
import { type AuditActor, diffChanges, recordAudit } from '@jesus-walks/service-kit/audit';
import { toCsv } from '@jesus-walks/service-kit/csv';
import { conflict, DomainError, notFound } from '@jesus-walks/service-kit/errors';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { CatalogAndOrdersDatabase } from '../../db/database';
import { mergeLines, returnStock, type StockLine, takeStock } from '../stock/stock.service';
import { orderShippedEmail } from './order-emails';
import { type FulfilmentDeps, orderStatusUrl } from './order-fulfilment.service';
import {
  deleteOrderRow,
  findOrder,
  findOrderForUpdate,
  insertOrder,
  listOrderItems,
  listOrders,
  listOrdersForExport,
  listOrdersPage,
  type OrderItemRow,
  type OrderRow,
  ordersPerDay,
  orderTotals,
  updateOrderShipment,
  updateOrderStatus,
} from './orders.repository';
import { valleyDayOf, valleyNoon } from './valley-dates';

type Db = Kysely<CatalogAndOrdersDatabase>;
type Trx = Transaction<CatalogAndOrdersDatabase>;

/** Statuses in which an order's items are still on our shelf (not shipped, not delivered). */
const UNSHIPPED: ReadonlySet<OrderStatus> = new Set(['pending', 'paid', 'processing']);

/**
 * What a status change does to stock. Cancelling an order whose items have not left puts them back;
 * reviving a cancelled order that gave its items back takes them again. Shipped goods stay gone.
 */
export function stockMoveFor(
  order: { status: OrderStatus; stockHeld: boolean },
  next: OrderStatus,
): 'return' | 'take' | 'none' {
  if (next === order.status) return 'none';
  if (next === 'cancelled' && order.stockHeld && UNSHIPPED.has(order.status)) return 'return';
  if (order.status === 'cancelled' && !order.stockHeld) return 'take';
  return 'none';
}

/** Deleting an order gives back what it still holds and never shipped. */
export function returnsStockOnDelete(order: { status: OrderStatus; stockHeld: boolean }): boolean {
  return order.stockHeld && UNSHIPPED.has(order.status);
}

/** 'Order #12', or 'Order #12 (test mode)': the Activity tab marks what the sandbox paid. */
const orderLabel = (order: Pick<OrderRow, 'id' | 'testMode'>) => orderAuditLabel(order.id, order.testMode);

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

async function withItems(db: Db, rows: readonly OrderRow[]): Promise<AdminOrder[]> {
  const items = await listOrderItems(
    db,
    rows.map((row) => row.id),
  );
  const byOrder = new Map<number, OrderItemRow[]>();
  for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
  return rows.map((row) => toAdminOrder(row, byOrder.get(row.id) ?? []));
}

async function loadOrder(db: Db, id: number): Promise<AdminOrder> {
  const row = await findOrder(db, id);
  if (!row) throw notFound('Order not found');
  const [order] = await withItems(db, [row]);
  return order as AdminOrder;
}

/** GET /api/orders: an admin sees every order, anyone else only their own; newest first. */
export async function listOrdersFor(db: Db, caller: Identity): Promise<AdminOrder[]> {
  return withItems(db, await listOrders(db, caller.isAdmin ? {} : { userId: caller.id }));
}

/** What the admin order routes need: the database, identity's client, mail and links, a logger. */
export type OrdersDeps = FulfilmentDeps;

/**
 * Members by id from identity, in calls of at most MAX_USER_LOOKUP_IDS. A list shows without
 * usernames rather than failing when identity cannot answer (its orders still carry names and
 * e-mails), so a failure is logged and answers no one.
 */
async function lookUpMembers(
  deps: Pick<OrdersDeps, 'identity' | 'logger'>,
  userIds: ReadonlyArray<number | null>,
  requestId: string,
): Promise<Map<number, InternalUser>> {
  const ids = [...new Set(userIds.filter((id): id is number => id !== null))];
  const found = new Map<number, InternalUser>();
  if (!deps.identity || ids.length === 0) return found;
  try {
    for (let start = 0; start < ids.length; start += MAX_USER_LOOKUP_IDS) {
      const users = await deps.identity.call(userRoutes.internalLookup, {
        body: { ids: ids.slice(start, start + MAX_USER_LOOKUP_IDS) },
        requestId,
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
  deps: OrdersDeps,
  query: AdminOrdersQuery,
  requestId: string,
): Promise<AdminOrdersPage> {
  const { page, pageSize, ...filter } = query;
  const { rows, total } = await listOrdersPage(deps.db, filter, {
    offset: (page - 1) * pageSize,
    limit: pageSize,
  });
  const [orders, members] = await Promise.all([
    withItems(deps.db, rows),
    lookUpMembers(
      deps,
      rows.map((row) => row.userId),
      requestId,
    ),
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
  deps: OrdersDeps,
  filter: AdminOrdersFilter,
  requestId: string,
): Promise<string> {
  const rows = await listOrdersForExport(deps.db, filter);
  const members = await lookUpMembers(
    deps,
    rows.map((row) => row.userId),
    requestId,
  );
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
export async function orderStats(db: Db, days: number): Promise<OrderStats> {
  const [totals, perDay] = await Promise.all([orderTotals(db), ordersPerDay(db, days)]);
  const { testModeOrders, testModeRevenue, ...real } = totals;
  return { ...real, days, perDay, testMode: { count: testModeOrders, revenue: testModeRevenue } };
}

/** The customer of a manual order, as identity knows them (checked before the transaction). */
export type ManualOrderCustomer = Pick<InternalUser, 'id' | 'username' | 'email'>;

/**
 * A manual order (phone orders, special requests): priced from the catalog whatever the client
 * sent, created pending, its stock taken in the same transaction with the guard, and recorded.
 * The caller has looked the customer up in identity (never a network call inside the transaction);
 * their e-mail is kept with the order for its shipping notice, the address's name as its name.
 */
export async function createManualOrder(
  db: Db,
  body: ManualOrderBody,
  customer: ManualOrderCustomer,
  actor: AuditActor,
): Promise<AdminOrder> {
  const lines: StockLine[] = mergeLines(body.items);
  const id = await db.transaction().execute(async (trx) => {
    const products = await takeStock(trx, lines);
    const priced = lines.map((line) => {
      const product = products.get(line.productId);
      if (!product) throw notFound(`Product ${line.productId} not found`);
      return {
        ...line,
        name: product.name,
        price: product.price,
        cents: toCents(product.price) * line.quantity,
      };
    });
    const total = fromCents(priced.reduce((sum, line) => sum + line.cents, 0));
    const orderId = await insertOrder(
      trx,
      {
        userId: body.userId,
        status: 'pending',
        total,
        shippingCost: '0.00',
        shippingMethodId: null,
        shippingAddress: body.shippingAddress,
        customerName: body.shippingAddress.fullName,
        customerEmail: customer.email,
        stockHeld: true,
      },
      priced.map(({ productId, quantity, price }) => ({ productId, quantity, price })),
    );
    const items = priced.map(({ productId, name, quantity, price }) => ({
      productId,
      name,
      quantity,
      price,
    }));
    await recordAudit(trx, {
      actor,
      action: 'order.created_manually',
      target: { type: 'order', id: orderId, label: orderAuditLabel(orderId, false) },
      summary: `Created manual order #${orderId} for ${customer.username}: ${items
        .map((item) => `${item.quantity} x ${item.name}`)
        .join(', ')} ($${total})`,
      changes: {
        customer: { from: null, to: { id: customer.id, username: customer.username } },
        items: { from: null, to: items },
        total: { from: null, to: total },
        status: { from: null, to: 'pending' },
      },
    });
    return orderId;
  });
  return loadOrder(db, id);
}

/**
 * Moves a locked order to another status with its stock following (see stockMoveFor), inside the
 * caller's transaction. Reviving an order whose product was taken off sale is a 409.
 */
async function changeStatus(
  trx: Trx,
  order: OrderRow,
  status: OrderStatus,
  cancellationReason?: string,
): Promise<void> {
  const move = stockMoveFor(order, status);
  let stockHeld = order.stockHeld;
  if (move !== 'none') {
    const lines = await listOrderItems(trx, [order.id]);
    if (move === 'return') {
      await returnStock(trx, lines);
      stockHeld = false;
    } else {
      try {
        await takeStock(trx, lines);
      } catch (error) {
        if (error instanceof DomainError && error.code === 'not_found') {
          throw conflict('This order includes a product that is no longer on sale');
        }
        throw error;
      }
      stockHeld = true;
    }
  }
  await updateOrderStatus(trx, order.id, {
    status,
    stockHeld,
    ...(cancellationReason === undefined ? {} : { cancellationReason }),
  });
}

/** PUT /api/orders/{id}: any status, stock following it; a real change is recorded. */
export async function setOrderStatus(
  db: Db,
  id: number,
  status: OrderStatus,
  actor: AuditActor,
): Promise<AdminOrder> {
  await db.transaction().execute(async (trx) => {
    const order = await findOrderForUpdate(trx, id);
    if (!order) throw notFound('Order not found');
    if (order.status === status) return;
    await changeStatus(trx, order, status);
    await recordAudit(trx, {
      actor,
      action: 'order.status_changed',
      target: { type: 'order', id, label: orderLabel(order) },
      summary: `Changed order #${id} from ${order.status} to ${status}`,
      changes: { status: { from: order.status, to: status } },
    });
  });
  return loadOrder(db, id);
}

export async function deleteOrder(
  db: Db,
  id: number,
  actor: AuditActor,
): Promise<{ id: number; message: string }> {
  await db.transaction().execute(async (trx) => {
    const order = await findOrderForUpdate(trx, id);
    if (!order) throw notFound('Order not found');
    if (returnsStockOnDelete(order)) await returnStock(trx, await listOrderItems(trx, [id]));
    await deleteOrderRow(trx, id);
    await recordAudit(trx, {
      actor,
      action: 'order.deleted',
      target: { type: 'order', id, label: orderLabel(order) },
      summary: `Deleted order #${id} (${order.status}, $${order.total})`,
      changes: {
        status: { from: order.status, to: null },
        total: { from: order.total, to: null },
        userId: { from: order.userId, to: null },
      },
    });
  });
  return { id, message: 'Order deleted' };
}

/**
 * POST /internal/orders/{id}/cancel (payments, for 'Cancel and refund'): an unshipped order is
 * cancelled with the reason, its stock returned, and the admin payments names is recorded. An
 * order already cancelled answers unchanged (payments may ask again); one that left is a 409.
 */
export async function cancelOrderForRefund(
  db: Db,
  id: number,
  body: InternalCancelOrderBody,
): Promise<AdminOrder> {
  await db.transaction().execute(async (trx) => {
    const order = await findOrderForUpdate(trx, id);
    if (!order) throw notFound('Order not found');
    if (order.status === 'cancelled') return;
    if (order.status === 'shipped') throw conflict('This order has already shipped: it cannot be cancelled');
    if (order.status === 'delivered') {
      throw conflict('This order has already been delivered: it cannot be cancelled');
    }
    await changeStatus(trx, order, 'cancelled', body.reason);
    await recordAudit(trx, {
      actor: body.actor,
      action: 'order.cancelled_for_refund',
      target: { type: 'order', id, label: orderLabel(order) },
      summary: `Cancelled order #${id} for a refund: ${body.reason}`,
      changes: {
        status: { from: order.status, to: 'cancelled' },
        cancellationReason: { from: order.cancellationReason, to: body.reason },
      },
    });
  });
  return loadOrder(db, id);
}

/**
 * Where an order's e-mails go: the address it carries (a guest's as given, a member's taken at
 * checkout or when the manual order was made), else the member's account e-mail from identity.
 */
async function customerAddressOf(
  deps: OrdersDeps,
  order: Pick<OrderRow, 'userId' | 'customerEmail'>,
  requestId: string,
): Promise<string | null> {
  if (order.customerEmail) return order.customerEmail;
  if (order.userId === null) return null;
  return (await lookUpMembers(deps, [order.userId], requestId)).get(order.userId)?.email ?? null;
}

/**
 * PUT /api/admin/orders/{id}/shipment: the order is shipped with its tracking number (carrier and
 * expected day optional), and, in the same transaction, the customer's e-mail is queued. Sending
 * the same details again changes nothing and e-mails no one; a cancelled or delivered order is a
 * 409. The customer's address is found before the transaction (never a call while holding locks).
 */
export async function setShipment(
  deps: OrdersDeps,
  id: number,
  body: z.output<typeof ShipmentBodySchema>,
  actor: AuditActor,
  requestId: string,
): Promise<ShipmentResult> {
  const before = await findOrder(deps.db, id);
  if (!before) throw notFound('Order not found');
  const to = await customerAddressOf(deps, before, requestId);
  const next = {
    status: 'shipped' as const,
    trackingNumber: body.trackingNumber,
    carrier: body.carrier ?? null,
    estimatedDeliveryDate: body.estimatedDeliveryDate ?? null,
  };
  const customerNotified = await deps.db.transaction().execute(async (trx) => {
    const order = await findOrderForUpdate(trx, id);
    if (!order) throw notFound('Order not found');
    if (order.status === 'cancelled') throw conflict('A cancelled order cannot be shipped');
    if (order.status === 'delivered') throw conflict('This order has already been delivered');
    const current = {
      status: order.status,
      trackingNumber: order.trackingNumber,
      carrier: order.shippingCarrier,
      estimatedDeliveryDate: order.estimatedDeliveryDate ? valleyDayOf(order.estimatedDeliveryDate) : null,
    };
    const changes = diffChanges(current, next, [
      'status',
      'trackingNumber',
      'carrier',
      'estimatedDeliveryDate',
    ]);
    if (Object.keys(changes).length === 0) return false;
    const estimatedDeliveryDate = next.estimatedDeliveryDate ? valleyNoon(next.estimatedDeliveryDate) : null;
    // Shipping moves no stock (stockMoveFor): the units were taken when the order was made.
    await updateOrderShipment(trx, id, {
      status: 'shipped',
      trackingNumber: next.trackingNumber,
      shippingCarrier: next.carrier,
      estimatedDeliveryDate,
    });
    await recordAudit(trx, {
      actor,
      action: 'order.shipment_set',
      target: { type: 'order', id, label: orderLabel(order) },
      summary: `Shipped order #${id} with tracking number ${next.trackingNumber}${next.carrier ? ` (${next.carrier})` : ''}`,
      changes,
    });
    if (!to) {
      deps.logger.warn({ orderId: id }, 'shipped order without an e-mail address: customer not told');
      return false;
    }
    await deps.mailer.enqueue(
      trx,
      orderShippedEmail({
        to,
        name: order.customerName,
        orderId: id,
        items: await listOrderItems(trx, [id]),
        trackingNumber: next.trackingNumber,
        carrier: next.carrier,
        estimatedDeliveryDate,
        statusUrl: orderStatusUrl(deps, id),
      }),
    );
    return true;
  });
  return { order: await loadOrder(deps.db, id), customerNotified };
}
