import { type AdminOrdersFilter, revenueStatuses, VALLEY_TIME_ZONE } from '@jesus-walks/contracts/orders';
import { containsPattern } from '@jesus-walks/service-kit/database';
import { type ExpressionBuilder, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
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
  'customerName',
  'customerEmail',
  'trackingNumber',
  'shippingCarrier',
  'estimatedDeliveryDate',
  'cancellationReason',
  'paymentMethod',
  'testMode',
  'shippingMethodName',
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
  /** Paid through the sandbox (payments says so); never for a manual order. */
  testMode?: boolean;
}

export async function insertOrder(
  trx: Trx,
  order: NewOrder,
  items: ReadonlyArray<{ productId: number; quantity: number; price: string }>,
): Promise<number> {
  // The order and its lines in one statement (an order has at least one line: the contracts say so).
  const lines = JSON.stringify(
    items.map((item) => ({ product_id: item.productId, quantity: item.quantity, price: item.price })),
  );
  const { orderId } = await trx
    .with('newOrder', (db) => db.insertInto('orders').values(order).returning('id'))
    .insertInto('orderItems')
    .columns(['orderId', 'productId', 'quantity', 'price'])
    .expression(
      sql`select new_order.id, line.product_id, line.quantity, line.price
            from new_order, jsonb_to_recordset(${lines}::jsonb)
              as line(product_id integer, quantity integer, price numeric)`,
    )
    .returning('orderId')
    .executeTakeFirstOrThrow();
  return orderId;
}

/** Newest first; only one user's when `userId` is given, and at most `limit` when given. */
export async function listOrders(
  db: Db,
  filter: { userId?: number; limit?: number } = {},
): Promise<OrderRow[]> {
  let query = db.selectFrom('orders').select(orderColumns);
  if (filter.userId !== undefined) query = query.where('userId', '=', filter.userId);
  query = query.orderBy('createdAt', 'desc').orderBy('id', 'desc');
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  return query.execute();
}

/**
 * Orders placed as a guest (no account) with this e-mail, whatever its case: the ones a member
 * with this account address may claim. lower(customer_email) of guests is indexed (0010).
 */
function guestOrdersOf(email: string) {
  return (eb: ExpressionBuilder<CatalogAndOrdersDatabase, 'orders'>) =>
    eb.and([
      eb('orders.userId', 'is', null),
      eb(sql<string>`lower(orders.customer_email)`, '=', sql<string>`lower(${email})`),
    ]);
}

