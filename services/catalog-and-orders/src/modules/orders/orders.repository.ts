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
  /** What a paid order (fulfilled from a quote) records besides. */
  quoteId?: string | null;
  paymentId?: string | null;
  paymentMethod?: string | null;
  customerEmail?: string | null;
  customerName?: string | null;
  phoneNumber?: string | null;
  shippingMethodName?: string | null;
  estimatedDeliveryDate?: Date | null;
  cancellationReason?: string | null;
  fulfilmentOutcome?: 'fulfilled' | 'unfulfillable' | null;
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

/** What a fulfilment answers about an order (the same for every call with its payment). */
export interface PaidOrderRow {
  id: number;
  fulfilmentOutcome: 'fulfilled' | 'unfulfillable' | null;
  quoteId: string | null;
  status: OrderStatus;
  total: string;
  cancellationReason: string | null;
}

const paidOrderColumns = [
  'id',
  'fulfilmentOutcome',
  'quoteId',
  'status',
  'total',
  'cancellationReason',
] as const;

export async function findOrderByPaymentId(db: Db, paymentId: string): Promise<PaidOrderRow | undefined> {
  return db
    .selectFrom('orders')
    .select(paidOrderColumns)
    .where('paymentId', '=', paymentId)
    .executeTakeFirst();
}

/** An order of this quote that was not cancelled (another payment already bought it). */
export async function findLiveOrderOfQuote(db: Db, quoteId: string): Promise<PaidOrderRow | undefined> {
  return db
    .selectFrom('orders')
    .select(paidOrderColumns)
    .where('quoteId', '=', quoteId)
    .where('status', '<>', 'cancelled')
    .orderBy('id')
    .executeTakeFirst();
}

/**
 * Serialises everything done for one payment until the transaction ends: concurrent fulfilments
 * of the same payment (browser and webhook, retries) run one after the other, and each later one
 * finds the order the first created. orders.payment_id is unique as the last line of defence.
 */
export async function lockPayment(trx: Trx, paymentId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`catalog-and-orders/payment/${paymentId}`}, 0))`.execute(
    trx,
  );
}

/** What the buyer's status page shows of an order. */
export interface OrderStatusRow {
  id: number;
  status: OrderStatus;
  total: string;
  shippingCost: string;
  shippingAddress: StoredShippingAddress | null;
  shippingMethodName: string | null;
  estimatedDeliveryDate: Date | null;
  trackingNumber: string | null;
  cancellationReason: string | null;
  createdAt: Date;
}

export async function findOrderStatus(db: Db, id: number): Promise<OrderStatusRow | undefined> {
  return db
    .selectFrom('orders')
    .select([
      'id',
      'status',
      'total',
      'shippingCost',
      'shippingAddress',
      'shippingMethodName',
      'estimatedDeliveryDate',
      'trackingNumber',
      'cancellationReason',
      'createdAt',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}
