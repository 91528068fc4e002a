import { z } from 'zod';
import { AttendanceSchema, ticketAndCheckInRoutes } from './check-in';
import { ErrorResponseSchema, IdentitySchema, IdParamsSchema, RowIdParamSchema } from './common';
import { CALENDAR_FEED_PATH, PARTY_MAX_SIZE, WALK_CALENDAR_PATH } from './constants';
import { TestModeFiguresSchema } from './orders';
import { definePayableRoutes, HolderSchema, PayableQuoteSchema } from './payable';
import { RowIdSchema } from './products';
import { defineRoute, defineRoutes } from './route-contract';
import { EventSeriesTagSchema } from './series';

/** Event as listed to the client (SPEC.md section 3 "Event (list)"). */
export const EventSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  date: z.string(),
  location: z.string(),
  description: z.string(),
});
export type EventSummary = z.infer<typeof EventSummarySchema>;

/** How hard a walk is, as its leader rates it. */
export const walkDifficulties = ['easy', 'moderate', 'challenging'] as const;
export const WalkDifficultySchema = z.enum(walkDifficulties, {
  error: 'Difficulty must be easy, moderate or challenging',
});
export type WalkDifficulty = z.infer<typeof WalkDifficultySchema>;

/** One coordinate without the other places nothing on the map. */
const bothCoordinates = 'Give both the latitude and the longitude of the meeting point, or neither';

function coordinateField(name: 'Latitude' | 'Longitude', limit: number) {
  const range = `${name} must be between -${limit} and ${limit}`;
  return z
    .number({ error: (issue) => (issue.input === undefined ? bothCoordinates : `${name} must be a number`) })
    .min(-limit, range)
    .max(limit, range);
}

/** Where the walk meets, on the map (decimal degrees, WGS 84, as the phone's maps app takes them). */
export const MeetingPointSchema = z.strictObject({
  latitude: coordinateField('Latitude', 90),
  longitude: coordinateField('Longitude', 180),
});
export type MeetingPoint = z.infer<typeof MeetingPointSchema>;

/**
 * An event with what a visitor needs to decide and register: the spec's list shape plus capacity,
 * price (whole dollars, 0 = free), the seats taken and left, the waitlist and whether it is over or
 * cancelled; and the walk's details (issue 24), each null when its leader has not given it. The
 * leader's contact for the day is never here: it is in AdminEventSchema only.
 */
export const EventSchema = EventSummarySchema.extend({
  capacity: z.number().int(),
  price: z.number().int(),
  seatsTaken: z.number().int(),
  seatsLeft: z.number().int(),
  waitlistCount: z.number().int(),
  isPast: z.boolean(),
  isCancelled: z.boolean(),
  /** Miles, one decimal. */
  distanceMiles: z.number().nullable(),
  /** Feet climbed over the walk. */
  elevationGainFeet: z.number().int().nullable(),
  difficulty: WalkDifficultySchema.nullable(),
  /** How long the walk is expected to take, in minutes. */
  durationMinutes: z.number().int().nullable(),
  /** The youngest walker who may come; null: any age. */
  minimumAge: z.number().int().nullable(),
  /** Suits families with children (said on its own or beside a minimum age). */
  familyFriendly: z.boolean(),
  dogsAllowed: z.boolean(),
  accessibilityNotes: z.string().nullable(),
  meetingPoint: MeetingPointSchema.nullable(),
  /** What to bring and wear. */
  whatToBring: z.string().nullable(),
  /** Registering requires accepting the group's current waiver (decision 038, contracts/waivers.ts). */
  waiverRequired: z.boolean(),
  /** Registering asks for an emergency contact (name and phone) and an optional note for the leader. */
  askEmergencyContact: z.boolean(),
  /**
   * A paid walk's cancellation policy: a full refund until this many days before it, none after;
   * null: refunded in full until it starts.
   */
  refundCutoffDays: z.number().int().nullable(),
  /** When that is (ISO), for a paid walk with a cutoff; null otherwise. */
  refundDeadline: z.string().nullable(),
  /** The walk series that made it (contracts/series.ts); null: a single walk. */
  seriesId: z.number().int().nullable(),
});
export type Event = z.infer<typeof EventSchema>;

/**
 * An event in the public list (GET /api/events), with its series named, so that the events page
 * groups the walks of one series; null for a single walk.
 */
export const ListedEventSchema = EventSchema.extend({ series: EventSeriesTagSchema.nullable() });
export type ListedEvent = z.infer<typeof ListedEventSchema>;

/**
 * confirmed: has a seat. pending_payment: has a seat at a paid event, pays on the day (or through
 * checkout). waitlisted: the event was full; promoted in order when a seat frees up. cancelled: by
 * its owner or an admin.
 */
