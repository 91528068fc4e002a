import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type {
  ContentAndEventsDatabase,
  EventQuotesTable,
  RegistrationStatusColumn,
  RegistrationsTable,
} from '../../db/database';
import type { Registrant } from '../registrations/registrant';

type Db = Kysely<ContentAndEventsDatabase> | Transaction<ContentAndEventsDatabase>;
type Trx = Transaction<ContentAndEventsDatabase>;

export type EventQuoteRow = Selectable<EventQuotesTable>;
/** A seat held at checkout is a registration row ('held'), given or dropped by its quote. */
type RegistrationRow = Selectable<RegistrationsTable>;

export async function insertEventQuote(
  trx: Trx,
  values: Insertable<EventQuotesTable>,
): Promise<EventQuoteRow> {
  return trx.insertInto('eventQuotes').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findEventQuote(db: Db, id: string): Promise<EventQuoteRow | undefined> {
  return db.selectFrom('eventQuotes').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function lockEventQuote(trx: Trx, id: string): Promise<EventQuoteRow | undefined> {
  return trx.selectFrom('eventQuotes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Whose checkout a quote is, as counted: the client's address key and the member's id (or null). */
export interface HolderKey {
  address: string;
  userId: number | null;
}

/**
 * Serialises the seat quotes of one client until the transaction ends, so that simultaneous
 * checkouts cannot each see room under its limits and together overshoot them. Keys are locked in
 * one order, so two transactions of a member on two addresses never wait for each other in a circle.
 */
export async function lockHolder(trx: Trx, holder: HolderKey): Promise<void> {
  const keys = [`address:${holder.address}`, ...(holder.userId === null ? [] : [`user:${holder.userId}`])];
  for (const key of keys.sort()) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`content-and-events/holder/${key}`}, 0))`.execute(
      trx,
    );
  }
}

/**
 * Seats (people) the client holds now in open checkouts (from its address, or the member's from any
 * address), per event; `exceptRegistrationId` is the payer's own hold being taken over.
 */
export async function seatsHeldBy(
  db: Db,
  holder: HolderKey,
  now: Date,
  options: { exceptRegistrationId?: number } = {},
): Promise<Map<number, number>> {
  let query = db
    .selectFrom('registrations')
    .innerJoin('eventQuotes', 'eventQuotes.id', 'registrations.heldByQuoteId')
    .select(['registrations.eventId', sql<number>`sum(registrations.party_size)::int`.as('seats')])
    .where('registrations.status', '=', 'held')
    .where('registrations.heldUntil', '>', now)
    .where((eb) =>
      holder.userId === null
        ? eb('eventQuotes.holderAddress', '=', holder.address)
        : eb.or([
            eb('eventQuotes.holderAddress', '=', holder.address),
            eb('eventQuotes.holderUserId', '=', holder.userId),
          ]),
    )
    .groupBy('registrations.eventId');
  if (options.exceptRegistrationId !== undefined) {
    query = query.where('registrations.id', '<>', options.exceptRegistrationId);
  }
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.eventId, row.seats]));
}

/** One fulfilment per payment at a time: the same payment twice waits for the first answer. */
export async function lockPaymentId(trx: Trx, paymentId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`content-and-events/payment/${paymentId}`}, 0))`.execute(
    trx,
  );
}

export async function markQuoteReleased(trx: Trx, id: string): Promise<boolean> {
  const row = await trx
    .updateTable('eventQuotes')
    .set({ releasedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .where('releasedAt', 'is', null)
    .where('paymentId', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function recordQuoteOutcome(
  trx: Trx,
  id: string,
  outcome: {
    paymentId: string;
    outcome: 'fulfilled' | 'unfulfillable';
    outcomeStatus: RegistrationStatusColumn;
    reason: string | null;
  },
): Promise<void> {
  await trx.updateTable('eventQuotes').set(outcome).where('id', '=', id).execute();
}

/**
 * The registration takes the seat for this quote, held until `heldUntil`. A registration cancelled
 * after it was paid (and refunded with it) starts unpaid again: the payment it had is not this one's.
 */
export async function holdSeat(
  trx: Trx,
  registrationId: number,
  values: { quoteId: string; heldUntil: Date; guestName: string | null; partyNames: string[] },
): Promise<RegistrationRow> {
  return trx
    .updateTable('registrations')
    .set({
      status: 'held',
      partyNames: values.partyNames,
      heldUntil: values.heldUntil,
      heldByQuoteId: values.quoteId,
      cancelledAt: null,
      paymentId: null,
      amountPaid: null,
      testMode: false,
      refundForfeited: false,
      createdAt: sql<Date>`clock_timestamp()`,
      updatedAt: sql<Date>`now()`,
      ...(values.guestName ? { guestName: values.guestName } : {}),
    })
    .where('id', '=', registrationId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function confirmPaidSeat(
  trx: Trx,
  registrationId: number,
  payment: { paymentId: string; amountPaid: string; testMode: boolean },
): Promise<RegistrationRow> {
  return trx
    .updateTable('registrations')
    .set({
      status: 'confirmed',
      heldUntil: null,
      heldByQuoteId: null,
      cancelledAt: null,
      paymentId: payment.paymentId,
      amountPaid: payment.amountPaid,
      testMode: payment.testMode,
      refundForfeited: false,
      updatedAt: sql<Date>`now()`,
    })
    .where('id', '=', registrationId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A hold given up (released, or lapsed): the registration is cancelled, as if never made. */
export async function dropHold(trx: Trx, registrationId: number): Promise<void> {
  await trx
    .updateTable('registrations')
    .set({ status: 'cancelled', heldUntil: null, cancelledAt: sql<Date>`now()`, updatedAt: sql<Date>`now()` })
    .where('id', '=', registrationId)
    .where('status', '=', 'held')
    .execute();
}

/** Events with a hold that lapsed (the scheduled release). */
export async function eventsWithLapsedHolds(db: Db, now: Date, limit = 500): Promise<number[]> {
  const rows = await db
    .selectFrom('registrations')
    .select('eventId')
    .distinct()
    .where('status', '=', 'held')
    .where('heldUntil', '<=', now)
    .limit(limit)
    .execute();
  return rows.map((row) => row.eventId);
}

export async function lapsedHolds(trx: Trx, eventId: number, now: Date): Promise<RegistrationRow[]> {
  return trx
    .selectFrom('registrations')
    .selectAll()
    .where('eventId', '=', eventId)
    .where('status', '=', 'held')
    .where('heldUntil', '<=', now)
    .execute();
}

/** Quotes whose hold went with the registration: released so a late fulfil knows. */
export async function releaseQuotesOfRegistrations(
  trx: Trx,
  registrationIds: readonly number[],
): Promise<void> {
  if (registrationIds.length === 0) return;
  await trx
    .updateTable('eventQuotes')
    .set({ releasedAt: sql<Date>`now()` })
    .where('registrationId', 'in', [...registrationIds])
    .where('releasedAt', 'is', null)
    .where('paymentId', 'is', null)
    .execute();
}

/** A new registration that starts as a held seat. */
export async function insertHeldRegistration(
  trx: Trx,
  eventId: number,
  registrant: Registrant,
  hold: { quoteId: string; heldUntil: Date; partyNames: string[] },
): Promise<RegistrationRow> {
  return trx
    .insertInto('registrations')
    .values({
      eventId,
      status: 'held',
      partyNames: hold.partyNames,
      heldUntil: hold.heldUntil,
      heldByQuoteId: hold.quoteId,
      userId: registrant.kind === 'member' ? registrant.userId : null,
      guestName: registrant.kind === 'guest' ? registrant.name : null,
      guestEmail: registrant.kind === 'guest' ? registrant.email : null,
      createdAt: sql<Date>`clock_timestamp()`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
