import type { AuditLogTable } from '@jesus-walks/service-kit/audit';
import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** numeric(12,2): read as a string so money never passes through a float. */
type Money = ColumnType<string, string | number, string | number>;

/** The catalog's priced quote, kept as the catalog gave it: what the payment was for. */
export type StoredQuote = Record<string, unknown>;
export type StoredAddress = Record<string, unknown>;

export type PaymentStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled' | 'refunded';
/** manual: a crypto payment, which no API can refund; a person refunds it (migration 0004). */
export type RefundStatus = 'requested' | 'refunded' | 'failed' | 'manual';

export interface PaymentsTable {
  id: Generated<string>;
  /** Who processes it: 'stripe' or 'sandbox' (PaymentProvider.name). */
  provider: string;
  providerReference: string;
  amount: Money;
  currency: Generated<string>;
  quote: JSONColumnType<StoredQuote, StoredQuote, StoredQuote>;
  status: ColumnType<PaymentStatus, PaymentStatus | undefined, PaymentStatus>;
  customerEmail: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  quoteId: string | null;
  quoteExpiresAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  orderId: number | null;
  userId: number | null;
  customerName: string | null;
  customerPhone: string | null;
  shippingAddress: JSONColumnType<StoredAddress | null, StoredAddress | null, StoredAddress | null>;
  /** The tile the buyer chose (PaymentMethod). */
  paymentMethod: Generated<string>;
  idempotencyKey: string | null;
  failureReason: string | null;
  refundStatus: RefundStatus | null;
  refundReason: string | null;
  refundReference: string | null;
  refundedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Whose quote it pays: catalog's (an order) or content-and-events' (a seat). */
  seller: ColumnType<SellerName, SellerName | undefined, SellerName>;
  /** The registration a seat's payment confirmed (or was refused for). */
  registrationId: number | null;
  /** SHA-256 (hex) of the paying browser's payment secret (migration 0007); null before it existed. */
  secretHash: string | null;
}

export type SellerName = 'catalog' | 'events';
/** The column of a payment that keeps what its seller's fulfil made (an order, a registration). */
export type PaymentRecordColumn = 'orderId' | 'registrationId';

export interface WebhookEventsTable {
  id: Generated<number>;
  provider: string;
  eventId: string;
  type: string;
  receivedAt: Timestamp;
  payload: ColumnType<unknown, string | null | undefined, string | null>;
  processedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export type SandboxIntentStatus = 'requires_payment_method' | 'succeeded' | 'canceled';

export interface SandboxIntentsTable {
  id: string;
  clientSecret: string;
  amountCents: number;
  currency: Generated<string>;
  status: ColumnType<SandboxIntentStatus, SandboxIntentStatus | undefined, SandboxIntentStatus>;
  failureMessage: string | null;
  paymentId: string;
  idempotencyKey: string | null;
  refundId: string | null;
  refundedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export type SafekeyPaymentStatus = 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled';

/** SafeKey's outcome of a checkout payment (it sends no webhooks: finalisation reads this). */
export interface SafekeyPaymentsTable {
  id: string;
  clientSecret: string;
  paymentId: string;
  amountCents: number;
  currency: Generated<string>;
  status: ColumnType<SafekeyPaymentStatus, SafekeyPaymentStatus | undefined, SafekeyPaymentStatus>;
  network: string;
  authReference: string | null;
  failureMessage: string | null;
  idempotencyKey: string | null;
  refundReference: string | null;
  refundedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export type CryptoChargeStatus = 'open' | 'completed' | 'expired';

/** The sandbox's crypto charges: the hosted page's view of a sandbox intent paid in a coin. */
export interface CryptoChargesTable {
  code: string;
  paymentId: string;
  /** The sandbox intent the charge pays (its outcome travels as that intent's signed event). */
  intentId: string;
  provider: 'stripe' | 'coinbase';
  cryptocurrency: string;
  cryptoAmount: string;
  walletAddress: string;
  amount: Money;
  status: ColumnType<CryptoChargeStatus, CryptoChargeStatus | undefined, CryptoChargeStatus>;
  expiresAt: ColumnType<Date, Date | string, Date | string>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface IdempotencyKeysTable {
  id: Generated<number>;
  scope: string;
  key: string;
  fingerprint: string;
  statusCode: number | null;
  response: unknown;
  createdAt: Timestamp;
}

/** service-kit rate-limits' table: declined payment attempts and checkouts started, per client. */
export interface RateLimitHitsTable {
  id: Generated<number>;
  /** What is counted: 'declined-payment', 'checkout-started'. */
  bucket: string;
  /** Whose: 'payment:<id>\n<attempt>', 'address:203.0.113.5\n<attempt>', 'user:42\n<attempt>'. */
  key: string;
  createdAt: Timestamp;
}

/** Kysely table types of the payments schema. */
export interface PaymentsDatabase {
  payments: PaymentsTable;
  webhookEvents: WebhookEventsTable;
  sandboxIntents: SandboxIntentsTable;
  cryptoCharges: CryptoChargesTable;
  safekeyPayments: SafekeyPaymentsTable;
  idempotencyKeys: IdempotencyKeysTable;
  auditLog: AuditLogTable;
  rateLimitHits: RateLimitHitsTable;
}
