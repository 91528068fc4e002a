import type { AuditLogTable } from '@jesus-walks/service-kit/audit';
import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp with a database default (now()): optional on insert. */
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** numeric(12,2): read as a string so money never passes through a float. */
type Money = ColumnType<string, string | number, string | number>;
type MoneyWithDefault = ColumnType<string, string | number | undefined, string | number>;

export type OrderStatus = 'pending' | 'paid' | 'processing' | 'shipped' | 'delivered' | 'cancelled';

/** Stored as given by the caller: checkout and admin forms send different key sets (SPEC section 3). */
export type StoredShippingAddress = Record<string, unknown>;

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  price: Money;
  imageUrl: string | null;
  category: string | null;
  stock: Generated<number>;
  createdAt: GeneratedTimestamp;
  /** Set when taken off sale; the row stays for the orders that include it. */
  deletedAt: Date | null;
  /** The seed's natural key; null for products created by admins. */
  sku: string | null;
  /** Made by 'Create Test Product' (migration 0007): only admins see and sell it. */
  isTest: Generated<boolean>;
}

export interface OrdersTable {
  id: Generated<number>;
  userId: number | null;
  status: ColumnType<OrderStatus, OrderStatus | undefined, OrderStatus>;
  total: Money;
  shippingMethodId: number | null;
  shippingAddress: JSONColumnType<
    StoredShippingAddress | null,
    StoredShippingAddress | null | undefined,
    StoredShippingAddress | null
  >;
  shippingCost: MoneyWithDefault;
  trackingNumber: string | null;
  /** Who carries the shipment (migration 0005), next to its tracking number. */
  shippingCarrier: string | null;
  estimatedDeliveryDate: Date | null;
  paymentId: string | null;
  paymentMethod: string | null;
  customerEmail: string | null;
  phoneNumber: string | null;
  cancellationReason: string | null;
  /** The quote a paid order was fulfilled from (migration 0003); null for manual orders. */
  quoteId: string | null;
  customerName: string | null;
  /** The method's name as quoted, kept with the order. */
  shippingMethodName: string | null;
  /** What fulfilling its payment answered (null for manual orders). */
  fulfilmentOutcome: 'fulfilled' | 'unfulfillable' | null;
  /** True while the order's items are counted out of stock (see migration 0002). */
  stockHeld: Generated<boolean>;
  /** Paid through payments' sandbox, no real money (migration 0007): marked, and not revenue. */
  testMode: Generated<boolean>;
  /** When its confirmation e-mail was queued (migration 0009); null while its job has yet to run. */
  confirmationQueuedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

export interface OrderItemsTable {
  id: Generated<number>;
  orderId: number;
  productId: number;
  quantity: number;
  price: Money;
}

export interface ShippingMethodsTable {
  id: Generated<number>;
  name: string;
  carrier: string;
  serviceCode: string;
  estimatedDays: number;
  isActive: Generated<boolean>;
}

export interface ShippingZonesTable {
  id: Generated<number>;
  name: string;
  countries: string[];
  regions: string[] | null;
  postalCodes: string[] | null;
}

export interface ShippingRatesTable {
  id: Generated<number>;
  methodId: number;
  zoneId: number;
  baseRate: Money;
  perWeightRate: MoneyWithDefault;
  minimumWeight: ColumnType<string, string | number | undefined, string | number>;
  maximumWeight: ColumnType<string | null, string | number | null | undefined, string | number | null>;
}

export interface StockReservationsTable {
  id: Generated<number>;
  quoteId: string;
  productId: number;
  quantity: number;
  expiresAt: Timestamp;
  consumedAt: Date | null;
  createdAt: GeneratedTimestamp;
  /** Who the hold is for (migration 0008): the client's address key, and the member when logged in. */
  holderAddress: string | null;
  holderUserId: number | null;
}

/** A quote line as priced (contracts QuoteLine). */
export interface StoredQuoteLine {
  productId: number;
  name: string;
  quantity: number;
  unitPrice: string;
  lineTotal: string;
}

/** A quote as priced (migration 0003): fulfilling it creates the order at these prices. */
export interface QuotesTable {
  id: string;
  items: JSONColumnType<StoredQuoteLine[]>;
  subtotal: Money;
  shippingCost: Money;
  total: Money;
  shippingMethodId: number | null;
  shippingMethodName: string;
  shippingCarrier: string;
  shippingService: string;
  shippingEstimatedDays: number | null;
  destination: JSONColumnType<Record<string, unknown>>;
  expiresAt: Timestamp;
  createdAt: GeneratedTimestamp;
}

export interface CartEventsTable {
  id: Generated<number>;
  sessionKey: string | null;
  userId: number | null;
  productId: number;
  quantity: number;
  createdAt: GeneratedTimestamp;
}

/** Rate-limit hits (service-kit rate-limits, migration 0010): one row per counted action. */
export interface RateLimitHitsTable {
  /** What is counted: 'order-claim-link'. */
  bucket: string;
  /** Whose: 'user:42'. */
  key: string;
  createdAt: GeneratedTimestamp;
}

/** Kysely table types of the catalog_and_orders schema. */
export interface CatalogAndOrdersDatabase {
  products: ProductsTable;
  orders: OrdersTable;
  orderItems: OrderItemsTable;
  shippingMethods: ShippingMethodsTable;
  shippingZones: ShippingZonesTable;
  shippingRates: ShippingRatesTable;
  stockReservations: StockReservationsTable;
  quotes: QuotesTable;
  cartEvents: CartEventsTable;
  auditLog: AuditLogTable;
  rateLimitHits: RateLimitHitsTable;
}
