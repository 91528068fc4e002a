import { z } from 'zod';
import { ErrorResponseSchema, IdParamsSchema, RowIdParamSchema } from './common';
import { PARTY_MAX_SIZE } from './constants';
import { RowIdSchema } from './products';
import { defineRoute } from './route-contract';

/*
 * Tickets and check-in (issue 24, decision 040). Kept apart from events.ts, whose `eventRoutes`
 * spreads `ticketAndCheckInRoutes`: this file never imports events.ts (no import cycle).
 */

/** A ticket's signed token as its link carries it: `{registrationId}.{issuedAt}.{mac}` (LinkSigner). */
export const TicketTokenSchema = z
  .string()
  .min(1, 'The ticket is incomplete')
  .max(200, 'This ticket is not valid')
  .regex(/^[0-9]+\.[0-9]+\.[A-Za-z0-9_-]+$/, 'This ticket is not valid');

/** The page of a ticket on the site: `/tickets/{token}` (also what the QR code says). */
export function ticketPath(token: string): string {
  return `/tickets/${encodeURIComponent(token)}`;
}

/**
 * The token in what a scanned QR code says: a ticket's address (any origin) or the bare token;
 * null for anything else (a QR code that is not one of our tickets).
 */
export function ticketTokenIn(text: string): string | null {
  const trimmed = text.trim();
  const path = /\/tickets\/([^/?#\s]+)\/?(?:[?#].*)?$/.exec(trimmed);
  let candidate = trimmed;
  if (path?.[1]) {
    try {
      candidate = decodeURIComponent(path[1]);
    } catch {
      return null;
    }
  }
  return TicketTokenSchema.safeParse(candidate).success ? candidate : null;
}

/** The registration a ticket's token names (its first part), before its signature is checked. */
export function ticketRegistrationId(token: string): number | null {
  const id = Number(token.split('.')[0]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const TicketParamsSchema = z.object({ token: TicketTokenSchema });

/** Who a ticket is for, as a seat holder's ticket shows it (no e-mail, no surname in full). */
export const TicketSchema = z.object({
  walk: z.object({
    id: z.number().int(),
    title: z.string(),
    date: z.string(),
    location: z.string(),
    isCancelled: z.boolean(),
    isPast: z.boolean(),
  }),
  /** The walker's first name (a member's username). */
  firstName: z.string(),
  /** The people it admits, the walker included (decision 041). */
  partySize: z.number().int().min(1),
  /** `cancelled` and `waitlisted` tickets do not admit (the page says so). */
  status: z.enum(['confirmed', 'pending_payment', 'waitlisted', 'cancelled']),
  /** Whole dollars to pay at check-in (a seat of a paid walk not paid online); 0 otherwise. */
  amountDue: z.number().int(),
  checkedIn: z.boolean(),
  /** The QR code as an SVG document: it says the ticket's address (ticketPath). */
  qrSvg: z.string(),
});
export type Ticket = z.infer<typeof TicketSchema>;

/** A walk as its leader's list shows it. */
export const LeaderWalkSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  date: z.string(),
  location: z.string(),
  isCancelled: z.boolean(),
  /** Started already: those not checked in are no-shows. */
  isPast: z.boolean(),
  /** People (a party of four counts four), with seats and checked in. */
  expected: z.number().int(),
  checkedIn: z.number().int(),
});
export type LeaderWalk = z.infer<typeof LeaderWalkSchema>;

/** A walker's emergency contact and note for the leader, when the walk asked for them (decision 038). */
export const CheckInEmergencySchema = z.object({
  contactName: z.string(),
  contactPhone: z.string(),
  leaderNote: z.string().nullable(),
});

/** One seat holder on a walk's check-in list (walk-ins included). */
export const CheckInEntrySchema = z.object({
  registrationId: z.number().int(),
  /** A guest's name as given, a member's username. */
  name: z.string(),
  /** The people on this registration, the registrant included; `party` names the others. */
  partySize: z.number().int().min(1),
  party: z.array(z.string()),
  isGuest: z.boolean(),
  status: z.enum(['confirmed', 'pending_payment']),
  /** Whole dollars to collect at check-in ("pay on the day", for the whole party); 0 when free or paid online. */
  amountDue: z.number().int(),
  walkIn: z.boolean(),
  checkedInAt: z.string().nullable(),
  /** The leader whose check-in counts (their username). */
  checkedInBy: z.string().nullable(),
  /** How many of the party are there: the whole party unless a leader said fewer; 0 before check-in. */
  checkedInPeople: z.number().int().min(0),
  /** Null when none was given (or the walk did not ask). */
  emergency: CheckInEmergencySchema.nullable(),
});
export type CheckInEntry = z.infer<typeof CheckInEntrySchema>;

export const CheckInListSchema = z.object({
  walk: LeaderWalkSchema.omit({ expected: true, checkedIn: true }).extend({ price: z.number().int() }),
  /** Seat holders by name. */
  entries: z.array(CheckInEntrySchema),
});
export type CheckInList = z.infer<typeof CheckInListSchema>;

/** Most operations one sync carries: a phone offline for a whole walk has far fewer. */
export const MAX_CHECK_IN_OPERATIONS = 200;

const operationBase = {
  /** Made by the phone (crypto.randomUUID()): the same operation sent again counts once. */
  id: z.uuid(),
  /** When the leader tapped (the phone's clock); the server takes no later than it receives it. */
  at: z.iso.datetime({ offset: true }),
};

/**
 * Who an operation is about: a seat holder by registration id (a tap on the list), a scanned
 * ticket (its token, verified by the server), or a walk-in this phone added before it could send
 * it (that walk-in operation's id).
 */
export const CheckInTargetSchema = z.union([
  z.strictObject({ registrationId: RowIdSchema }),
  z.strictObject({ ticket: TicketTokenSchema }),
  z.strictObject({ walkInOperationId: z.uuid() }),
]);
export type CheckInTarget = z.infer<typeof CheckInTargetSchema>;

export const WalkInSchema = z.strictObject({
  name: z.string().trim().min(1, 'Please enter their name').max(100, 'Name cannot exceed 100 characters'),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'Email cannot exceed 254 characters')
    .pipe(z.email('Please enter a valid email address'))
    .optional(),
  phone: z
    .string()
    .trim()
    .max(40, 'Phone cannot exceed 40 characters')
    .regex(/^\+?[\d\s().-]{7,}$/, 'Phone must be a phone number, e.g. (707) 555-0123')
    .optional(),
});
export type WalkIn = z.infer<typeof WalkInSchema>;

/** One thing a leader did on the check-in page. */
export const CheckInOperationSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    ...operationBase,
    kind: z.literal('check-in'),
    target: CheckInTargetSchema,
    /**
     * How many of the party are there (three of a family of four): the latest count stands. Left
     * out, the whole party; on a party already checked in, it changes only the count.
     */
    present: z.number().int().min(1).max(PARTY_MAX_SIZE).optional(),
  }),
  z.strictObject({ ...operationBase, kind: z.literal('undo'), target: CheckInTargetSchema }),
  /** Someone who turned up without a seat: registered on the spot, checked in, capacity ignored. */
  z.strictObject({ ...operationBase, kind: z.literal('walk-in'), walkIn: WalkInSchema }),
]);
export type CheckInOperation = z.infer<typeof CheckInOperationSchema>;

