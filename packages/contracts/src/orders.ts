import { z } from 'zod';
import { ErrorResponseSchema, IdParamsSchema, MAX_ROW_ID, PageQuerySchema, pageOf } from './common';
import { MoneySchema } from './money';
import { definePayableRoutes, HolderSchema, PayableQuoteSchema } from './payable';
import { RowIdSchema } from './products';
import { defineRoute, defineRoutes } from './route-contract';

import { ShippingDestinationSchema, ShippingRateSchema } from './shipping';

export const orderStatuses = ['pending', 'paid', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export const OrderStatusSchema = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/**
 * Orders that brought money in, the revenue of the overview: paid, processing, shipped and
 * delivered. Pending ones have not been paid (yet), cancelled ones never will be (or were refunded).
 */
export const revenueStatuses: readonly OrderStatus[] = ['paid', 'processing', 'shipped', 'delivered'];

/** Statuses an admin is offered in the order detail view (SPEC.md section 4). */
export const adminSelectableStatuses = [
  'pending',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
] as const;

export const OrderItemInputSchema = z.object({
  productId: RowIdSchema,
  quantity: z.number().int().min(1, 'Quantity must be at least 1').max(1000),
  /** Sent by the client, never trusted: the server prices every item from the catalog. */
  price: MoneySchema.optional(),
});
export type OrderItemInput = z.infer<typeof OrderItemInputSchema>;

/** Manual-order address (SPEC.md section 3): country defaults to 'US'. */
export const ManualOrderAddressSchema = z.object({
  fullName: z.string().trim().min(1, 'Full name is required'),
  street: z.string().trim().min(1, 'Street address is required'),
  city: z.string().trim().min(1, 'City is required'),
  state: z.string().trim().min(1, 'State is required'),
  zipCode: z.string().trim().min(1, 'Zip code is required'),
  country: z.string().trim().default('US'),
});

/** POST /api/admin/create-order (SPEC.md section 3 "Manual order payload"). */
export const ManualOrderBodySchema = z.object({
  userId: RowIdSchema,
  items: z.array(OrderItemInputSchema).min(1),
  total: z
    .string()
    .regex(/^\d+\.\d{2}$/)
    .optional(),
  shippingAddress: ManualOrderAddressSchema,
  status: z.literal('pending').default('pending'),
});
export type ManualOrderBody = z.infer<typeof ManualOrderBodySchema>;

/** A line of an order, at the price it was sold for. */
export const OrderLineSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  price: z.string(),
});

/** Order as listed to admins: total with 2 decimals; address object or JSON string. */
export const AdminOrderSchema = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  status: OrderStatusSchema,
  total: z.string(),
  shippingCost: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  shippingAddress: z.union([z.record(z.string(), z.unknown()), z.string()]).nullable(),
  items: z.array(OrderLineSchema),
  /** The name given at checkout, or on a manual order's address. */
  customerName: z.string().nullable(),
  /** Where the order's e-mails go (a guest's as given, a member's account e-mail). */
  customerEmail: z.string().nullable(),
  /** Set when the order ships (PUT /api/admin/orders/{id}/shipment). */
  trackingNumber: z.string().nullable(),
  carrier: z.string().nullable(),
  /** ISO 8601 instant (for an admin-entered day: noon of that day in the valley). */
  estimatedDeliveryDate: z.string().nullable(),
  cancellationReason: z.string().nullable(),
  /** How it was paid online (a PaymentMethod); null for a manual order, which no payment pays. */
  paymentMethod: z.string().nullable(),
  /**
   * Paid through the built-in sandbox (no real money moved): marked wherever the admin sees it and
   * left out of the revenue. Never true for a manual order.
   */
  testMode: z.boolean(),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

/** The words that mark what the sandbox paid (no real money) wherever an admin sees it. */
export const TEST_MODE_LABEL = 'Test mode';

/**
 * How the activity record names an order, in every service that records one: 'Order #12', and
 * 'Order #12 (test mode)' for one the sandbox paid, so the Activity tab marks it too.
 */
export function orderAuditLabel(id: number, testMode: boolean): string {
  return testMode ? `Order #${id} (test mode)` : `Order #${id}`;
}

/** The valley's time zone (contracts/constants.ts), re-exported beside the day filters that use it. */
export { VALLEY_TIME_ZONE } from './constants';

/** A calendar day 'YYYY-MM-DD' that exists (no 2030-02-30). */
export const CalendarDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date (YYYY-MM-DD)')
  .refine((text) => {
    const [year, month, day] = text.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  }, 'Must be a real date (YYYY-MM-DD)');

