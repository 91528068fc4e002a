import { fromCents, toCents } from '@jesus-walks/contracts/money';
import {
  type AdminOrder,
  type InternalCancelOrderBody,
  type ManualOrderBody,
  type OrderStatus,
  orderAuditLabel,
  type ShipmentBodySchema,
  type ShipmentResult,
} from '@jesus-walks/contracts/orders';
import { type InternalUser, userRoutes } from '@jesus-walks/contracts/users';
import { type AuditActor, diffChanges, recordAudit } from '@jesus-walks/service-kit/audit';
import { conflict, DomainError, notFound, upstreamUnavailable } from '@jesus-walks/service-kit/errors';
import type { z } from 'zod';
import type { CatalogDeps, InTransaction } from '../../deps';
import { mergeLines, returnStock, type StockLine, takeStock } from '../stock/stock.service';
import { orderShippedEmail } from './order-emails';
import { orderStatusUrl } from './order-fulfilment.service';
import { getAdminOrder, lookUpMembers } from './order-reads.service';
import {
  deleteOrderRow,
  findOrder,
  findOrderForUpdate,
  insertOrder,
  listOrderItems,
  type OrderRow,
  updateOrderShipment,
  updateOrderStatus,
} from './orders.repository';
import { valleyDayOf, valleyNoon } from './valley-dates';

/*
 * An order's lifecycle as an admin (or payments, for a refund) changes it: made by hand, moved
 * from status to status with its stock following, shipped, cancelled, deleted. Each change and its
 * entry in the activity record commit together. Reading orders is order-reads.service.ts; a paid
 * checkout becoming an order is order-fulfilment.service.ts.
 */

type OrdersDb = Pick<CatalogDeps, 'db'>;

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

/** The customer of a manual order, as identity knows them (checked before the transaction). */
type ManualOrderCustomer = Pick<InternalUser, 'id' | 'username' | 'email'>;

/**
 * The customer of a manual order must exist in identity (asked before any transaction), through
 * identity's batch lookup: an unknown id is simply absent from its answer.
 */
async function findCustomer(
  deps: Pick<CatalogDeps, 'identity'>,
  input: { userId: number; requestId: string },
): Promise<ManualOrderCustomer> {
  if (!deps.identity) throw upstreamUnavailable('identity is not configured (IDENTITY_URL)');
  const found = await deps.identity.call(userRoutes.internalLookup, {
    body: { ids: [input.userId] },
    requestId: input.requestId,
  });
  const customer = found.find((user) => user.id === input.userId);
  if (!customer) throw notFound('Customer not found');
  return customer;
}

/**
 * A manual order (phone orders, special requests): priced from the catalog whatever the client
 * sent, created pending, its stock taken in the same transaction with the guard, and recorded.
 * The customer is looked up in identity first (never a network call inside the transaction);
 * their e-mail is kept with the order for its shipping notice, the address's name as its name.
 */
export async function createManualOrder(
  deps: Pick<CatalogDeps, 'db' | 'identity'>,
  input: ManualOrderBody & { actor: AuditActor; requestId: string },
): Promise<AdminOrder> {
  const { actor, requestId, ...body } = input;
  const customer = await findCustomer(deps, { userId: body.userId, requestId });
  const lines: StockLine[] = mergeLines(body.items);
  const id = await deps.db.transaction().execute(async (trx) => {
    const products = await takeStock({ db: trx }, { items: lines });
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
  return getAdminOrder(deps, id);
}

/**
 * Moves a locked order to another status with its stock following (see stockMoveFor), inside the
 * caller's transaction. Reviving an order whose product was taken off sale is a 409.
 */
async function changeStatus(
  deps: InTransaction,
  order: OrderRow,
  status: OrderStatus,
  cancellationReason?: string,
): Promise<void> {
  const trx = deps.db;
  const move = stockMoveFor(order, status);
  let stockHeld = order.stockHeld;
  if (move !== 'none') {
    const lines = await listOrderItems(trx, [order.id]);
    if (move === 'return') {
      await returnStock(deps, lines);
      stockHeld = false;
    } else {
      try {
        await takeStock(deps, { items: lines });
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
  deps: OrdersDb,
  input: { id: number; status: OrderStatus; actor: AuditActor },
): Promise<AdminOrder> {
  const { id, status, actor } = input;
  await deps.db.transaction().execute(async (trx) => {
    const order = await findOrderForUpdate(trx, id);
    if (!order) throw notFound('Order not found');
    if (order.status === status) return;
    await changeStatus({ db: trx }, order, status);
    await recordAudit(trx, {
      actor,
      action: 'order.status_changed',
      target: { type: 'order', id, label: orderLabel(order) },
      summary: `Changed order #${id} from ${order.status} to ${status}`,
      changes: { status: { from: order.status, to: status } },
    });
  });
  return getAdminOrder(deps, id);
}

/** DELETE /api/orders/{id}: what it still holds unshipped goes back on the shelf; recorded. */
export async function deleteOrder(
  deps: OrdersDb,
  input: { id: number; actor: AuditActor },
): Promise<{ id: number; message: string }> {
  const { id, actor } = input;
  await deps.db.transaction().execute(async (trx) => {
    const order = await findOrderForUpdate(trx, id);
    if (!order) throw notFound('Order not found');
    if (returnsStockOnDelete(order)) await returnStock({ db: trx }, await listOrderItems(trx, [id]));
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
  deps: OrdersDb,
  input: InternalCancelOrderBody & { id: number },
): Promise<AdminOrder> {
  const { id, ...body } = input;
  await deps.db.transaction().execute(async (trx) => {
    const order = await findOrderForUpdate(trx, id);
    if (!order) throw notFound('Order not found');
    if (order.status === 'cancelled') return;
    if (order.status === 'shipped') throw conflict('This order has already shipped: it cannot be cancelled');
    if (order.status === 'delivered') {
      throw conflict('This order has already been delivered: it cannot be cancelled');
    }
    await changeStatus({ db: trx }, order, 'cancelled', body.reason);
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
  return getAdminOrder(deps, id);
}

/**
 * Where an order's e-mails go: the address it carries (a guest's as given, a member's taken at
 * checkout or when the manual order was made), else the member's account e-mail from identity.
 */
async function customerAddressOf(
  deps: Pick<CatalogDeps, 'identity' | 'logger'>,
  order: Pick<OrderRow, 'userId' | 'customerEmail'>,
  requestId: string,
): Promise<string | null> {
  if (order.customerEmail) return order.customerEmail;
  if (order.userId === null) return null;
  const members = await lookUpMembers(deps, { userIds: [order.userId], requestId });
  return members.get(order.userId)?.email ?? null;
}

/**
 * PUT /api/admin/orders/{id}/shipment: the order is shipped with its tracking number (carrier and
 * expected day optional), and, in the same transaction, the customer's e-mail is queued. Sending
 * the same details again changes nothing and e-mails no one; a cancelled or delivered order is a
 * 409. The customer's address is found before the transaction (never a call while holding locks).
 */
export async function setShipment(
  deps: CatalogDeps,
  input: z.output<typeof ShipmentBodySchema> & { id: number; actor: AuditActor; requestId: string },
): Promise<ShipmentResult> {
  const { id, actor, requestId, ...body } = input;
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
  return { order: await getAdminOrder(deps, id), customerNotified };
}
