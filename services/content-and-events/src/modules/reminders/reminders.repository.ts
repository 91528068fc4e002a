import { VALLEY_TIME_ZONE } from '@jesus-walks/contracts/constants';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { ContentAndEventsDatabase, WalkReminderKind } from '../../db/database';

type Db = Kysely<ContentAndEventsDatabase> | Transaction<ContentAndEventsDatabase>;

/** Seats that are reminded: a seat paid or free, and one to pay for on the day. */
const remindedStatuses = ['confirmed', 'pending_payment'] as const;

/**
 * A reminder older than this is not sent late (the sweep was down, the walk moved past it, or the
 * person registered after it was due): they have had their confirmation, and a stale reminder
 * only confuses.
 */
const STALE_AFTER = sql`interval '12 hours'`;

/** A reminder due now, with what its e-mail says. */
export interface DueReminder {
  kind: WalkReminderKind;
  dueAt: Date;
  registrationId: number;
  userId: number | null;
  guestName: string | null;
  guestEmail: string | null;
  status: 'confirmed' | 'pending_payment';
  amountPaid: string | null;
  /** The others the walker brings (decision 041). */
  partyNames: string[];
  eventId: number;
  title: string;
  date: Date;
  location: string;
  price: number;
  meetingLatitude: number | null;
  meetingLongitude: number | null;
  whatToBring: string | null;
  leaderContactName: string | null;
  leaderContactPhone: string | null;
}

/**
 * Every reminder due at `now` and not sent yet for the walk's current start.
 *
 * When a walk's reminders fall: the early one `early_reminder_days` before the start (at the walk's
 * time of day), the walk day's at `day_reminder_time` in the valley, or an hour before the start if
 * that is earlier (a sunrise walk). Computed from the walk as it is now, so a walk moved or re-timed
 * is reminded on its new schedule with nothing to reschedule, and a cancelled one never. Only seat
 * holders who registered before the reminder fell due, within STALE_AFTER of it, the walk still to
 * start (the earliest reminder is 14 days before: the column's check).
 */
export async function findDueReminders(db: Db, now: Date): Promise<DueReminder[]> {
  const { rows } = await sql<DueReminder>`
    with schedule as (
      select id,
        date - make_interval(days => early_reminder_days) as early_at,
        least(((date at time zone ${VALLEY_TIME_ZONE})::date + day_reminder_time) at time zone ${VALLEY_TIME_ZONE},
              date - interval '1 hour') as day_at
      from events
      where cancelled_at is null and date > ${now} and date <= ${now}::timestamptz + interval '15 days'
    )
    select due.kind, due.due_at,
      r.id as registration_id, r.user_id, r.guest_name, r.guest_email, r.status, r.amount_paid,
      r.party_names,
      e.id as event_id, e.title, e.date, e.location, e.price, e.meeting_latitude, e.meeting_longitude,
      e.what_to_bring, e.leader_contact_name, e.leader_contact_phone
    from schedule
    cross join lateral (values ('early', schedule.early_at), ('day', schedule.day_at)) as due(kind, due_at)
    join events e on e.id = schedule.id
    join registrations r on r.event_id = e.id
    where due.due_at is not null
      and due.due_at <= ${now}
      and ${now}::timestamptz < due.due_at + ${STALE_AFTER}
      and r.status in ('confirmed', 'pending_payment')
      and r.created_at < due.due_at
      and not exists (
        select 1 from walk_reminders w
        where w.registration_id = r.id and w.kind = due.kind and w.walk_date = e.date)
    order by e.id, due.kind, r.id`.execute(db);
  return rows.map((row) => ({ ...row, dueAt: new Date(row.dueAt), date: new Date(row.date) }));
}

/**
 * Records a reminder as sent, in the transaction that queues its e-mail, if it still applies: the
 * registration still holds a seat and the walk still starts at `walkDate` and is not cancelled
 * (checked as the row is written, so a cancellation or a move meanwhile sends nothing). False when
 * it no longer applies or was sent already: a second sweep waits on the first's row and then
 * writes nothing, so nobody is reminded twice.
 */
export async function recordReminderSent(
  trx: Transaction<ContentAndEventsDatabase>,
  reminder: { registrationId: number; kind: WalkReminderKind; walkDate: Date },
): Promise<boolean> {
  const row = await trx
    .insertInto('walkReminders')
    .columns(['registrationId', 'kind', 'walkDate'])
    .expression((eb) =>
      eb
        .selectFrom('registrations')
        .innerJoin('events', 'events.id', 'registrations.eventId')
        .select(['registrations.id', sql<WalkReminderKind>`${reminder.kind}::text`.as('kind'), 'events.date'])
        .where('registrations.id', '=', reminder.registrationId)
        .where('registrations.status', 'in', [...remindedStatuses])
        .where('events.cancelledAt', 'is', null)
        .where('events.date', '=', reminder.walkDate),
    )
    .onConflict((conflict) => conflict.columns(['registrationId', 'kind', 'walkDate']).doNothing())
    .returning('registrationId')
    .executeTakeFirst();
  return row !== undefined;
}
