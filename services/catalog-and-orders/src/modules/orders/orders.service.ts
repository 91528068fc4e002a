import type { Identity } from '@jesus-walks/contracts/common';
import { fromCents, toCents } from '@jesus-walks/contracts/money';
import type { AdminOrder, ManualOrderBody, OrderStatus } from '@jesus-walks/contracts/orders';
import { conflict, DomainError, notFound } from '@jesus-walks/service-kit/errors';
import type { Kysely } from 'kysely';
import type { CatalogAndOrdersDatabase } from '../../db/database';
import { mergeLines, returnStock, type StockLine, takeStock } from '../stock/stock.service';
import {
  deleteOrderRow,
  findOrder,
  findOrderForUpdate,
  insertOrder,
  listOrderItems,
  listOrders,
  type OrderItemRow,
  type OrderRow,
  updateOrderStatus,
} from './orders.repository';

type Db = Kysely<CatalogAndOrdersDatabase>;

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

/**
 * A manual order (phone orders, special requests): priced from the catalog whatever the client
 * sent, created pending, its stock taken in the same transaction with the guard. The caller has
 * checked the customer exists (a call to identity, never made inside the transaction).
 */
export async function createManualOrder(db: Db, body: ManualOrderBody): Promise<AdminOrder> {
  const lines: StockLine[] = mergeLines(body.items);
  const id = await db.transaction().execute(async (trx) => {
    const products = await takeStock(trx, lines);
    const priced = lines.map((line) => {
      const product = products.get(line.productId);
      if (!product) throw notFound(`Product ${line.productId} not found`);
      return { ...line, price: product.price, cents: toCents(product.price) * line.quantity };
    });
    const totalCents = priced.reduce((sum, line) => sum + line.cents, 0);
    return insertOrder(
      trx,
      {
        userId: body.userId,
        status: 'pending',
        total: fromCents(totalCents),
        shippingCost: '0.00',
        shippingMethodId: null,
        shippingAddress: body.shippingAddress,
        stockHeld: true,
      },
      priced.map(({ productId, quantity, price }) => ({ productId, quantity, price })),
    );
  });
  return loadOrder(db, id);
}

/** PUT /api/orders/{id}: any status, stock following it (see stockMoveFor). */
export async function setOrderStatus(db: Db, id: number, status: OrderStatus): Promise<AdminOrder> {
  await db.transaction().execute(async (trx) => {
    const order = await findOrderForUpdate(trx, id);
    if (!order) throw notFound('Order not found');
    const move = stockMoveFor(order, status);
    let stockHeld = order.stockHeld;
    if (move !== 'none') {
      const lines = await listOrderItems(trx, [id]);
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
    await updateOrderStatus(trx, id, { status, stockHeld });
  });
  return loadOrder(db, id);
}

export async function deleteOrder(db: Db, id: number): Promise<{ id: number; message: string }> {
  await db.transaction().execute(async (trx) => {
    const order = await findOrderForUpdate(trx, id);
    if (!order) throw notFound('Order not found');
    if (returnsStockOnDelete(order)) await returnStock(trx, await listOrderItems(trx, [id]));
    await deleteOrderRow(trx, id);
  });
  return { id, message: 'Order deleted' };
}