export const registrationStatuses = ['confirmed', 'pending_payment', 'waitlisted', 'cancelled'] as const;
export const RegistrationStatusSchema = z.enum(registrationStatuses);
export type RegistrationStatus = z.infer<typeof RegistrationStatusSchema>;

export const RegistrationSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  status: RegistrationStatusSchema,
  /** 1 for the next party in line; null unless waitlisted. */
  waitlistPosition: z.number().int().nullable(),
  createdAt: z.string(),
  /** The people it brings, the registrant included (decision 041): its seats, or its places in line. */
  partySize: z.number().int().min(1),
  /** The others coming, by name, the registrant not included; [] when they come alone. */
  party: z.array(z.string()),
});
export type Registration = z.infer<typeof RegistrationSchema>;

/**
 * What a member paid online (at checkout) for a registration, and what cancelling it does. A paid
 * registration is cancelled through payments' Cancel and refund
 * (`orderPaymentRoutes.cancelRegistrationAndRefund`), never through `eventRoutes.cancelRegistration`,
 * which refuses it (409): its payment is refunded with it.
 */
export const RegistrationPaymentSummarySchema = z.object({
  /** What was paid at checkout, 2 decimals ('25.00'). */
  amount: z.string(),
  /** Paid through the built-in sandbox (test mode): no real money was taken. */
  testMode: z.boolean(),
  /**
   * Cancelling it now refunds `amount` in full: it is not cancelled, its walk has not started and
   * is not cancelled, and the walk's refund deadline (Event.refundDeadline) has not passed.
   */
  refundable: z.boolean(),
  /**
   * Refunded: cancelled with its refund (payments' Cancel and refund), or its walk cancelled by the
   * group (every paid seat refunded). The refund may still be on its way; a crypto payment is
   * returned by hand. False for one its walker cancelled after the refund deadline.
   */
  refunded: z.boolean(),
});
export type RegistrationPaymentSummary = z.infer<typeof RegistrationPaymentSummarySchema>;

/** A logged-in member's registration with its event (GET /api/events/my-registrations). */
export const MyRegistrationSchema = RegistrationSchema.extend({
  event: EventSchema,
  /** Paid online at checkout; null when nothing was (a free walk, or a seat paid on the day). */
  payment: RegistrationPaymentSummarySchema.nullable(),
  /** The seat's ticket page ('/tickets/…', its QR code for check-in); null for no seat. */
  ticketPath: z.string().nullable(),
});
export type MyRegistration = z.infer<typeof MyRegistrationSchema>;

const nameField = z
  .string()
  .trim()
  .min(1, 'Please enter your name')
  .max(100, 'Name cannot exceed 100 characters');
const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'Email cannot exceed 254 characters')
  .pipe(z.email('Please enter a valid email address'));

/** The most people one registration brings (contracts/constants.ts). */
export { PARTY_MAX_SIZE };

/**
 * The others a registrant brings, by name (the registrant is not in it): each is a walker with a
 * seat, on the check-in list by name. [] when they come alone.
 */
export const PartySchema = z
  .array(
    z
      .string({ error: "Please enter each person's name" })
      .trim()
      .min(1, "Please enter each person's name")
      .max(100, 'Name cannot exceed 100 characters'),
  )
  .max(PARTY_MAX_SIZE - 1, `A party is at most ${PARTY_MAX_SIZE} people, you included`);
export type Party = z.infer<typeof PartySchema>;

/**
 * A walker's acceptance of the waiver (decision 038): the version they read (GET /api/waiver) and
 * their full name typed as their signature, which must be the name given in the same form. An older
 * version than the current one is refused (409): they read the current one and accept it again.
 */
export const WaiverAcceptanceSchema = z.strictObject({
  versionId: RowIdSchema,
  signedName: z
    .string({ error: 'Type your full name to accept the waiver' })
    .trim()
    .min(1, 'Type your full name to accept the waiver')
    .max(100, 'Name cannot exceed 100 characters'),
});
export type WaiverAcceptance = z.infer<typeof WaiverAcceptanceSchema>;

/**
 * Who to call if something happens on the walk, and what the leader should know (medical,
 * mobility): asked by a walk that chooses to (`askEmergencyContact`), seen only by the admins and the
 * walk's leaders, erased with the walker's account.
 */
