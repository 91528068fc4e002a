import { MAIL_QUEUE } from '@jesus-walks/service-kit/mailer';
import { containsPattern, loweredEmails } from '@jesus-walks/service-kit/member-erasure';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { ContentAndEventsDatabase } from '../../db/database';

/*
 * Every row of this schema that is about one member (issue 23), in one place: the member's export
 * reads them and their erasure rewrites them. A table that comes to hold a member's data is added
 * here; the erasure test searches every table of the schema, so one forgotten fails it.
 */

type Db = Kysely<ContentAndEventsDatabase> | Transaction<ContentAndEventsDatabase>;
type Trx = Transaction<ContentAndEventsDatabase>;

/**
 * The member's registrations, with their walk: those of their account, and those made as a guest
 * with one of their addresses (never another account's).
 */
export async function listMemberRegistrations(db: Db, member: { userId: number; emails: readonly string[] }) {
  return db
    .selectFrom('registrations')
    .innerJoin('events', 'events.id', 'registrations.eventId')
    .select([
      'registrations.id',
      'registrations.eventId',
      'registrations.userId',
      'registrations.status',
      'registrations.guestName',
      'registrations.guestEmail',
      'registrations.partyNames',
      'registrations.amountPaid',
      'registrations.testMode',
      'registrations.createdAt',
      'registrations.cancelledAt',
      'events.title',
      'events.date',
      'events.location',
    ])
    .where((eb) =>
      eb.or([
        eb('registrations.userId', '=', member.userId),
        eb.and([
          eb('registrations.userId', 'is', null),
          eb(sql<string>`lower(registrations.guest_email)`, 'in', loweredEmails(member.emails)),
        ]),
      ]),
    )
    .orderBy('events.date')
    .orderBy('registrations.id')
    .execute();
}

export type MemberRegistrationRow = Awaited<ReturnType<typeof listMemberRegistrations>>[number];

/**
 * Detaches guest registrations from the guest's name and address. Each becomes the member's (by
 * id: a number that names no one once the account is gone, which the admin's list shows as
 * 'User 42' without an address); one for a walk the member also registered for as a member
 * (one registration per member and walk) keeps a neutral name and an address that can never
 * receive mail instead. Answers how many changed.
 */
export async function detachGuestRegistrations(
  trx: Trx,
  input: { userId: number; registrationIds: readonly number[] },
): Promise<number> {
  if (input.registrationIds.length === 0) return 0;
  const guests = await trx
    .selectFrom('registrations')
    .select(['id', 'eventId'])
    .where('id', 'in', [...input.registrationIds])
    .where('userId', 'is', null)
    .execute();
  let changed = 0;
  for (const guest of guests) {
    const taken = await trx
      .selectFrom('registrations')
      .select('id')
      .where('eventId', '=', guest.eventId)
      .where('userId', '=', input.userId)
      .executeTakeFirst();
    await trx
      .updateTable('registrations')
      .set(
        taken
          ? {
              guestName: ERASED_NAME,
              guestEmail: `erased-${guest.id}@erased.invalid`,
              updatedAt: sql<Date>`now()`,
            }
          : { userId: input.userId, guestName: null, guestEmail: null, updatedAt: sql<Date>`now()` },
      )
      .where('id', '=', guest.id)
      .execute();
    changed += 1;
  }
  return changed;
}

/**
 * The names of the others a member brought (decision 041) go with the member: each becomes
 * 'Walker', so the walk's counts and the party's size stay true.
 */
export async function forgetPartyNames(trx: Trx, registrationIds: readonly number[]): Promise<void> {
  if (registrationIds.length === 0) return;
  await trx
    .updateTable('registrations')
    .set({
      partyNames: sql<string[]>`array_fill('Walker'::text, array[cardinality(party_names)])`,
      updatedAt: sql<Date>`now()`,
    })
    .where('id', 'in', [...registrationIds])
    .where(sql<boolean>`cardinality(party_names) > 0`)
    .execute();
}

/** The name an erased guest's registration keeps when it cannot become the member's. */
export const ERASED_NAME = 'Erased registrant';

