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

/**
 * Someone who had unsubscribed subscribes again: they confirm again, as a new subscriber would.
 * `keepResendSpacing`: the last confirmation e-mail still counts for the resend spacing (a member
 * toggling on their account page gets one e-mail per spacing at most; the earlier link still
 * works, as the subscriber is pending again).
 */
export async function restartSubscription(
  db: Db,
  id: number,
  options: { keepResendSpacing?: boolean } = {},
): Promise<void> {
  await db
    .updateTable('waitlist')
    .set({
      unsubscribedAt: null,
      confirmedAt: null,
      ...(options.keepResendSpacing ? {} : { confirmationSentAt: null }),
    })
    .where('id', '=', id)
    .where('unsubscribedAt', 'is not', null)
    .execute();
}

/**
 * Subscribes an address confirmed at once (a member's verified account e-mail: no double opt-in),
 * creating the subscriber or confirming it again after a pending request or an unsubscribe. One
 * statement; answers the row when it changed, undefined when it was already confirmed.
 */
export async function subscribeConfirmed(db: Db, email: string): Promise<SubscriberRow | undefined> {
  return db
    .insertInto('waitlist')
    .values({ email, confirmedAt: sql<Date>`now()` })
    .onConflict((conflict) =>
      conflict
        .column('email')
        .doUpdateSet({ confirmedAt: sql<Date>`now()`, unsubscribedAt: null })
        .where((eb) =>
          eb.or([eb('waitlist.confirmedAt', 'is', null), eb('waitlist.unsubscribedAt', 'is not', null)]),
        ),
    )
    .returningAll()
    .executeTakeFirst();
}

export async function findSubscriberByEmail(db: Db, email: string): Promise<SubscriberRow | undefined> {
  return db.selectFrom('waitlist').selectAll().where('email', '=', email).executeTakeFirst();
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

export interface SubscriberFilter {
  /** Part of the address, lower-cased (addresses are stored lower-cased). */
  search?: string | undefined;
  status?: 'pending' | 'confirmed' | 'unsubscribed' | undefined;
}

/** Subscribers, newest first, matching the filter (a search is plain text: % and _ match themselves). */
function matchingSubscribers(db: Db, filter: SubscriberFilter) {
  let query = db.selectFrom('waitlist');
  if (filter.search) query = query.where(sql<boolean>`strpos(email, ${filter.search}) > 0`);
  if (filter.status === 'unsubscribed') query = query.where('unsubscribedAt', 'is not', null);
  if (filter.status === 'confirmed') {
    query = query.where('unsubscribedAt', 'is', null).where('confirmedAt', 'is not', null);
  }
  if (filter.status === 'pending') {
    query = query.where('unsubscribedAt', 'is', null).where('confirmedAt', 'is', null);
  }
  return query;
}

/** Subscribers matching the filter, newest first: one page of them, or all when no page is given. */
export async function listSubscribers(
  db: Db,
  filter: SubscriberFilter = {},
  page?: { limit: number; offset: number },
): Promise<SubscriberRow[]> {
  const query = matchingSubscribers(db, filter)
    .selectAll()
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc');
  return page ? query.limit(page.limit).offset(page.offset).execute() : query.execute();
}

/** How many subscribers match the filter. */
export async function countMatchingSubscribers(db: Db, filter: SubscriberFilter = {}): Promise<number> {
  const row = await matchingSubscribers(db, filter)
    .select(sql<string>`count(*)`.as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** How many subscribers are in each status, over the whole list. */
export async function countSubscribers(
  db: Db,
): Promise<{ total: number; confirmed: number; pending: number; unsubscribed: number }> {
  const row = await db
    .selectFrom('waitlist')
    .select([
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) filter (where unsubscribed_at is null and confirmed_at is not null)`.as(
        'confirmed',
      ),
      sql<string>`count(*) filter (where unsubscribed_at is null and confirmed_at is null)`.as('pending'),
      sql<string>`count(*) filter (where unsubscribed_at is not null)`.as('unsubscribed'),
    ])
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    confirmed: Number(row.confirmed),
    pending: Number(row.pending),
    unsubscribed: Number(row.unsubscribed),
  };
}

/** Deletes a subscriber; answers the row that was deleted, or undefined when there was none. */
export async function deleteSubscriber(db: Db, id: number): Promise<SubscriberRow | undefined> {
  return db.deleteFrom('waitlist').where('id', '=', id).returningAll().executeTakeFirst();
}