const adminOrdersFilterShape = {
  status: OrderStatusSchema.optional(),
  /** One customer's orders (their user id). */
  userId: z.coerce.number().int().min(1).max(MAX_ROW_ID).optional(),
  /** An order id ('12' or '#12'), or words in the customer's name or e-mail (case-insensitive). */
  q: z.string().trim().max(100).optional(),
  /** First day, inclusive, in the valley's time zone. */
  from: CalendarDateSchema.optional(),
  /** Last day, inclusive, in the valley's time zone. */
  to: CalendarDateSchema.optional(),
};

/** The date range reads forwards (a single day: from = to). */
function datesInOrder(filter: { from?: string | undefined; to?: string | undefined }): boolean {
  return !filter.from || !filter.to || filter.from <= filter.to;
}
const datesInOrderError = { message: 'The start date must be on or before the end date', path: ['to'] };

/** Filters of the admin order list and its CSV export. */
export const AdminOrdersFilterSchema = z
  .object(adminOrdersFilterShape)
  .refine(datesInOrder, datesInOrderError);
export type AdminOrdersFilter = z.infer<typeof AdminOrdersFilterSchema>;

export const AdminOrdersQuerySchema = PageQuerySchema.extend(adminOrdersFilterShape).refine(
  datesInOrder,
  datesInOrderError,
);
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuerySchema>;

/** An order in the admin list: the customer's username looked up in identity (null: a guest, or unknown). */
export const AdminOrderListItemSchema = AdminOrderSchema.extend({ customerUsername: z.string().nullable() });
export type AdminOrderListItem = z.infer<typeof AdminOrderListItemSchema>;
export const AdminOrdersPageSchema = pageOf(AdminOrderListItemSchema);
export type AdminOrdersPage = z.infer<typeof AdminOrdersPageSchema>;

export const OrderStatsQuerySchema = z.object({
  /** How many days the per-day figures cover, today (in the valley) included. */
  days: z.coerce.number().int().min(1).max(365).default(30),
});

export const OrderDayStatsSchema = z.object({
  /** The day in the valley, 'YYYY-MM-DD'. */
  date: z.string(),
  /** Orders placed that day, whatever their status now (test-mode orders left out). */
  orders: z.number().int().min(0),
  /** Revenue of that day's orders (revenueStatuses, test mode left out), 2 decimals. */
  revenue: z.string(),
});
export type OrderDayStats = z.infer<typeof OrderDayStatsSchema>;

/** What the sandbox took (no real money): counted apart from the real figures, never in them. */
export const TestModeFiguresSchema = z.object({
  count: z.number().int().min(0),
  /** As the real revenue would count them, 2 decimals. */
  revenue: z.string(),
});

/**
 * The overview's figures: all-time totals and, per day over the period, orders and revenue. Orders
 * paid in test mode (the sandbox) are in none of them: they are counted apart in `testMode`.
 */
export const OrderStatsSchema = z.object({
  totalOrders: z.number().int().min(0),
  /** Sum of the totals of orders in revenueStatuses, 2 decimals ('0.00' if none). */
  revenue: z.string(),
  /** Products on sale (test products included: the admin's table lists them). */
  totalProducts: z.number().int().min(0),
  days: z.number().int(),
  /** Oldest first, every day of the period (days without orders as zeros). */
  perDay: z.array(OrderDayStatsSchema),
  /** Every test-mode order, and the revenue they would have been (all time). */
  testMode: TestModeFiguresSchema,
});
export type OrderStats = z.infer<typeof OrderStatsSchema>;

/** PUT /api/admin/orders/{id}/shipment: the order ships with its tracking, and the customer is told. */
export const ShipmentBodySchema = z.object({
  trackingNumber: z
    .string()
    .trim()
    .min(1, 'Tracking number is required')
    .max(100, 'Tracking number cannot exceed 100 characters'),
  carrier: z
    .string()
    .trim()
    .max(50, 'Carrier cannot exceed 50 characters')
    .optional()
    .transform((value) => (value ? value : undefined)),
  /** The day it should arrive, in the valley. */
  estimatedDeliveryDate: CalendarDateSchema.optional(),
});
export type ShipmentBody = z.input<typeof ShipmentBodySchema>;

export const ShipmentResultSchema = z.object({
  order: AdminOrderSchema,
  /** True when a shipping e-mail was queued for the customer (false: nothing changed, or no address). */
  customerNotified: z.boolean(),
});
export type ShipmentResult = z.infer<typeof ShipmentResultSchema>;

