import type { AuditLogTable } from '@jesus-walks/service-kit/audit';
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

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
  createdAt: Timestamp;
  /** Set instead of deleting an event that has registrations. */
  cancelledAt: NullableTimestamp;
  /** Demo events only: the seed finds them again by this key. */
  seedKey: string | null;
  updatedAt: Timestamp;
  // The walk's details (migration 0018), each null when not given.
  /** numeric(4,1): read as text ('4.2'), written as text or a number. */
  distanceMiles: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  elevationGainFeet: number | null;
  difficulty: WalkDifficultyColumn | null;
  durationMinutes: number | null;
  /** Null: walkers of any age. */
  minimumAge: number | null;
  familyFriendly: Generated<boolean>;
  dogsAllowed: Generated<boolean>;
  accessibilityNotes: string | null;
  /** Both or neither (a check says so). */
  meetingLatitude: number | null;
  meetingLongitude: number | null;
  whatToBring: string | null;
  /** Never in a public read: the admins and the walk reminders only. */
  leaderContactName: string | null;
  leaderContactPhone: string | null;
  // When the walk reminds its walkers (migration 0019).
  /** Days before the start, at the walk's time of day; null: no early reminder. */
  earlyReminderDays: ColumnType<number | null, number | null | undefined, number | null>;
  /** 'HH:MM:SS', the walk day's reminder in the valley; null: none. */
  dayReminderTime: ColumnType<string | null, string | null | undefined, string | null>;
  /** The walk's SEQUENCE in calendars: one more at every change (events.repository). */
  calendarSequence: Generated<number>;
  /** Registering requires accepting the current waiver (migration 0020). */
  waiverRequired: Generated<boolean>;
  /** Registering asks for an emergency contact and a note for the leader (migration 0020). */
  askEmergencyContact: Generated<boolean>;
  /** A paid walk's refund deadline, in days before it (migration 0023); null: until it starts. */
  refundCutoffDays: ColumnType<number | null, number | null | undefined, number | null>;
  /** The series that made it (migration 0021); null: a single walk, or its series was deleted. */
  seriesId: ColumnType<number | null, number | null | undefined, number | null>;
}

export type WalkDifficultyColumn = 'easy' | 'moderate' | 'challenging';

/** 'held': a paid event's seat held during checkout (never shown as a registration until paid). */
export type RegistrationStatusColumn = 'confirmed' | 'pending_payment' | 'waitlisted' | 'cancelled' | 'held';

export interface RegistrationsTable {
  id: Generated<number>;
  /** A user of the identity service (no foreign key across services); null for a guest. */
  userId: number | null;
  eventId: number;
  status: ColumnType<
    RegistrationStatusColumn,
    RegistrationStatusColumn | undefined,
    RegistrationStatusColumn
  >;
  guestName: string | null;
  guestEmail: string | null;
  /** Also the waitlist order: a re-registration after a cancellation goes to the back. */
  createdAt: Timestamp;
  cancelledAt: NullableTimestamp;
  updatedAt: Timestamp;
  /** A held seat counts until then. */
  heldUntil: NullableTimestamp;
  heldByQuoteId: string | null;
  /** The checkout payment that paid the seat. */
  paymentId: string | null;
  amountPaid: string | null;
  /** Paid through payments' sandbox, no real money (migration 0014): marked, and not revenue. */
  testMode: Generated<boolean>;
  /** Cancelled by its walker after the walk's refund deadline: its payment is not refunded (0023). */
  refundForfeited: Generated<boolean>;
  // Attendance (migration 0022): derived from check_in_operations by the check-in module.
  checkedInAt: NullableTimestamp;
  /** The leader (identity's user id) whose check-in counts. */
  checkedInById: number | null;
  /** Added by a leader at the trailhead (capacity ignored). */
  walkIn: Generated<boolean>;
  /** A walk-in's phone, when they gave one. */
  guestPhone: string | null;
}

/** A paid event's seat as quoted to payments, and what its payment became. */
export interface EventQuotesTable {
  id: string;
  eventId: number;
  registrationId: number;
  title: string;
  total: string;
  expiresAt: Timestamp;
  releasedAt: NullableTimestamp;
  paymentId: string | null;
  outcome: 'fulfilled' | 'unfulfillable' | null;
  outcomeStatus: RegistrationStatusColumn | null;
  reason: string | null;
  createdAt: Timestamp;
  /** Whose checkout it is (migration 0015): the client's address key, and the member when logged in. */
  holderAddress: string | null;
  holderUserId: number | null;
}

export interface WaitlistTable {
  id: Generated<number>;
  /** Stored lower-cased; the schema refuses anything else. */
  email: string;
  createdAt: Timestamp;
  confirmedAt: NullableTimestamp;
  unsubscribedAt: NullableTimestamp;
  confirmationSentAt: NullableTimestamp;
  subscribeAttempts: Generated<number>;
  attemptsWindowStartedAt: NullableTimestamp;
}

export interface IdempotencyKeysTable {
  id: Generated<number>;
  scope: string;
  key: string;
  fingerprint: string;
  statusCode: number | null;
  /** The first answer's body (JSON); null while the first request is still running. */
  response: ColumnType<unknown, string | null | undefined, string | null>;
  createdAt: Timestamp;
}