export const EmergencyDetailsSchema = z.strictObject({
  contactName: z
    .string({ error: 'Please enter the name of your emergency contact' })
    .trim()
    .min(1, 'Please enter the name of your emergency contact')
    .max(100, 'Emergency contact name cannot exceed 100 characters'),
  contactPhone: z
    .string({ error: "Please enter your emergency contact's phone number" })
    .trim()
    .min(1, "Please enter your emergency contact's phone number")
    .max(40, 'Emergency contact phone cannot exceed 40 characters')
    .refine(isPhoneNumber, 'Emergency contact phone must be a phone number, e.g. (707) 555-0123'),
  /** Optional: blank is none. */
  leaderNote: z
    .string()
    .trim()
    .max(1000, 'The note for the leader cannot exceed 1000 characters')
    .nullable()
    .optional(),
});
export type EmergencyDetails = z.infer<typeof EmergencyDetailsSchema>;

/**
 * Body of POST /api/events/{id}/registrations. A logged-in member sends `{}` (their account is the
 * registrant); a guest sends name and e-mail (GuestRegistrationSchema is checked on the server). A
 * walk that requires the waiver also takes `waiver`, signed with the name given here (a member
 * gives their full name in `name`, as the service knows only their username); one that asks for
 * an emergency contact takes `emergency`.
 */
export const RegistrationBodySchema = z.strictObject({
  name: nameField.optional(),
  email: emailField.optional(),
  /**
   * The others coming (decision 041): the registration takes a seat for each, or waits in line as
   * one party. The registrant's waiver and emergency contact speak for the party.
   */
  party: PartySchema.optional(),
  waiver: WaiverAcceptanceSchema.optional(),
  emergency: EmergencyDetailsSchema.optional(),
});
export type RegistrationBody = z.infer<typeof RegistrationBodySchema>;

/** What a guest (no account) must give to register. */
export const GuestRegistrationSchema = z.object({ name: nameField, email: emailField });
export type GuestRegistration = z.infer<typeof GuestRegistrationSchema>;

export { IDEMPOTENCY_KEY_HEADER } from './constants';
export const IdempotencyKeySchema = z
  .string()
  .min(8, 'Idempotency-Key must be 8 to 200 characters')
  .max(200, 'Idempotency-Key must be 8 to 200 characters')
  .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be printable ASCII without spaces');

export const RegistrationParamsSchema = z.object({
  id: RowIdParamSchema,
  registrationId: RowIdParamSchema,
});

/**
 * PUT /api/events/{id}/registrations/{registrationId}/party: the others coming, as they are now
 * (decision 041). People are added or removed until the walk starts; one added needs a free seat
 * (a party on the waitlist just grows). A walk paid online keeps the number it paid for: names may
 * change, the number may not (cancelling, within the walk's refund policy, refunds it).
 */
export const UpdatePartyBodySchema = z.strictObject({ party: PartySchema });
export type UpdatePartyBody = z.infer<typeof UpdatePartyBodySchema>;

/** A guest cancels with the signed token from their confirmation e-mail. */
export const GuestCancellationBodySchema = z.strictObject({
  token: z.string().min(1, 'The cancellation link is incomplete').max(500),
});

/**
 * Who cancels a registration through payments' Cancel and refund: a member by their identity (its
 * owner, or an admin) and the registration's id, or a guest by the signed token of their e-mail's
 * link. content-and-events decides whether they may (it owns the registrations).
 */
export const RegistrationCancellerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('member'), identity: IdentitySchema, registrationId: RowIdSchema }),
  z.object({ kind: z.literal('guest-link'), token: GuestCancellationBodySchema.shape.token }),
]);
export type RegistrationCanceller = z.infer<typeof RegistrationCancellerSchema>;

/** POST /internal/registrations/cancel (payments -> content-and-events). */
export const InternalCancelRegistrationBodySchema = z.object({
  eventId: RowIdSchema,
  by: RegistrationCancellerSchema,
});
export type InternalCancelRegistrationBody = z.infer<typeof InternalCancelRegistrationBodySchema>;

/**
 * A registration cancelled for its refund (or found cancelled already), with what payments needs to
 * refund it and to word its messages.
 */
export const RegistrationCancellationSchema = z.object({
  registration: RegistrationSchema,
  event: z.object({ id: z.number().int(), title: z.string(), date: z.string() }),
  /** The member who registered (null: a guest). */
  registrantUserId: z.number().int().nullable(),
  /** The registrant as the activity record names them: the member's username, or the guest's name. */
  registrantName: z.string(),
  /** The checkout payment that paid the seat; null when nothing was paid online. */
  payment: z
    .object({
      paymentId: z.uuid(),
      amountPaid: z.string(),
      testMode: z.boolean(),
      /**
       * Whether its cancellation refunds it: false when its walker cancelled it after the walk's
       * refund deadline (decided as it was cancelled, and kept).
       */
      refundable: z.boolean(),
    })
    .nullable(),
  /** False when it was cancelled already (a repeated or concurrent request): nothing changed now. */
  cancelledNow: z.boolean(),
  /** How many on the waitlist took the seat it freed. */
  promoted: z.number().int().min(0),
});
export type RegistrationCancellation = z.infer<typeof RegistrationCancellationSchema>;