/** PUT /api/orders/{id}: any status of the list, no transition restrictions (SPEC.md section 4). */
export const UpdateOrderBodySchema = z.object({ status: OrderStatusSchema });

export const OrderDeletedSchema = z.object({ id: z.number().int(), message: z.string() });
export type OrderDeleted = z.infer<typeof OrderDeletedSchema>;

/**
 * Internal quote request (payments -> catalog): the items (client prices ignored), where they go
 * and, optionally, the chosen method (else the cheapest that serves the address), and who the
 * checkout is for. A quote that replaces an earlier one of the same checkout releases the earlier
 * reservation first (and that one does not count against the holder's share).
 */
export const QuoteBodySchema = z.object({
  items: z.array(OrderItemInputSchema).min(1).max(100),
  destination: ShippingDestinationSchema,
  shippingMethodId: RowIdSchema.optional(),
  replacesQuoteId: z.uuid().optional(),
  holder: HolderSchema,
});
export type QuoteBody = z.infer<typeof QuoteBodySchema>;

/** Catalog's quote: a payable quote whose goods are shipped by the chosen method. */
export const QuoteSchema = PayableQuoteSchema.extend({ shippingMethod: ShippingRateSchema });
export type Quote = z.infer<typeof QuoteSchema>;

/**
 * Reads an admin order's address tolerantly (SPEC.md section 3): fullName or firstName+lastName;
 * street or address1; zipCode or postalCode. Missing parts 'N/A'; unparseable 'Invalid address
 * format'; absent 'No shipping address'.
 */