export const CheckInSyncBodySchema = z.strictObject({
  operations: z.array(CheckInOperationSchema).min(1).max(MAX_CHECK_IN_OPERATIONS),
});
export type CheckInSyncBody = z.infer<typeof CheckInSyncBodySchema>;

/**
 * What became of each operation: `applied` now, `duplicate` (this id was applied before: nothing
 * changed), or `refused` with the reason (a forged ticket, one for another walk, a cancelled seat).
 */
export const CheckInOperationResultSchema = z.object({
  id: z.uuid(),
  outcome: z.enum(['applied', 'duplicate', 'refused']),
  /** The registration it was about, when known. */
  registrationId: z.number().int().nullable(),
  message: z.string().nullable(),
});
export type CheckInOperationResult = z.infer<typeof CheckInOperationResultSchema>;

export const CheckInSyncResultSchema = z.object({
  results: z.array(CheckInOperationResultSchema),
  /** The list as it stands after them (every leader's operations merged). */
  list: CheckInListSchema,
});
export type CheckInSyncResult = z.infer<typeof CheckInSyncResultSchema>;

/** A walk's leader as the admin sees them. */
export const WalkLeaderSchema = z.object({
  userId: z.number().int(),
  /** 'User {id}' when identity cannot be asked. */
  username: z.string(),
  email: z.string().nullable(),
});
export type WalkLeader = z.infer<typeof WalkLeaderSchema>;