/** A registration as an admin sees it (list and CSV). */
export const AdminRegistrationSchema = z.object({
  /** The people it brings, the registrant included, and the others by name (decision 041). */
  partySize: z.number().int().min(1),
  party: z.array(z.string()),
  id: z.number().int(),
  status: RegistrationStatusSchema,
  waitlistPosition: z.number().int().nullable(),
  /** The member's username or the guest's name ('User {id}' when the member cannot be looked up). */
  name: z.string(),
  email: z.string().nullable(),
  userId: z.number().int().nullable(),
  isGuest: z.boolean(),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  /** What was paid for the seat at checkout (2 decimals); null when not paid online. */
  amountPaid: z.string().nullable(),
  /** Paid through the built-in sandbox (no real money): marked, and left out of the walks' revenue. */
  testMode: z.boolean(),
  /** Whether they came (decision 040): checked in, a walk-in, or a no-show once the walk started. */
  ...AttendanceSchema.shape,
  /** Added by a leader at the trailhead. */
  walkIn: z.boolean(),
  /** The waiver they accepted for this registration (the latest acceptance); null: none. */
  waiver: z
    .object({
      version: z.number().int(),
      /** The full name they typed (null once their account was erased). */
      signedName: z.string().nullable(),
      signedAt: z.string(),
    })
    .nullable(),
  /** Their emergency contact and note for the leader (admins and leaders only); null: none given. */
  emergency: z
    .object({ contactName: z.string(), contactPhone: z.string(), leaderNote: z.string().nullable() })
    .nullable(),
});
export type AdminRegistration = z.infer<typeof AdminRegistrationSchema>;

export const EventRegistrationsSchema = z.object({
  event: EventSchema,
  /** People, not registrations: a party of four on the waitlist counts four (decision 041). */
  counts: z.object({
    confirmed: z.number().int(),
    pendingPayment: z.number().int(),
    waitlisted: z.number().int(),
    cancelled: z.number().int(),
  }),
  registrations: z.array(AdminRegistrationSchema),
});
export type EventRegistrations = z.infer<typeof EventRegistrationsSchema>;

/** An image shipped with the site (/images/...) or an http(s) address. */
const imageUrlField = z
  .string()
  .trim()
  .max(2000)
  .regex(/^(\/(?!\/)|https?:\/\/)/, 'Image URL must be a site path (/images/...) or an http(s) URL');

const distanceRange = 'Distance must be between 0.1 and 100 miles';

/** A walk's optional text detail, at most `max` characters. */
function detailText(label: string, max: number) {
  return z.string().trim().max(max, `${label} cannot exceed ${max} characters`).nullable().optional();
}

/** Digits with the usual separators ('+1 (707) 555-0123', '707.555.0123'): 7 to 15 digits. */
function isPhoneNumber(text: string): boolean {
  const digits = text.replace(/\D/g, '').length;
  return /^\+?[\d\s().-]+$/.test(text) && digits >= 7 && digits <= 15;
}