export async function listSubscribersOf(db: Db, emails: readonly string[]) {
  return db
    .selectFrom('waitlist')
    .select(['id', 'email', 'createdAt', 'confirmedAt', 'unsubscribedAt'])
    .where('email', 'in', loweredEmails(emails))
    .orderBy('id')
    .execute();
}

export async function deleteSubscribersOf(trx: Trx, emails: readonly string[]): Promise<number[]> {
  const rows = await trx
    .deleteFrom('waitlist')
    .where('email', 'in', loweredEmails(emails))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** A seat held at a checkout in progress stays held (it lapses by itself), no longer named. */
export async function forgetQuoteHolder(trx: Trx, userId: number): Promise<number> {
  const result = await trx
    .updateTable('eventQuotes')
    .set({ holderUserId: null })
    .where('holderUserId', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteRateLimitHitsOf(trx: Trx, userId: number): Promise<number> {
  const result = await trx.deleteFrom('rateLimitHits').where('key', '=', `user:${userId}`).executeTakeFirst();
  return Number(result.numDeletedRows);
}

// ---------------------------------------------------------------------------------------------
// The activity record and the job queue: kept, without the member

/** A JSON value without the objects (in lists) that hold one of these addresses. */
function withoutAddresses(value: unknown, emails: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) {
    return value
      .filter(
        (item) =>
          !(
            typeof item === 'object' &&
            item !== null &&
            Object.values(item).some((field) => typeof field === 'string' && emails.has(field.toLowerCase()))
          ),
      )
      .map((item) => withoutAddresses(item, emails));
  }
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, field]) => [key, withoutAddresses(field, emails)]),
    );
  }
  return value;
}

/**
 * A job still to run (a registration notice) that names one of the addresses among others keeps
 * the others: the registrations with the address are taken out of its data, so no e-mail is
 * written to it and everyone else is still told. Answers how many jobs changed.
 */
export async function redactQueuedJobs(trx: Trx, schema: string, emails: readonly string[]): Promise<number> {
  const plain = trx.withoutPlugins();
  const { rows: found } = await sql<{
    found: string | null;
  }>`select to_regclass(${`${schema}.job`})::text as found`.execute(plain);
  if (!found[0]?.found) return 0;
  const patterns = emails.map(containsPattern);
  const { rows } = await sql<{ id: string; name: string; data: unknown }>`
    select id, name, data from ${sql.table(`${schema}.job`)}
      where state in ('created', 'retry') and name <> ${MAIL_QUEUE}
        and data::text ilike any(${patterns}::text[])`.execute(plain);
  const lowered = new Set(loweredEmails(emails));
  for (const row of rows) {
    await sql`update ${sql.table(`${schema}.job`)} set data = ${JSON.stringify(withoutAddresses(row.data, lowered))}::jsonb
      where id = ${row.id} and name = ${row.name}`.execute(plain);
  }
  return rows.length;
}

/** Messages the member sent from the contact form: while logged in, or with one of their addresses. */
export async function listContactMessagesOf(db: Db, member: { userId: number; emails: readonly string[] }) {
  const messages = await db
    .selectFrom('contactMessages')
    .selectAll()
    .where((eb) => eb.or([eb('userId', '=', member.userId), eb('email', 'in', loweredEmails(member.emails))]))
    .orderBy('id')
    .execute();
  const replies =
    messages.length === 0
      ? []
      : await db
          .selectFrom('contactReplies')
          .select(['messageId', 'text', 'createdAt'])
          .where(
            'messageId',
            'in',
            messages.map((message) => message.id),
          )
          .orderBy('id')
          .execute();
  return messages.map((message) => ({
    ...message,
    replies: replies.filter((reply) => reply.messageId === message.id),
  }));
}

/**
 * The member's contact messages go, with the group's answers to them (they quote the member): the
 * exchange was theirs. Answers how many messages went.
 */
export async function deleteContactMessagesOf(
  trx: Trx,
  member: { userId: number; emails: readonly string[] },
): Promise<number[]> {
  const ids = (await listContactMessagesOf(trx, member)).map((message) => message.id);
  if (ids.length === 0) return [];
  await trx.deleteFrom('contactReplies').where('messageId', 'in', ids).execute();
  await trx.deleteFrom('contactMessages').where('id', 'in', ids).execute();
  return ids;
}