export const AddWalkLeaderBodySchema = z.strictObject({ userId: RowIdSchema });

export const WalkLeaderParamsSchema = z.object({ id: RowIdParamSchema, userId: RowIdParamSchema });

/**
 * A registration's attendance, for the admin's list and CSV: `checked-in`, `walk-in` (added and
 * checked in on the spot), `no-show` (a seat holder not checked in once the walk started), or null
 * (before the walk, or not a seat).
 */
export const AttendanceSchema = z.object({
  attendance: z.enum(['checked-in', 'walk-in', 'no-show']).nullable(),
  checkedInAt: z.string().nullable(),
  /** The leader's username. */
  checkedInBy: z.string().nullable(),
  /** How many of the party came: the whole party unless a leader said fewer; 0 when not checked in. */
  checkedInPeople: z.number().int().min(0),
});
export type Attendance = z.infer<typeof AttendanceSchema>;

const leaderErrors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
} as const;

/** Spread into `eventRoutes` (events.ts): content-and-events serves them. */
export const ticketAndCheckInRoutes = {
  ticket: defineRoute({
    method: 'GET',
    path: '/api/tickets/:token',
    service: 'content-and-events',
    access: 'public',
    summary:
      "A walk ticket by its signed token (the link in the confirmation e-mail): the walk, the walker's first name, whether it admits, and its QR code as SVG; 404 for a forged or unknown token",
    request: { params: TicketParamsSchema },
    responses: { 200: TicketSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
  }),
  leaderWalks: defineRoute({
    method: 'GET',
    path: '/api/leader/walks',
    service: 'content-and-events',
    access: 'user',
    summary:
      'The walks the caller leads (every walk for an admin), from a week ago on, with how many are expected and checked in; empty for a member who leads none',
    responses: { 200: z.array(LeaderWalkSchema), 401: ErrorResponseSchema },
  }),
  checkInList: defineRoute({
    method: 'GET',
    path: '/api/leader/walks/:id/check-in',
    service: 'content-and-events',
    access: 'user',
    summary:
      "A walk's check-in list (seat holders and walk-ins, their attendance, what is due on the day, emergency contacts): its leaders and admins only (403 otherwise)",
    request: { params: IdParamsSchema },
    responses: { 200: CheckInListSchema, ...leaderErrors },
  }),
  checkInSync: defineRoute({
    method: 'POST',
    path: '/api/leader/walks/:id/check-in',
    service: 'content-and-events',
    access: 'user',
    summary:
      "Applies a leader's check-in operations (check in, undo, walk-in; each with the phone's UUID, so a resent one counts once), in any order from any leader with the same result, and answers each outcome and the merged list. A ticket forged or for another walk is refused. Leaders and admins only",
    request: { params: IdParamsSchema, body: CheckInSyncBodySchema },
    responses: { 200: CheckInSyncResultSchema, ...leaderErrors, 422: ErrorResponseSchema },
  }),
  walkLeaders: defineRoute({
    method: 'GET',
    path: '/api/admin/events/:id/leaders',
    service: 'content-and-events',
    access: 'admin',
    summary: "A walk's leaders",
    request: { params: IdParamsSchema },
    responses: { 200: z.array(WalkLeaderSchema), ...leaderErrors },
  }),
  addWalkLeader: defineRoute({
    method: 'POST',
    path: '/api/admin/events/:id/leaders',
    service: 'content-and-events',
    access: 'admin',
    summary: "Makes a member a leader of the walk (found by the admin's user search); answers its leaders",
    request: { params: IdParamsSchema, body: AddWalkLeaderBodySchema },
    responses: { 200: z.array(WalkLeaderSchema), ...leaderErrors },
  }),
  removeWalkLeader: defineRoute({
    method: 'DELETE',
    path: '/api/admin/events/:id/leaders/:userId',
    service: 'content-and-events',
    access: 'admin',
    summary: 'Removes a leader from the walk (their check-ins stay); answers its leaders',
    request: { params: WalkLeaderParamsSchema },
    responses: { 200: z.array(WalkLeaderSchema), ...leaderErrors },
  }),
} as const;
