import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface EventsTable {
  id: Generated<number>;
  title: string;
  description: Generated<string>;
  location: string;
  date: Timestamp;
  capacity: number;
  /** Whole dollars, as the spec keeps it (an int, 0 = free). */
  price: Generated<number>;
  imageUrl: string | null;
  createdAt: Generated<Timestamp>;
}

export interface RegistrationsTable {
  id: Generated<number>;
  /** A user of the identity service (no foreign key across services); null for a guest. */
  userId: number | null;
  eventId: number;
  status: Generated<string>;
  guestName: string | null;
  guestEmail: string | null;
  createdAt: Generated<Timestamp>;
}

export interface WaitlistTable {
  id: Generated<number>;
  /** Stored lower-cased; the schema refuses anything else. */
  email: string;
  createdAt: Generated<Timestamp>;
}

/** Kysely table types of the content_and_events schema. */
export interface ContentAndEventsDatabase {
  events: EventsTable;
  registrations: RegistrationsTable;
  waitlist: WaitlistTable;
}