export async function countGuestOrders(db: Db, email: string): Promise<number> {
  const { count } = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where(guestOrdersOf(email))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** A guest order as the e-mail that offers to claim it lists it. */
export interface GuestOrderRow {
  id: number;
  createdAt: Date;
  total: string;
}

/** The guest orders of this e-mail, newest first. */
export async function listGuestOrders(db: Db, email: string): Promise<GuestOrderRow[]> {
  return db
    .selectFrom('orders')
    .select(['id', 'createdAt', 'total'])
    .where(guestOrdersOf(email))
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Gives every guest order of this e-mail to the member, in one statement; answers the orders it
 * moved, oldest first. An order another claim moved first is no longer a guest's when this one
 * reaches it (Postgres re-checks the condition after the row lock), so each is moved once.
 */
export async function claimGuestOrders(
  trx: Trx,
  claim: { email: string; userId: number },
): Promise<Array<Pick<OrderRow, 'id' | 'testMode'>>> {
  const moved = await trx
    .updateTable('orders')
    .set({ userId: claim.userId, updatedAt: sql<Date>`now()` })
    .where(guestOrdersOf(claim.email))
    .returning(['id', 'testMode'])
    .execute();
  return moved.sort((a, b) => a.id - b.id);
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
  changes: { status: OrderStatus; stockHeld: boolean; cancellationReason?: string | null },
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ ...changes, updatedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** What shipping an order records: its tracking, carrier and expected day, and the status shipped. */
export async function updateOrderShipment(
  trx: Trx,
  id: number,
  shipment: {
    status: OrderStatus;
    trackingNumber: string;
    shippingCarrier: string | null;
    estimatedDeliveryDate: Date | null;
  },
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ ...shipment, updatedAt: sql<Date>`now()` })
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

/**
 * In one read, the orders a fulfilment must know of: the one this payment made already (a repeated
 * call), and the first of this quote that was not cancelled (another payment already bought it).
 */
export async function findOrdersOfPaymentAndQuote(
  db: Db,
  ids: { paymentId: string; quoteId: string },
): Promise<{ ofPayment: PaidOrderRow | undefined; liveOfQuote: PaidOrderRow | undefined }> {
  const rows: Array<PaidOrderRow & { paymentId: string | null }> = await db
    .selectFrom('orders')
    .select([...paidOrderColumns, 'paymentId'])
    .where((eb) =>
      eb.or([
        eb('paymentId', '=', ids.paymentId),
        eb.and([eb('quoteId', '=', ids.quoteId), eb('status', '<>', 'cancelled')]),
      ]),
    )
    .orderBy('id')
    .execute();
  return {
    ofPayment: rows.find((row) => row.paymentId === ids.paymentId),
    liveOfQuote: rows.find((row) => row.quoteId === ids.quoteId && row.status !== 'cancelled'),
  };
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
  shippingCarrier: string | null;
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
      'shippingCarrier',
      'cancellationReason',
      'createdAt',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The first instant of a valley day ('2030-03-10' -> its midnight in America/Los_Angeles). */
function valleyMidnight(day: string) {
  return sql<Date>`(${day}::date)::timestamp at time zone ${VALLEY_TIME_ZONE}`;
}

/** The first instant of the valley day after this one (the exclusive end of a range ending that day). */
function valleyMidnightAfter(day: string) {
  return sql<Date>`(${day}::date + 1)::timestamp at time zone ${VALLEY_TIME_ZONE}`;
}

/** The admin list's filters as one condition (every part optional; all given parts must hold). */
function matchesFilter(filter: AdminOrdersFilter) {
  return (eb: ExpressionBuilder<CatalogAndOrdersDatabase, 'orders'>) => {
    const conditions = [];
    if (filter.status) conditions.push(eb('orders.status', '=', filter.status));
    if (filter.userId !== undefined) conditions.push(eb('orders.userId', '=', filter.userId));
    if (filter.from) conditions.push(eb('orders.createdAt', '>=', valleyMidnight(filter.from)));
    if (filter.to) conditions.push(eb('orders.createdAt', '<', valleyMidnightAfter(filter.to)));
    if (filter.q) {
      const pattern = containsPattern(filter.q);
      const words = [
        eb('orders.customerName', 'ilike', pattern),
        eb('orders.customerEmail', 'ilike', pattern),
        eb(sql<string>`orders.shipping_address ->> 'fullName'`, 'ilike', pattern),
      ];
      const id = /^#?([1-9][0-9]{0,9})$/.exec(filter.q)?.[1];
      if (id !== undefined && Number(id) <= 2_147_483_647) words.push(eb('orders.id', '=', Number(id)));
      conditions.push(eb.or(words));
    }
    return eb.and(conditions);
  };
}

/** One page of the admin list, newest first, and how many orders match in all. */
export async function listOrdersPage(
  db: Db,
  filter: AdminOrdersFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('orders')
      .select(orderColumns)
      .where(matchesFilter(filter))
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where(matchesFilter(filter))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** An order as the CSV export writes it: its items already summarised ('2 x Trail Cap; 1 x Camp Mug'). */
export interface OrderExportRow extends OrderRow {
  paymentMethod: string | null;
  itemsSummary: string | null;
  itemCount: number;
}

/** Every order matching the filter, newest first, each with its items in one text (one query). */
export async function listOrdersForExport(db: Db, filter: AdminOrdersFilter): Promise<OrderExportRow[]> {
  return db
    .selectFrom('orders')
    .select(orderColumns)
    .select([
      'paymentMethod',
      sql<string | null>`(select string_agg(oi.quantity || ' x ' || p.name, '; ' order by oi.id)
        from order_items oi join products p on p.id = oi.product_id where oi.order_id = orders.id)`.as(
        'itemsSummary',
      ),
      sql<number>`(select coalesce(sum(oi.quantity), 0)::int from order_items oi where oi.order_id = orders.id)`.as(
        'itemCount',
      ),
    ])
    .where(matchesFilter(filter))
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

const revenueStatusList = sql`(${sql.join(revenueStatuses.map((status) => sql.lit(status)))})`;

/**
 * Every real order and the revenue of those in revenueStatuses (2 decimals), the same two figures
 * for test-mode orders apart, and the products on sale.
 */
export async function orderTotals(db: Db): Promise<{
  totalOrders: number;
  revenue: string;
  testModeOrders: number;
  testModeRevenue: string;
  totalProducts: number;
}> {
  const { rows } = await sql<{
    totalOrders: number;
    revenue: string;
    testModeOrders: number;
    testModeRevenue: string;
    totalProducts: number;
  }>`
    select
      count(*) filter (where not test_mode)::int as total_orders,
      round(coalesce(sum(total) filter (where not test_mode and status in ${revenueStatusList}), 0), 2)::text as revenue,
      count(*) filter (where test_mode)::int as test_mode_orders,
      round(coalesce(sum(total) filter (where test_mode and status in ${revenueStatusList}), 0), 2)::text as test_mode_revenue,
      (select count(*)::int from products where deleted_at is null) as total_products
    from orders
  `.execute(db);
  const [totals] = rows;
  if (!totals) throw new Error('totals query returned no row');
  return totals;
}

/**
 * Real orders placed and their revenue per valley day, over the `days` days ending today in the
 * valley, oldest first; a day without orders is there with zeros. Test-mode orders are left out.
 */
export async function ordersPerDay(
  db: Db,
  days: number,
): Promise<Array<{ date: string; orders: number; revenue: string }>> {
  const { rows } = await sql<{ date: string; orders: number; revenue: string }>`
    with period as (
      select (now() at time zone ${VALLEY_TIME_ZONE})::date - ${days - 1}::int as first_day,
             (now() at time zone ${VALLEY_TIME_ZONE})::date as last_day
    ),
    placed as (
      select (o.created_at at time zone ${VALLEY_TIME_ZONE})::date as day,
             count(*)::int as orders,
             coalesce(sum(o.total) filter (where o.status in ${revenueStatusList}), 0) as revenue
      from orders o, period
      where o.created_at >= period.first_day::timestamp at time zone ${VALLEY_TIME_ZONE}
        and not o.test_mode
      group by 1
    )
    select to_char(d.day, 'YYYY-MM-DD') as date,
           coalesce(placed.orders, 0) as orders,
           round(coalesce(placed.revenue, 0), 2)::text as revenue
    from period,
         lateral (select generate_series(period.first_day, period.last_day, interval '1 day')::date as day) d
    left join placed on placed.day = d.day
    order by d.day
  `.execute(db);
  return rows;
}

/** What a paid order's confirmation e-mail says, while it has not been queued yet. */
export async function findOrderToConfirm(db: Db | Trx, orderId: number) {
  return db
    .selectFrom('orders')
    .select([
      'id',
      'userId',
      'customerEmail',
      'customerName',
      'quoteId',
      'shippingAddress',
      'shippingMethodName',
      'shippingCost',
      'total',
      'estimatedDeliveryDate',
    ])
    .where('id', '=', orderId)
    .where('confirmationQueuedAt', 'is', null)
    .executeTakeFirst();
}

/**
 * Marks the order's confirmation queued (and where it goes), once: false when another run of its
 * job got there first.
 */
export async function markConfirmationQueued(
  trx: Trx,
  orderId: number,
  customerEmail: string | null,
): Promise<boolean> {
  const marked = await trx
    .updateTable('orders')
    .set({
      confirmationQueuedAt: new Date(),
      customerEmail: sql<string | null>`coalesce(${customerEmail}, customer_email)`,
      updatedAt: new Date(),
    })
    .where('id', '=', orderId)
    .where('confirmationQueuedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return marked !== undefined;
}
