import { type Kysely, type Selectable, sql } from 'kysely';
import type { ContentAndEventsDatabase, WaitlistTable } from '../../db/database';

type Db = Kysely<ContentAndEventsDatabase>;

export type SubscriberRow = Selectable<WaitlistTable>;

/**
 * Records a subscription attempt for an address, creating the subscriber on the first one. The
 * attempt counter restarts when its window (one hour) is over; one statement, so simultaneous
 * attempts count correctly.
 */
export async function recordSubscribeAttempt(
  db: Db,
  email: string,
  windowMinutes: number,
): Promise<SubscriberRow> {
  const windowOver = sql<boolean>`(waitlist.attempts_window_started_at is null
    or waitlist.attempts_window_started_at < now() - make_interval(mins => ${windowMinutes}))`;
  return db
    .insertInto('waitlist')
    .values({ email, subscribeAttempts: 1, attemptsWindowStartedAt: sql<Date>`now()` })
    .onConflict((conflict) =>
      conflict.column('email').doUpdateSet({
        subscribeAttempts: sql<number>`case when ${windowOver} then 1 else waitlist.subscribe_attempts + 1 end`,
        attemptsWindowStartedAt: sql<Date>`case when ${windowOver} then now() else waitlist.attempts_window_started_at end`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Someone who had unsubscribed subscribes again: they confirm again, as a new subscriber would. */
export async function restartSubscription(db: Db, id: number): Promise<void> {
  await db
    .updateTable('waitlist')
    .set({ unsubscribedAt: null, confirmedAt: null, confirmationSentAt: null })
    .where('id', '=', id)
    .where('unsubscribedAt', 'is not', null)
    .execute();
}

/**
 * Claims the right to send a confirmation e-mail: true for one caller only, and only when the
 * subscriber is unconfirmed and the last confirmation is older than `minutes`.
 */
export async function claimConfirmationSend(db: Db, id: number, minutes: number): Promise<boolean> {
  const claimed = await db
    .updateTable('waitlist')
    .set({ confirmationSentAt: sql<Date>`now()` })
    .where('id', '=', id)
    .where('confirmedAt', 'is', null)
    .where('unsubscribedAt', 'is', null)
    .where((eb) =>
      eb.or([
        eb('confirmationSentAt', 'is', null),
        eb('confirmationSentAt', '<', sql<Date>`now() - make_interval(mins => ${minutes})`),
      ]),
    )
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}

export async function findSubscriber(db: Db, id: number): Promise<SubscriberRow | undefined> {
  return db.selectFrom('waitlist').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function markConfirmed(db: Db, id: number): Promise<void> {
  await db
    .updateTable('waitlist')
    .set({ confirmedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .where('confirmedAt', 'is', null)
    .execute();
}

export async function markUnsubscribed(db: Db, id: number): Promise<void> {
  await db
    .updateTable('waitlist')
    .set({ unsubscribedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .where('unsubscribedAt', 'is', null)
    .execute();
}

export async function listSubscribers(db: Db): Promise<SubscriberRow[]> {
  return db.selectFrom('waitlist').selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
}