/** The admin's event form: every field validated (price in whole dollars, 0 = free). */
export const EventInputSchema = z.strictObject({
  title: z.string().trim().min(1, 'Title is required').max(200, 'Title cannot exceed 200 characters'),
  description: z
    .string()
    .trim()
    .min(1, 'Description is required')
    .max(5000, 'Description cannot exceed 5000 characters'),
  location: z
    .string()
    .trim()
    .min(1, 'Location is required')
    .max(200, 'Location cannot exceed 200 characters'),
  date: z.iso.datetime({ offset: true, message: 'Date must be an ISO date-time with a time zone' }),
  capacity: z
    .number()
    .int('Capacity must be a whole number')
    .min(1, 'Capacity must be at least 1')
    .max(10_000),
  price: z.number().int('Price is in whole dollars').min(0, 'Price cannot be negative').max(100_000),
  imageUrl: imageUrlField.nullable().optional(),
  // The walk's details: each optional, null when not given. Like imageUrl, PUT clears a detail it
  // leaves out (the admin's form always sends them all); a blank text is stored as none.
  distanceMiles: z
    .number({ error: 'Distance must be a number' })
    .min(0.1, distanceRange)
    .max(100, distanceRange)
    .refine(
      (miles) => Math.abs(miles * 10 - Math.round(miles * 10)) < 1e-9,
      'Distance has at most one decimal (4.2 miles)',
    )
    .nullable()
    .optional(),
  elevationGainFeet: z
    .number({ error: 'Elevation gain must be a number' })
    .int('Elevation gain is in whole feet')
    .min(0, 'Elevation gain must be between 0 and 15,000 feet')
    .max(15_000, 'Elevation gain must be between 0 and 15,000 feet')
    .nullable()
    .optional(),
  difficulty: WalkDifficultySchema.nullable().optional(),
  durationMinutes: z
    .number({ error: 'Duration must be a number' })
    .int('Duration is in whole minutes')
    .min(15, 'Duration must be between 15 minutes and 24 hours')
    .max(24 * 60, 'Duration must be between 15 minutes and 24 hours')
    .nullable()
    .optional(),
  minimumAge: z
    .number({ error: 'Minimum age must be a number' })
    .int('Minimum age must be a whole number')
    .min(1, 'Minimum age must be between 1 and 99')
    .max(99, 'Minimum age must be between 1 and 99')
    .nullable()
    .optional(),
  familyFriendly: z.boolean().optional(),
  dogsAllowed: z.boolean().optional(),
  /** Registering requires accepting the current waiver (one must be published). Left out: no. */
  waiverRequired: z.boolean().optional(),
  /** Registering asks for an emergency contact and a note for the leader. Left out: no. */
  askEmergencyContact: z.boolean().optional(),
  accessibilityNotes: detailText('Accessibility notes', 1000),
  meetingPoint: MeetingPointSchema.nullable().optional(),
  whatToBring: detailText('What to bring', 1000),
  /** The leader's contact for the day: admins and the walk reminders only, never a public read. */
  leaderContactName: detailText('Leader name', 100),
  leaderContactPhone: z
    .string()
    .trim()
    .max(40, 'Leader phone cannot exceed 40 characters')
    .refine(isPhoneNumber, 'Leader phone must be a phone number, e.g. (707) 555-0123')
    .nullable()
    .optional(),
  /** A paid walk's refund deadline in days before it (null or left out: until it starts). */
  refundCutoffDays: z
    .number({ error: 'Refund deadline must be a number of days' })
    .int('Refund deadline is in whole days')
    .min(1, 'Refund deadline must be between 1 and 60 days before the walk')
    .max(60, 'Refund deadline must be between 1 and 60 days before the walk')
    .nullable()
    .optional(),
  // When the walk reminds its walkers (decision 035). Left out: the defaults; null: no such reminder.
  earlyReminderDays: z
    .number({ error: 'Days before must be a number' })
    .int('Days before must be a whole number')
    .min(1, 'The early reminder goes 1 to 14 days before the walk')
    .max(14, 'The early reminder goes 1 to 14 days before the walk')
    .nullable()
    .optional(),
  dayReminderTime: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "The walk day's reminder time is a time of day, e.g. 07:00")
    .nullable()
    .optional(),
});
export type EventInput = z.infer<typeof EventInputSchema>;

/** The reminders of a walk that does not set its own (decision 035). */
export const DEFAULT_EARLY_REMINDER_DAYS = 2;
export const DEFAULT_DAY_REMINDER_TIME = '07:00';

/**
 * An event as the admin edits it (GET /api/admin/events, and what the admin's create and update
 * answer): the public event, the leader's contact for the day, which no public read carries, and
 * when the walk's reminders go.
 */
export const AdminEventSchema = EventSchema.extend({
  leaderContactName: z.string().nullable(),
  leaderContactPhone: z.string().nullable(),
  /** Days before the walk of its early reminder; null: none. */
  earlyReminderDays: z.number().int().nullable(),
  /** 'HH:MM' in the valley, the walk day's reminder (at the latest an hour before the start); null: none. */
  dayReminderTime: z.string().nullable(),
});
export type AdminEvent = z.infer<typeof AdminEventSchema>;

export const DeleteEventResultSchema = z.object({
  /** deleted: it had no registrations. cancelled: kept, marked cancelled, registrants told. */
  outcome: z.enum(['deleted', 'cancelled']),
  notified: z.number().int(),
});
export type DeleteEventResult = z.infer<typeof DeleteEventResultSchema>;

/** A seat paid online at checkout, on a walk being cancelled: payments refunds its payment. */
export const PaidSeatSchema = z.object({
  registrationId: z.number().int(),
  /** The member's username or the guest's name, for the activity record. */
  registrant: z.string(),
  paymentId: z.uuid(),
  amountPaid: z.string(),
  testMode: z.boolean(),
});
export type PaidSeat = z.infer<typeof PaidSeatSchema>;

