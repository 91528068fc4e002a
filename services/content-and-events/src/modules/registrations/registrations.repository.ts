import { VALLEY_TIME_ZONE } from '@jesus-walks/contracts/orders';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type {
  ContentAndEventsDatabase,
  RegistrationStatusColumn,
  RegistrationsTable,
} from '../../db/database';
import type { Registrant } from './registrant';

type Db = Kysely<ContentAndEventsDatabase> | Transaction<ContentAndEventsDatabase>;

export type RegistrationRow = Selectable<RegistrationsTable>;
export type RegistrationRowWithPosition = RegistrationRow & { waitlistPosition: number | null };

/** 1 for the next in line; null unless waitlisted. Waitlist order: created_at, then id. */
const waitlistPosition = sql<number | null>`case when registrations.status = 'waitlisted' then (
    select count(*) from registrations w
    where w.event_id = registrations.event_id and w.status = 'waitlisted'
      and (w.created_at, w.id) <= (registrations.created_at, registrations.id)
  ) end`.as('waitlistPosition');

/** The registrant's registration for an event, whatever its status (one row per person and event). */
export async function findRegistrantRegistration(
  db: Db,
  eventId: number,
  registrant: Registrant,
): Promise<RegistrationRow | undefined> {
  const query = db.selectFrom('registrations').selectAll().where('eventId', '=', eventId);
  return registrant.kind === 'member'
    ? query.where('userId', '=', registrant.userId).executeTakeFirst()
    : query
        .where('userId', 'is', null)
        .where(sql<string>`lower(guest_email)`, '=', registrant.email.toLowerCase())
        .executeTakeFirst();
}

/**
 * created_at is taken with clock_timestamp(), not now(): inside a transaction now() is when the
 * transaction began, which may be before another one that took the event lock first. The clock at
 * insert time (under the lock) keeps the waitlist in the order registrations were decided.
 */
