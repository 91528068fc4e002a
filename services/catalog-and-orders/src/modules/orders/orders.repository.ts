import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type {
  CatalogAndOrdersDatabase,
  OrderStatus,
  OrdersTable,
  StoredShippingAddress,
} from '../../db/database';

type Db = Kysely<CatalogAndOrdersDatabase> | Transaction<CatalogAndOrdersDatabase>;
type Trx = Transaction<CatalogAndOrdersDatabase>;

const orderColumns = [
  'id',
  'userId',
  'status',
  'total',
  'shippingCost',
  'shippingAddress',
  'stockHeld',
  'createdAt',
  'updatedAt',
] as const;

export type OrderRow = Pick<Selectable<OrdersTable>, (typeof orderColumns)[number]>;

export interface OrderItemRow {
  orderId: number;
  productId: number;
  name: string;
  quantity: number;
  price: string;
}

export interface NewOrder {
  userId: number | null;
  status: OrderStatus;
  total: string;
  shippingCost: string;
  shippingMethodId: number | null;
  shippingAddress: StoredShippingAddress | null;
  stockHeld: boolean;
}

export async function insertOrder(
  trx: Trx,
  order: NewOrder,
  items: ReadonlyArray<{ productId: number; quantity: number; price: string }>,
): Promise<number> {
  const { id } = await trx.insertInto('orders').values(order).returning('id').executeTakeFirstOrThrow();
  await trx
    .insertInto('orderItems')
    .values(items.map((item) => ({ orderId: id, ...item })))
    .execute();
  return id;
}

/** Newest first; only one user's when `userId` is given. */
export async function listOrders(db: Db, filter: { userId?: number } = {}): Promise<OrderRow[]> {
  let query = db.selectFrom('orders').select(orderColumns);
  if (filter.userId !== undefined) query = query.where('userId', '=', filter.userId);
  return query.orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
}

export async function findOrder(db: Db, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').select(orderColumns).where('id', '=', id).executeTakeFirst();
}

/** Locks the order for the rest of the transaction (status and stock change together). */
export async function findOrderForUpdate(trx: Trx, id: number): Promise<OrderRow | undefined> {
  return trx.selectFrom('orders').select(orderColumns).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Lines of the given orders, with product names (deleted products included: it is history). */
export async function listOrderItems(db: Db, orderIds: readonly number[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('orderItems')
    .innerJoin('products', 'products.id', 'orderItems.productId')
    .select([
      'orderItems.orderId',
      'orderItems.productId',
      'products.name',
      'orderItems.quantity',
      'orderItems.price',
    ])
    .where('orderItems.orderId', 'in', [...orderIds])
    .orderBy('orderItems.id')
    .execute();
}

export async function updateOrderStatus(
  trx: Trx,
  id: number,
  changes: { status: OrderStatus; stockHeld: boolean },
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ ...changes, updatedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deleteOrderRow(trx: Trx, id: number): Promise<void> {
  await trx.deleteFrom('orders').where('id', '=', id).execute();
}
