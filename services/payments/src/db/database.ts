import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** numeric(12,2): read as a string so money never passes through a float. */
type Money = ColumnType<string, string | number, string | number>;

/** The catalog's priced quote, kept as the catalog gave it: what the payment was for. */
export type StoredQuote = Record<string, unknown>;

export interface PaymentsTable {
  id: Generated<string>;
  provider: string;
  providerReference: string;
  amount: Money;
  currency: Generated<string>;
  quote: JSONColumnType<StoredQuote, StoredQuote, StoredQuote>;
  status: Generated<string>;
  customerEmail: string | null;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
}

export interface WebhookEventsTable {
  id: Generated<number>;
  provider: string;
  eventId: string;
  type: string;
  receivedAt: Generated<Timestamp>;
}

/** Kysely table types of the payments schema. */
export interface PaymentsDatabase {
  payments: PaymentsTable;
  webhookEvents: WebhookEventsTable;
}