/** Actions counted by the limits per client (rate-limits module); kept for a day. */
export interface RateLimitHitsTable {
  id: Generated<number>;
  /** What is counted: 'guest-registration', 'newsletter-signup', ... */
  bucket: string;
  /** Whose: 'address:203.0.113.5', 'address:203.0.113.5:event:12', 'user:42'. */
  key: string;
  createdAt: Timestamp;
}

export type ContactMessageStatusColumn = 'open' | 'done';

/** A message sent from the contact form (migration 0017). */
export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  /** Lower-cased. */
  email: string;
  subject: string;
  message: string;
  /** A member who wrote while logged in (identity's user id), or null. */
  userId: number | null;
  status: ColumnType<
    ContactMessageStatusColumn,
    ContactMessageStatusColumn | undefined,
    ContactMessageStatusColumn
  >;
  createdAt: Timestamp;
  doneAt: NullableTimestamp;
  doneById: number | null;
  doneByUsername: string | null;
}

/** An admin's answer to a contact message, e-mailed to its sender. */
export interface ContactRepliesTable {
  id: Generated<number>;
  messageId: number;
  text: string;
  adminId: number | null;
  adminUsername: string | null;
  createdAt: Timestamp;
}

/** Kysely table types of the content_and_events schema. */
export type WalkReminderKind = 'early' | 'day';

/** A walk reminder sent: one per registration, kind and start of the walk (migration 0019). */
export interface WalkRemindersTable {
  registrationId: number;
  kind: WalkReminderKind;
  walkDate: Timestamp;
  sentAt: Timestamp;
}

/** A published version of the group's waiver (migration 0020): never changed (a trigger refuses). */
export interface WaiverVersionsTable {
  id: Generated<number>;
  version: number;
  text: string;
  createdAt: Timestamp;
  /** The admin who published it; null: the demo seed. */
  createdById: number | null;
  createdByUsername: string | null;
}

/** A waiver accepted for a registration: the version names the text accepted (migration 0020). */
export interface WaiverSignaturesTable {
  id: Generated<number>;
  registrationId: number;
  waiverVersionId: number;
  /** The full name typed; the client's address and browser. Null once the account was erased. */
  signedName: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  signedAt: Timestamp;
  erasedAt: NullableTimestamp;
}

/** A registration's emergency contact and note for the leader (migration 0020): admins and leaders only. */
export interface RegistrationEmergencyDetailsTable {
  registrationId: number;
  contactName: string;
  contactPhone: string;
  leaderNote: string | null;
  updatedAt: Timestamp;
}

export type SeriesWeekdayColumn =
  | 'sunday'
  | 'monday'
  | 'tuesday'
  | 'wednesday'
  | 'thursday'
  | 'friday'
  | 'saturday';
export type SeriesWeekOfMonthColumn = 'first' | 'second' | 'third' | 'fourth' | 'last';

/** A walk series (migration 0021): the rule and end its walks were made by, from a template walk. */
export interface EventSeriesTable {
  id: Generated<number>;
  title: string;
  frequency: 'weekly' | 'monthly';
  weekday: SeriesWeekdayColumn;
  /** Monthly only (a check says so). */
  weekOfMonth: SeriesWeekOfMonthColumn | null;
  /** 'HH:MM:SS' in the valley. */
  timeOfDay: string;
  /** Exactly one of the two ends (a check says so). A valley day, read as text (series.repository). */
  endsOn: ColumnType<Date | null, string | null | undefined, string | null>;
  walkCount: number | null;
  templateEventId: number | null;
  createdById: number | null;
  createdByUsername: string | null;
  createdAt: Timestamp;
}

/** A walk's leaders (migration 0022): each sees and checks in that walk only. */
export interface WalkLeadersTable {
  eventId: number;
  userId: number;
  assignedAt: Timestamp;
}

export type CheckInOperationKindColumn = 'check-in' | 'undo' | 'walk-in';

/** A check-in operation as a leader's phone made it (migration 0022); its id is the phone's. */
export interface CheckInOperationsTable {
  id: string;
  eventId: number;
  registrationId: number;
  kind: CheckInOperationKindColumn;
  madeAt: Timestamp;
  leaderId: number;
  receivedAt: Timestamp;
}

export interface ContentAndEventsDatabase {
  events: EventsTable;
  eventSeries: EventSeriesTable;
  registrations: RegistrationsTable;
  eventQuotes: EventQuotesTable;
  waitlist: WaitlistTable;
  idempotencyKeys: IdempotencyKeysTable;
  rateLimitHits: RateLimitHitsTable;
  auditLog: AuditLogTable;
  contactMessages: ContactMessagesTable;
  contactReplies: ContactRepliesTable;
  walkReminders: WalkRemindersTable;
  walkLeaders: WalkLeadersTable;
  checkInOperations: CheckInOperationsTable;
  waiverVersions: WaiverVersionsTable;
  waiverSignatures: WaiverSignaturesTable;
  registrationEmergencyDetails: RegistrationEmergencyDetailsTable;
}