/**
 * POST /internal/events/:id/cancel (payments' Cancel and refund of a walk): the walk deleted or
 * cancelled as DELETE /api/events/:id does, with every seat on it that was paid online, so each is
 * refunded. Idempotent: a walk cancelled already answers its paid seats again (`notified` 0), so a
 * refund whose claim failed is claimed by the next request.
 */
export const EventCancellationSchema = DeleteEventResultSchema.extend({
  event: z.object({ id: z.number().int(), title: z.string(), date: z.string() }),
  paidSeats: z.array(PaidSeatSchema),
});
export type EventCancellation = z.infer<typeof EventCancellationSchema>;

/**
 * POST /internal/event-quotes (payments -> content-and-events): a seat of a paid event for one
 * payer, held for a few minutes (SEAT_HOLD_MINUTES) while they pay (ARCHITECTURE.md section 4). The
 * payer is a member (their user id) or a guest (name and e-mail); the holder is the client whose
 * checkout it is, whose seats held at once are limited. A quote that replaces an earlier one of the
 * same checkout hands its hold over.
 */
export const EventQuoteBodySchema = z.object({
  eventId: RowIdSchema,
  /** The others the payer brings (decision 041): a seat each, all paid in this one checkout. */
  party: PartySchema.default([]),
  buyer: z.union([z.object({ userId: RowIdSchema }), GuestRegistrationSchema]),
  replacesQuoteId: z.uuid().optional(),
  holder: HolderSchema,
  /**
   * The payer's full name as typed at checkout (a guest's is `buyer.name`): a waiver's signature
   * must match it. The waiver's acceptance and the emergency contact travel from the checkout form
   * and are recorded on the held registration (decision 038).
   */
  fullName: nameField.optional(),
  waiver: WaiverAcceptanceSchema.optional(),
  emergency: EmergencyDetailsSchema.optional(),
  /** The payer's browser (User-Agent), kept with a waiver's signature. */
  userAgent: z.string().max(500).optional(),
});
export type EventQuoteBody = z.infer<typeof EventQuoteBodySchema>;

/**
 * A payable quote of one line (the event at its price, shipping '0.00'), nothing shipped, with the
 * event and the registration that holds the seat.
 */
export const EventQuoteSchema = PayableQuoteSchema.extend({
  shippingMethod: z.null(),
  eventId: z.number().int(),
  registrationId: z.number().int(),
});
export type EventQuote = z.infer<typeof EventQuoteSchema>;

export const WalkStatsQuerySchema = z.object({
  /** How many days the per-day figures cover, today (in the valley) included. */
  days: z.coerce.number().int().min(1).max(365).default(30),
});

export const WalkDayStatsSchema = z.object({
  /** The day in the valley, 'YYYY-MM-DD'. */
  date: z.string(),
  /** Seats paid at checkout that day (registered that day), still confirmed. */
  registrations: z.number().int().min(0),
  /** What those seats were paid, 2 decimals. */
  revenue: z.string(),
});
export type WalkDayStats = z.infer<typeof WalkDayStatsSchema>;

/**
 * The paid walks' side of the overview (the shop's is GET /api/admin/orders/stats): seats paid at
 * checkout and still confirmed, all time and per valley day. Seats paid in test mode (the sandbox)
 * are in none of them: they are counted apart in `testMode`. A seat paid on the day is not known
 * here, and a cancelled one is not counted (as a cancelled order is not).
 */
export const WalkStatsSchema = z.object({
  paidRegistrations: z.number().int().min(0),
  /** 2 decimals ('0.00' if none). */
  revenue: z.string(),
  days: z.number().int(),
  /** Oldest first, every day of the period (days without a paid seat as zeros). */
  perDay: z.array(WalkDayStatsSchema),
  /** Every test-mode paid seat still confirmed, and what it would have brought in (all time). */
  testMode: TestModeFiguresSchema,
});
export type WalkStats = z.infer<typeof WalkStatsSchema>;

/**
 * The answer of promoteFromWaitlist: the registration with its seat, and the event's capacity before
 * and after. An admin who gives a seat at a full event adds one (from < to); with a seat free,
 * the capacity stays as it was.
 */
export const WaitlistPromotionSchema = RegistrationSchema.extend({
  capacity: z.object({ from: z.number().int(), to: z.number().int() }),
});
export type WaitlistPromotion = z.infer<typeof WaitlistPromotionSchema>;

/**
 * How far back the calendar feed keeps walks: subscribers keep their history, and a walk cancelled
 * on the day still reaches them as cancelled.
 */
export const CALENDAR_FEED_HISTORY_DAYS = 60;

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
} as const;