export async function insertRegistration(
  trx: Transaction<ContentAndEventsDatabase>,
  eventId: number,
  registrant: Registrant,
  status: RegistrationStatusColumn,
  partyNames: string[],
): Promise<RegistrationRow> {
  return trx
    .insertInto('registrations')
    .values({
      eventId,
      status,
      partyNames,
      userId: registrant.kind === 'member' ? registrant.userId : null,
      guestName: registrant.kind === 'guest' ? registrant.name : null,
      guestEmail: registrant.kind === 'guest' ? registrant.email : null,
      createdAt: sql<Date>`clock_timestamp()`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A cancelled registration taken up again: a new place in line, the guest's name as given now. A
 * payment made for it before belongs to the cancelled registration (refunded with it): the new one
 * starts unpaid.
 */
export async function reactivateRegistration(
  trx: Transaction<ContentAndEventsDatabase>,
  id: number,
  status: RegistrationStatusColumn,
  guestName: string | null,
  partyNames: string[],
): Promise<RegistrationRow> {
  return trx
    .updateTable('registrations')
    .set({
      status,
      partyNames,
      cancelledAt: null,
      createdAt: sql<Date>`clock_timestamp()`,
      updatedAt: sql<Date>`now()`,
      heldUntil: null,
      heldByQuoteId: null,
      paymentId: null,
      amountPaid: null,
      testMode: false,
      refundForfeited: false,
      ...(guestName ? { guestName } : {}),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findRegistration(db: Db, id: number): Promise<RegistrationRow | undefined> {
  return db.selectFrom('registrations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findRegistrationWithPosition(
  db: Db,
  id: number,
): Promise<RegistrationRowWithPosition | undefined> {
  return db
    .selectFrom('registrations')
    .selectAll()
    .select(waitlistPosition)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function setRegistrationStatus(
  trx: Transaction<ContentAndEventsDatabase>,
  id: number,
  status: RegistrationStatusColumn,
  /** A paid seat its walker cancelled after the walk's refund deadline (only with 'cancelled'). */
  options: { refundForfeited?: boolean } = {},
): Promise<RegistrationRow> {
  return trx
    .updateTable('registrations')
    .set({
      status,
      updatedAt: sql<Date>`now()`,
      cancelledAt: status === 'cancelled' ? sql<Date>`now()` : null,
      refundForfeited: status === 'cancelled' && options.refundForfeited === true,
      ...(status === 'held' ? {} : { heldUntil: null }),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The parties on an event's waitlist that fit `freeSeats`, in line order: at most `freeSeats` of
 * them could be seated (a party is one person or more), so no more are read.
 */
export async function nextWaitlisted(
  trx: Transaction<ContentAndEventsDatabase>,
  eventId: number,
  freeSeats: number,
): Promise<RegistrationRow[]> {
  if (freeSeats <= 0) return [];
  return trx
    .selectFrom('registrations')
    .selectAll()
    .where('eventId', '=', eventId)
    .where('status', '=', 'waitlisted')
    .where('partySize', '<=', freeSeats)
    .orderBy('createdAt')
    .orderBy('id')
    .limit(freeSeats)
    .execute();
}

/** The others a registration brings, as they are now (decision 041). */
export async function setPartyNames(
  trx: Transaction<ContentAndEventsDatabase>,
  id: number,
  partyNames: string[],
): Promise<RegistrationRow> {
  return trx
    .updateTable('registrations')
    .set({ partyNames, updatedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Registrations that are not cancelled: the people to tell when the event changes. */
export async function activeRegistrations(db: Db, eventId: number): Promise<RegistrationRow[]> {
  return db
    .selectFrom('registrations')
    .selectAll()
    .where('eventId', '=', eventId)
    .where('status', 'not in', ['cancelled', 'held'])
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** Every registration of an event for the admin list: seat holders, then the waitlist in order, then cancelled. */
export async function listEventRegistrations(
  db: Db,
  eventId: number,
): Promise<RegistrationRowWithPosition[]> {
  return (
    db
      .selectFrom('registrations')
      .selectAll()
      .select(waitlistPosition)
      .where('eventId', '=', eventId)
      // A seat held at checkout is not a registration until it is paid.
      .where('status', '!=', 'held')
      .orderBy(
        sql`case status when 'confirmed' then 0 when 'pending_payment' then 0 when 'waitlisted' then 1 else 2 end`,
      )
      .orderBy('createdAt')
      .orderBy('id')
      .execute()
  );
}

export async function listUserRegistrations(db: Db, userId: number): Promise<RegistrationRowWithPosition[]> {
  return db
    .selectFrom('registrations')
    .selectAll()
    .select(waitlistPosition)
    .where('userId', '=', userId)
    .where('status', '!=', 'held')
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Paid seats as the overview counts them: paid at checkout and still confirmed. */
const paidSeat = sql<boolean>`status = 'confirmed' and payment_id is not null and amount_paid is not null`;

/**
 * Seats paid at checkout and still confirmed, and what they were paid (2 decimals): the real ones,
 * and those paid in test mode apart.
 */
export async function paidSeatTotals(db: Db): Promise<{
  paidRegistrations: number;
  revenue: string;
  testModeRegistrations: number;
  testModeRevenue: string;
}> {
  const { rows } = await sql<{
    paidRegistrations: number;
    revenue: string;
    testModeRegistrations: number;
    testModeRevenue: string;
  }>`
    select
      coalesce(sum(party_size) filter (where not test_mode), 0)::int as paid_registrations,
      round(coalesce(sum(amount_paid) filter (where not test_mode), 0), 2)::text as revenue,
      coalesce(sum(party_size) filter (where test_mode), 0)::int as test_mode_registrations,
      round(coalesce(sum(amount_paid) filter (where test_mode), 0), 2)::text as test_mode_revenue
    from registrations
    where ${paidSeat}
  `.execute(db);
  const [totals] = rows;
  if (!totals) throw new Error('paid seat totals returned no row');
  return totals;
}

/**
 * Real paid seats and their revenue per valley day (the day the seat was taken), over the `days`
 * days ending today in the valley, oldest first; a day without any is there with zeros.
 */
export async function paidSeatsPerDay(
  db: Db,
  days: number,
): Promise<Array<{ date: string; registrations: number; revenue: string }>> {
  const { rows } = await sql<{ date: string; registrations: number; revenue: string }>`
    with period as (
      select (now() at time zone ${VALLEY_TIME_ZONE})::date - ${days - 1}::int as first_day,
             (now() at time zone ${VALLEY_TIME_ZONE})::date as last_day
    ),
    paid as (
      select (r.created_at at time zone ${VALLEY_TIME_ZONE})::date as day,
             sum(r.party_size)::int as registrations,
             sum(r.amount_paid) as revenue
      from registrations r, period
      where r.created_at >= period.first_day::timestamp at time zone ${VALLEY_TIME_ZONE}
        and r.status = 'confirmed' and r.payment_id is not null and r.amount_paid is not null
        and not r.test_mode
      group by 1
    )
    select to_char(d.day, 'YYYY-MM-DD') as date,
           coalesce(paid.registrations, 0) as registrations,
           round(coalesce(paid.revenue, 0), 2)::text as revenue
    from period,
         lateral (select generate_series(period.first_day, period.last_day, interval '1 day')::date as day) d
    left join paid on paid.day = d.day
    order by d.day
  `.execute(db);
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Attendance (decision 040): written by the check-in module through registrations.service.

/** Sets (or clears, with null) whether the registration's walker was checked in, and by whom. */
export async function setAttendance(
  trx: Transaction<ContentAndEventsDatabase>,
  id: number,
  attendance: { checkedInAt: Date; checkedInById: number; present: number | null } | null,
): Promise<void> {
  await trx
    .updateTable('registrations')
    .set({
      checkedInAt: attendance?.checkedInAt ?? null,
      checkedInById: attendance?.checkedInById ?? null,
      checkedInPeople: attendance?.present ?? null,
      updatedAt: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** A walk-in's registration: a seat whatever the capacity (they are there), marked as a walk-in. */
export async function insertWalkIn(
  trx: Transaction<ContentAndEventsDatabase>,
  input: {
    eventId: number;
    status: RegistrationStatusColumn;
    name: string;
    email: string | null;
    phone: string | null;
  },
): Promise<RegistrationRow> {
  return trx
    .insertInto('registrations')
    .values({
      eventId: input.eventId,
      status: input.status,
      userId: null,
      guestName: input.name,
      guestEmail: input.email,
      guestPhone: input.phone,
      walkIn: true,
      createdAt: sql<Date>`clock_timestamp()`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A cancelled or waitlisted registration given a seat on the spot, as a walk-in. */
export async function seatAsWalkIn(
  trx: Transaction<ContentAndEventsDatabase>,
  id: number,
  status: RegistrationStatusColumn,
): Promise<RegistrationRow> {
  return trx
    .updateTable('registrations')
    .set({ status, walkIn: true, cancelledAt: null, heldUntil: null, updatedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Per walk: its seat holders and how many of them are checked in. */
/** How many of a checked-in registration's party are there: all, unless a leader said fewer. */
export const CHECKED_IN_PEOPLE = sql<number>`least(coalesce(checked_in_people, party_size), party_size)`;

export async function attendanceCounts(
  db: Db,
  eventIds: readonly number[],
): Promise<Map<number, { expected: number; checkedIn: number }>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('registrations')
    .select([
      'eventId',
      // People: a party counts its every walker, and those of it a leader saw (all, unless told).
      sql<number>`sum(party_size)::int`.as('expected'),
      sql<number>`coalesce(sum(${CHECKED_IN_PEOPLE}) filter (where checked_in_at is not null), 0)::int`.as(
        'checkedIn',
      ),
    ])
    .where('eventId', 'in', [...eventIds])
    .where('status', 'in', ['confirmed', 'pending_payment'])
    .groupBy('eventId')
    .execute();
  return new Map(
    rows.map((row) => [row.eventId, { expected: Number(row.expected), checkedIn: Number(row.checkedIn) }]),
  );
}