export function describeShippingAddress(address: AdminOrder['shippingAddress'] | undefined): string {
  if (address === null || address === undefined || address === '') return 'No shipping address';
  let value: unknown = address;
  if (typeof address === 'string') {
    try {
      value = JSON.parse(address);
    } catch {
      return 'Invalid address format';
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'Invalid address format';
  const field = (...keys: string[]) => {
    for (const key of keys) {
      const part = (value as Record<string, unknown>)[key];
      if (typeof part === 'string' && part.trim() !== '') return part.trim();
    }
    return undefined;
  };
  const joinedName = [field('firstName'), field('lastName')].filter(Boolean).join(' ');
  const name = field('fullName') ?? (joinedName || undefined);
  const parts = [
    name,
    field('street', 'address1'),
    field('city'),
    field('state'),
    field('zipCode', 'postalCode'),
    field('country'),
  ];
  return parts.map((part) => part ?? 'N/A').join(', ');
}

/** The order a buyer follows from the signed link of their confirmation e-mail, no account needed. */
export const OrderStatusQuerySchema = z.object({ token: z.string().min(1).max(500) });
export const OrderStatusViewSchema = z.object({
  id: z.number().int(),
  status: OrderStatusSchema,
  items: z.array(OrderLineSchema),
  subtotal: z.string(),
  shippingCost: z.string(),
  total: z.string(),
  shippingAddress: z.union([z.record(z.string(), z.unknown()), z.string()]).nullable(),
  shippingMethod: z.string().nullable(),
  estimatedDeliveryDate: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  carrier: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderStatusView = z.infer<typeof OrderStatusViewSchema>;

/**
 * POST /internal/orders/{id}/cancel (payments -> catalog, for 'Cancel and refund'): cancels a paid
 * or processing order and returns its stock, recording the admin who asked. Cancelling an order
 * that is already cancelled answers it unchanged; a shipped or delivered order is a 409.
 */
export const InternalCancelOrderBodySchema = z.object({
  reason: z.string().trim().min(1).max(500),
  /** The admin on whose behalf payments asks, for the activity record. */
  actor: z.object({ id: RowIdSchema, username: z.string().max(100) }),
});
export type InternalCancelOrderBody = z.infer<typeof InternalCancelOrderBodySchema>;

/**
 * A member's own order as their account page shows it (GET /api/account/orders): what they bought
 * at what price, where it stands, how it travels, and the signed link of its status page (the
 * same link its e-mails carry). No address, e-mail or payment details.
 */
export const AccountOrderSchema = z.object({
  id: z.number().int(),
  status: OrderStatusSchema,
  /** ISO 8601 instant. */
  createdAt: z.string(),
  /** Each line at its unit price (2 decimals) when sold. */
  items: z.array(OrderLineSchema),
  /** The lines' total (2 decimals); total = subtotal + shippingCost. */
  subtotal: z.string(),
  shippingCost: z.string(),
  total: z.string(),
  /** The shipping method's name as chosen at checkout (null for a manual order). */
  shippingMethod: z.string().nullable(),
  /** Set once the order ships. */
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** ISO 8601 instant (for an admin-entered day: noon of that day in the valley). */
  estimatedDeliveryDate: z.string().nullable(),
  cancellationReason: z.string().nullable(),
  /** Paid through the built-in sandbox: no real money moved. */
  testMode: z.boolean(),
  /** The order's status page, absolute (`{site}/orders/status?token=...`), as its e-mails link it. */
  statusUrl: z.string(),
});
export type AccountOrder = z.infer<typeof AccountOrderSchema>;

/** How long a link to claim guest orders stays valid. */
export const CLAIM_LINK_DAYS = 7;

/** The orders placed as a guest with the member's account e-mail (any status, test mode included). */
export const ClaimableOrdersSchema = z.object({ count: z.number().int().min(0) });
export type ClaimableOrders = z.infer<typeof ClaimableOrdersSchema>;

export const ClaimLinkSentSchema = z.object({ message: z.string() });
export type ClaimLinkSent = z.infer<typeof ClaimLinkSentSchema>;

/** POST /api/account/orders/claim: the token of the link e-mailed to the member (`?token=`). */
export const ClaimOrdersBodySchema = z.object({ token: z.string().trim().min(1).max(500) });
export type ClaimOrdersBody = z.infer<typeof ClaimOrdersBodySchema>;

export const OrdersClaimedSchema = z.object({
  /** Orders this call moved into the account (0 when they were already there). */
  claimed: z.number().int().min(0),
  message: z.string(),
});
export type OrdersClaimed = z.infer<typeof OrdersClaimedSchema>;

/** The 400 of a claim link that is forged, expired, another member's, or for an address since changed. */
export const INVALID_CLAIM_LINK_MESSAGE = 'This link is not valid or has expired.';

const adminErrors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema } as const;

/** Routes of this domain in the route table (route-table.ts). */
export const orderRoutes = defineRoutes({
  list: defineRoute({
    method: 'GET',
    path: '/api/orders',
    service: 'catalog-and-orders',
    // Admins see every order, other users their own: the service makes the distinction.
    access: 'user',
    summary: 'Orders, newest first: every order for an admin, their own for a user',
    responses: { 200: z.array(AdminOrderSchema), 401: ErrorResponseSchema },
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/orders/:id',
    service: 'catalog-and-orders',
    access: 'admin',
    summary:
      "Sets an order's status; cancelling returns unshipped stock, reviving a cancelled order takes it again (409 when short)",
    request: { params: IdParamsSchema, body: UpdateOrderBodySchema },
    responses: {
      200: AdminOrderSchema,
      400: ErrorResponseSchema,
      ...adminErrors,
      404: ErrorResponseSchema,
      409: ErrorResponseSchema,
    },
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/api/orders/:id',
    service: 'catalog-and-orders',
    access: 'admin',
    summary: 'Deletes an order (stock it held and never shipped returns to the shelf)',
    request: { params: IdParamsSchema },
    responses: {
      200: OrderDeletedSchema,
      400: ErrorResponseSchema,
      ...adminErrors,
      404: ErrorResponseSchema,
    },
  }),
  createManual: defineRoute({
    method: 'POST',
    path: '/api/admin/create-order',
    service: 'catalog-and-orders',
    access: 'admin',
    summary:
      'Manual order for an existing customer: priced from the catalog, created pending, stock taken (409 when short)',
    request: { body: ManualOrderBodySchema },
    responses: {
      201: AdminOrderSchema,
      400: ErrorResponseSchema,
      ...adminErrors,
      404: ErrorResponseSchema,
      409: ErrorResponseSchema,
      503: ErrorResponseSchema,
    },
  }),
  adminList: defineRoute({
    method: 'GET',
    path: '/api/admin/orders',
    service: 'catalog-and-orders',
    access: 'admin',
    summary:
      'Orders for the admin dashboard, newest first with their items, filtered (status, customer, id/name/e-mail, valley dates) and paged on the server',
    request: { querystring: AdminOrdersQuerySchema },
    responses: { 200: AdminOrdersPageSchema, 400: ErrorResponseSchema, ...adminErrors },
  }),
  adminCsv: defineRoute({
    method: 'GET',
    path: '/api/admin/orders.csv',
    service: 'catalog-and-orders',
    access: 'admin',
    summary: "Every order matching the admin list's filters as CSV (text/csv), items summarised",
    request: { querystring: AdminOrdersFilterSchema },
    responses: { 200: z.string(), 400: ErrorResponseSchema, ...adminErrors },
  }),
  adminStats: defineRoute({
    method: 'GET',
    path: '/api/admin/orders/stats',
    service: 'catalog-and-orders',
    access: 'admin',
    summary:
      "The overview's figures: total orders, revenue and products, and orders and revenue per valley day over the last `days`",
    request: { querystring: OrderStatsQuerySchema },
    responses: { 200: OrderStatsSchema, 400: ErrorResponseSchema, ...adminErrors },
  }),
  setShipment: defineRoute({
    method: 'PUT',
    path: '/api/admin/orders/:id/shipment',
    service: 'catalog-and-orders',
    access: 'admin',
    summary:
      'Marks an order shipped with its tracking number (carrier, estimated delivery optional) and e-mails the customer',
    request: { params: IdParamsSchema, body: ShipmentBodySchema },
    responses: {
      200: ShipmentResultSchema,
      400: ErrorResponseSchema,
      ...adminErrors,
      404: ErrorResponseSchema,
      409: ErrorResponseSchema,
    },
  }),
  ...definePayableRoutes({
    service: 'catalog-and-orders',
    path: '/internal/quotes',
    quoteBody: QuoteBodySchema,
    quote: QuoteSchema,
    summaries: {
      quote:
        'Prices items for an address and method and holds their stock for a few minutes (STOCK_HOLD_MINUTES); 422 beyond the units of one product, 429 beyond the open checkouts, one client may hold at once',
      fulfil:
        "Creates the paid order of a quote at its prices, consumes the reservation and takes the stock (idempotent on the payment id); unfulfillable when the lapsed reservation's stock is gone",
      release:
        "Releases a quote's reservation (the buyer left or chose again); releasing twice is not an error",
    },
  }),
  internalCancel: defineRoute({
    method: 'POST',
    path: '/internal/orders/:id/cancel',
    service: 'catalog-and-orders',
    access: 'internal',
    summary:
      'Cancels a paid or processing order for its refund and returns its stock (idempotent; 409 once shipped)',
    request: { params: IdParamsSchema, body: InternalCancelOrderBodySchema },
    responses: {
      200: AdminOrderSchema,
      400: ErrorResponseSchema,
      404: ErrorResponseSchema,
      409: ErrorResponseSchema,
    },
  }),
  status: defineRoute({
    method: 'GET',
    path: '/api/orders/status',
    service: 'catalog-and-orders',
    access: 'public',
    summary: "An order's items, totals, status and tracking, for the signed link of its confirmation e-mail",
    request: { querystring: OrderStatusQuerySchema },
    responses: { 200: OrderStatusViewSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
  }),
  accountList: defineRoute({
    method: 'GET',
    path: '/api/account/orders',
    service: 'catalog-and-orders',
    // An admin gets their own orders here too: the admin's lists are /api/admin/orders.
    access: 'user',
    summary:
      "The caller's own orders, newest first: items, totals, shipping and tracking, and the signed link of each one's status page",
    responses: { 200: z.array(AccountOrderSchema), 401: ErrorResponseSchema },
  }),
  accountClaimable: defineRoute({
    method: 'GET',
    path: '/api/account/orders/claimable',
    service: 'catalog-and-orders',
    access: 'user',
    summary:
      "How many orders were placed as a guest with the caller's account e-mail (case-insensitive, any status): theirs to claim",
    responses: { 200: ClaimableOrdersSchema, 401: ErrorResponseSchema, 503: ErrorResponseSchema },
  }),
  accountClaimLink: defineRoute({
    method: 'POST',
    path: '/api/account/orders/claim-link',
    service: 'catalog-and-orders',
    access: 'user',
    summary:
      "E-mails the caller's account address a link (valid CLAIM_LINK_DAYS) listing the guest orders placed with it, when there are any; the same answer either way; 429 beyond ORDER_CLAIM_LINKS_PER_MEMBER_PER_HOUR",
    responses: {
      202: ClaimLinkSentSchema,
      401: ErrorResponseSchema,
      429: ErrorResponseSchema,
      503: ErrorResponseSchema,
    },
  }),
  accountClaim: defineRoute({
    method: 'POST',
    path: '/api/account/orders/claim',
    service: 'catalog-and-orders',
    access: 'user',
    summary:
      "Moves every guest order with the caller's account e-mail into their account, with the link's token (theirs, for the address they still have, not expired); claiming again claims 0",
    request: { body: ClaimOrdersBodySchema },
    responses: {
      200: OrdersClaimedSchema,
      400: ErrorResponseSchema,
      401: ErrorResponseSchema,
      503: ErrorResponseSchema,
    },
  }),
});