/** Routes of this domain in the route table (route-table.ts). */
export const eventRoutes = defineRoutes({
  list: defineRoute({
    method: 'GET',
    path: '/api/events',
    service: 'content-and-events',
    access: 'public',
    summary:
      "Every event: upcoming first (soonest first), then past (latest first), with seats left, the walk's details (never its leader's contact) and its series, if any",
    responses: { 200: z.array(ListedEventSchema) },
    sharedRead: true,
  }),
  adminList: defineRoute({
    method: 'GET',
    path: '/api/admin/events',
    service: 'content-and-events',
    access: 'admin',
    summary:
      "Every event as the admin edits it: the public list, in its order, with each walk's leader contact for the day",
    responses: { 200: z.array(AdminEventSchema), 401: ErrorResponseSchema, 403: ErrorResponseSchema },
  }),
  myRegistrations: defineRoute({
    method: 'GET',
    path: '/api/events/my-registrations',
    service: 'content-and-events',
    access: 'user',
    summary: "The logged-in member's registrations with their events",
    responses: { 200: z.array(MyRegistrationSchema), 401: ErrorResponseSchema },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/events/:id',
    service: 'content-and-events',
    access: 'public',
    summary: 'One event; 404 when unknown',
    request: { params: IdParamsSchema },
    responses: { 200: EventSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
  }),
  calendarFeed: defineRoute({
    method: 'GET',
    path: CALENDAR_FEED_PATH,
    service: 'content-and-events',
    access: 'public',
    summary: `The walks as an iCalendar feed (text/calendar, webcal-subscribable): upcoming ones, and those of the last ${CALENDAR_FEED_HISTORY_DAYS} days, cancelled ones marked so (STATUS:CANCELLED) with a stable UID and a SEQUENCE that grows with every change; ETag and 304`,
    responses: { 200: z.string() },
    sharedRead: true,
  }),
  walkCalendar: defineRoute({
    method: 'GET',
    path: WALK_CALENDAR_PATH,
    service: 'content-and-events',
    access: 'public',
    summary:
      "One walk as an .ics file to add to a calendar (text/calendar, as an attachment), the same event as the feed's; ETag and 304; 404 when unknown",
    request: { params: IdParamsSchema },
    responses: { 200: z.string(), 400: ErrorResponseSchema, 404: ErrorResponseSchema },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/events',
    service: 'content-and-events',
    access: 'admin',
    summary:
      "Creates an event (its date must be in the future) with the walk's details; answers it as the admin sees it",
    request: { body: EventInputSchema },
    responses: { 201: AdminEventSchema, ...errors },
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/events/:id',
    service: 'content-and-events',
    access: 'admin',
    summary:
      "Updates an event and the walk's details; registrants are told when its date or place changes. Answers it as the admin sees it",
    request: { params: IdParamsSchema, body: EventInputSchema },
    responses: { 200: AdminEventSchema, ...errors, 422: ErrorResponseSchema },
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/api/events/:id',
    service: 'content-and-events',
    access: 'admin',
    summary:
      'Deletes an event without registrations; one with registrations is cancelled and they are told. 409 for one with seats paid online: it is cancelled with their refunds by POST /api/events/:id/cancel-and-refund',
    request: { params: IdParamsSchema },
    responses: { 200: DeleteEventResultSchema, ...errors, 409: ErrorResponseSchema },
  }),
  internalCancelEvent: defineRoute({
    method: 'POST',
    path: '/internal/events/:id/cancel',
    service: 'content-and-events',
    access: 'internal',
    summary:
      "Deletes or cancels a walk for payments' Cancel and refund (as DELETE /api/events/:id, its registrants told) and answers its seats paid online. Idempotent: a walk cancelled already answers them again",
    request: { params: IdParamsSchema, body: z.object({ actor: IdentitySchema }) },
    responses: { 200: EventCancellationSchema, 404: ErrorResponseSchema },
  }),
  register: defineRoute({
    method: 'POST',
    path: '/api/events/:id/registrations',
    service: 'content-and-events',
    access: 'public',
    summary:
      'Registers the member, or a guest with name and e-mail; waitlisted when full. Honours Idempotency-Key',
    request: { params: IdParamsSchema, body: RegistrationBodySchema },
    responses: {
      201: RegistrationSchema,
      ...errors,
      409: ErrorResponseSchema,
      422: ErrorResponseSchema,
    },
  }),
  cancelRegistration: defineRoute({
    method: 'DELETE',
    path: '/api/events/:id/registrations/:registrationId',
    service: 'content-and-events',
    access: 'user',
    summary:
      'Cancels a registration (its owner or an admin); the first on the waitlist takes the seat. 409 for one paid at checkout: it is cancelled with its refund by POST /api/events/:id/registrations/:registrationId/cancel-and-refund',
    request: { params: RegistrationParamsSchema },
    responses: { 200: RegistrationSchema, ...errors, 409: ErrorResponseSchema, 422: ErrorResponseSchema },
  }),
  updateParty: defineRoute({
    method: 'PUT',
    path: '/api/events/:id/registrations/:registrationId/party',
    service: 'content-and-events',
    access: 'user',
    summary:
      'Sets who else comes with a registration (its owner or an admin), until the walk starts: one added needs a free seat (409 when there is none; a waitlisted party just grows), one removed frees a seat for the waitlist. A walk paid online keeps the number it paid for (409): only the names change',
    request: { params: RegistrationParamsSchema, body: UpdatePartyBodySchema },
    responses: { 200: RegistrationSchema, ...errors, 409: ErrorResponseSchema, 422: ErrorResponseSchema },
  }),
  cancelAsGuest: defineRoute({
    method: 'POST',
    path: '/api/events/:id/registrations/cancel',
    service: 'content-and-events',
    access: 'public',
    summary:
      "Cancels a guest's registration with the signed token of its confirmation e-mail. 409 for one paid at checkout: it is cancelled with its refund by POST /api/events/:id/registrations/cancel-and-refund",
    request: { params: IdParamsSchema, body: GuestCancellationBodySchema },
    responses: { 200: RegistrationSchema, ...errors, 409: ErrorResponseSchema, 422: ErrorResponseSchema },
  }),
  internalCancelRegistration: defineRoute({
    method: 'POST',
    path: '/internal/registrations/cancel',
    service: 'content-and-events',
    access: 'internal',
    summary:
      "Cancels a registration for payments' Cancel and refund (its owner, an admin, or a guest's signed link), the seat to the waitlist, and answers the payment that paid it. Idempotent: one cancelled already is answered as it is. 404 for one that is not the caller's, 422 once the walk has started",
    request: { body: InternalCancelRegistrationBodySchema },
    responses: {
      200: RegistrationCancellationSchema,
      400: ErrorResponseSchema,
      404: ErrorResponseSchema,
      422: ErrorResponseSchema,
    },
  }),
  listRegistrations: defineRoute({
    method: 'GET',
    path: '/api/events/:id/registrations',
    service: 'content-and-events',
    access: 'admin',
    summary: "An event's registrations with their status, contact and waitlist position",
    request: { params: IdParamsSchema },
    responses: { 200: EventRegistrationsSchema, ...errors },
  }),
  promoteFromWaitlist: defineRoute({
    method: 'POST',
    path: '/api/events/:id/registrations/:registrationId/promote',
    service: 'content-and-events',
    access: 'admin',
    summary:
      'Gives a waitlisted registrant a seat, out of turn, and tells them; at a full event the capacity goes up by one in the same change, so nobody loses a seat. 409 when not on the waitlist, 422 when the event is cancelled or over',
    request: { params: RegistrationParamsSchema },
    responses: {
      200: WaitlistPromotionSchema,
      ...errors,
      409: ErrorResponseSchema,
      422: ErrorResponseSchema,
    },
  }),
  ...definePayableRoutes({
    service: 'content-and-events',
    path: '/internal/event-quotes',
    quoteBody: EventQuoteBodySchema,
    quote: EventQuoteSchema,
    summaries: {
      quote:
        'Prices a seat of a paid event and holds it for the payer for a few minutes (SEAT_HOLD_MINUTES); 409 when full or already registered, 429 beyond the seats one client may hold at once',
      fulfil:
        'Confirms the paid registration of a quote and queues its confirmation with the amount paid (idempotent on the payment id); unfulfillable when the lapsed hold cannot take a seat',
      release:
        "Releases a quote's held seat (the payment failed, lapsed or was replaced); twice is not an error",
    },
  }),
  adminStats: defineRoute({
    method: 'GET',
    path: '/api/admin/events/stats',
    service: 'content-and-events',
    access: 'admin',
    summary:
      "The paid walks' figures for the overview: seats paid at checkout and their revenue, all time and per valley day over the last `days` (test mode apart)",
    request: { querystring: WalkStatsQuerySchema },
    responses: {
      200: WalkStatsSchema,
      400: ErrorResponseSchema,
      401: ErrorResponseSchema,
      403: ErrorResponseSchema,
    },
  }),
  // Tickets, walk leaders and check-in (decision 040).
  ...ticketAndCheckInRoutes,
  registrationsCsv: defineRoute({
    method: 'GET',
    path: '/api/events/:id/registrations.csv',
    service: 'content-and-events',
    access: 'admin',
    summary: "An event's registrations as CSV (text/csv)",
    request: { params: IdParamsSchema },
    responses: { 200: z.string(), ...errors },
  }),
});
