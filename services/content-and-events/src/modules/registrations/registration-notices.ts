import type { MeetingPoint } from '@jesus-walks/contracts/events';
import { claimIdempotencyKey } from '@jesus-walks/service-kit/idempotency';
import type { JobQueue, QueueSettings, RunningJob } from '@jesus-walks/service-kit/jobs';
import type { MailAttachment, MailMessage } from '@jesus-walks/service-kit/mailer';
import type { Transaction } from 'kysely';
import type { ContentAndEventsDatabase, RegistrationStatusColumn } from '../../db/database';
import { type ContentDeps, siteUrl } from '../../deps';
import { type EventRow, meetingPointOf } from '../events/event-seats.service';
import type { MemberContact } from '../members/member-directory';
import { type TicketForMail, ticketForMail } from '../tickets/walk-ticket';
import {
  type EventForMail,
  eventCancelledEmail,
  eventChangedEmail,
  promotionEmail,
  type Recipient,
  registrationCancelledEmail,
  registrationEmail,
} from './registration-emails';
import type { RegistrationRow } from './registrations.repository';

/**
 * Registration notices: the e-mails a change to registrations or to an event sends its
 * registrants (a cancellation, a seat from the waitlist, new details, the event cancelled).
 *
 * Members' addresses live in identity, and a network call never runs inside a transaction that
 * holds row locks (ARCHITECTURE.md section 4): a slow identity would hold the event's lock and
 * block every registration for it, and an identity outage would fail the change. So the locked
 * transaction only enqueues one notice job with what the e-mails need as it was then (the
 * event's details, the registrations with their status and a guest's name and address). Its
 * worker, outside any lock, asks identity for the members (one batch lookup), builds the e-mails
 * and queues them in one short transaction of its own. When identity cannot answer, the notice is
 * retried with backoff; its last attempt writes to whoever it can address (guests, members found).
 * The job's id is claimed as an idempotency key in the mail transaction, so a notice retried after
 * its e-mails were queued (a crash before the job completed, an expired attempt) sends nothing twice.
 */
export const REGISTRATION_NOTICES_QUEUE = 'registration-notices';

/**
 * About 10-20 s, then doubled per attempt: 10 retries cover an identity outage of several hours,
 * all within the 24 hours an idempotency key is kept.
 */
export const registrationNoticesQueueSettings: QueueSettings = {
  retryLimit: 10,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 120,
  batchSize: 5,
};

/** The event as the e-mails describe it (dates as ISO text: job data is JSON). */
export interface NoticeEvent {
  id: number;
  title: string;
  date: string;
  location: string;
  price: number;
  /** On the map, when the walk has one (absent from notices queued before it was kept). */
  meetingPoint?: MeetingPoint | null;
}

/** A registration as it was when the notice was decided. */
export interface NoticeRegistration {
  id: number;
  eventId: number;
  userId: number | null;
  guestName: string | null;
  guestEmail: string | null;
  status: RegistrationStatusColumn;
  /**
   * What was paid online at checkout for the seat (null: nothing), so a cancelled walk's e-mail says
   * it is refunded. Absent from notices queued before it was kept: read as null.
   */
  amountPaid?: string | null;
  /** The others the registrant brings (decision 041); absent from notices queued before: none. */
  party?: string[];
}

export type Notice =
  /**
   * Confirms a cancellation (by the registrant or an admin). `refunded`: the amount paid at
   * checkout, refunded by payments' Cancel and refund (which writes to the payer about the refund).
   */
  | { kind: 'cancelled'; registrations: NoticeRegistration[]; refunded?: string; forfeited?: string }
  /** A seat from the waitlist. */
  | { kind: 'promoted'; registrations: NoticeRegistration[] }
  /** The date, the meeting place or its point on the map changed (`previous`: as it was). */
  | {
      kind: 'event-changed';
      previous: { date: string; location: string; meetingPoint?: MeetingPoint | null };
      registrations: NoticeRegistration[];
    }
  /** An admin cancelled the event. */
  | { kind: 'event-cancelled'; registrations: NoticeRegistration[] }
  /**
   * A seat paid through checkout: the confirmation is the receipt. `contact`: the e-mail given at
   * checkout, which a member's receipt goes to instead of the account's.
   */
  | { kind: 'paid'; registrations: NoticeRegistration[]; amountPaid: string; contact: Recipient | null };

export interface RegistrationNoticesJob {
  event: NoticeEvent;
  /** In the order their e-mails are queued. */
  notices: Notice[];
  /** The request that caused them, so identity's logs line up. */
  requestId?: string;
  /**
   * The walk's .ics as the change left it (calendar.service.ts): attached to what a seat holder is
   * told (a seat paid or given, the walk moved or cancelled), so the calendar that has the walk
   * takes the new version over it (same UID, higher SEQUENCE). Not to the waitlist: not a seat yet.
   */
  calendar?: MailAttachment;
}

export function noticeEventOf(event: EventRow): NoticeEvent {
  return {
    id: event.id,
    title: event.title,
    date: event.date.toISOString(),
    location: event.location,
    price: event.price,
    meetingPoint: meetingPointOf(event),
  };
}

export function noticeRegistrationOf(row: RegistrationRow): NoticeRegistration {
  return {
    id: row.id,
    eventId: row.eventId,
    userId: row.userId,
    guestName: row.guestName,
    guestEmail: row.guestEmail,
    status: row.status,
    amountPaid: row.paymentId !== null ? row.amountPaid : null,
    party: row.partyNames,
  };
}

/** Someone a notice can be written to: a member (identity has the address) or a guest who gave one. */
function isAddressable(
  registration: Pick<NoticeRegistration, 'userId' | 'guestEmail'>,
  notice: Notice,
): boolean {
  if (notice.kind === 'paid' && notice.contact) return true;
  return registration.userId !== null || Boolean(registration.guestEmail);
}

/**
 * Enqueues the notices in `trx`, the transaction of the change that causes them (they go out once
 * it commits, never if it rolls back). Makes no network call, so it is safe under the event's lock.
 * Answers how many registrants will be told (members and guests with an address).
 */
export async function enqueueRegistrationNotices(
  deps: Pick<ContentDeps, 'jobs'>,
  trx: Transaction<ContentAndEventsDatabase>,
  job: RegistrationNoticesJob,
): Promise<number> {
  const notices = job.notices
    .map((notice) => ({
      ...notice,
      registrations: notice.registrations.filter((row) => isAddressable(row, notice)),
    }))
    .filter((notice) => notice.registrations.length > 0);
  if (notices.length === 0) return 0;
  await deps.jobs.enqueue(trx, REGISTRATION_NOTICES_QUEUE, { ...job, notices });
  return new Set(notices.flatMap((notice) => notice.registrations.map((row) => row.id))).size;
}

/** Who to write to about a registration: the guest as given, a member as identity knows them. */
export function recipientOf(
  row: Pick<NoticeRegistration, 'userId' | 'guestName' | 'guestEmail'>,
  members: ReadonlyMap<number, MemberContact>,
): Recipient | null {
  if (row.userId === null) {
    return row.guestEmail ? { name: row.guestName ?? 'friend', email: row.guestEmail } : null;
  }
  const member = members.get(row.userId);
  return member ? { name: member.username, email: member.email } : null;
}

/** A guest's signed cancellation link (members cancel from the event page while logged in). */
export function cancelUrlFor(
  deps: Pick<ContentDeps, 'links' | 'publicOrigin'>,
  row: Pick<NoticeRegistration, 'id' | 'eventId' | 'userId'>,
): string | null {
  if (row.userId !== null) return null;
  const token = deps.links.sign('registration-cancel', row.id);
  return siteUrl(deps, `/events/${row.eventId}?cancel=${encodeURIComponent(token)}`);
}

function mailEvent(event: NoticeEvent): EventForMail {
  return {
    title: event.title,
    date: new Date(event.date),
    location: event.location,
    price: event.price,
    meetingPoint: event.meetingPoint ?? null,
  };
}

function noticeEmail(
  deps: Pick<ContentDeps, 'links' | 'publicOrigin'>,
  notice: Notice,
  row: NoticeRegistration,
  to: Recipient,
  event: { id: number; forMail: EventForMail },
  ticket: TicketForMail | undefined,
): MailMessage | null {
  const eventUrl = siteUrl(deps, `/events/${event.id}`);
  if (notice.kind === 'paid') {
    return registrationEmail({
      to,
      event: event.forMail,
      status: 'confirmed',
      waitlistPosition: null,
      eventUrl,
      // A guest's link cancels and refunds (payments' Cancel and refund); members cancel from the site.
      cancelUrl: cancelUrlFor(deps, row),
      amountPaid: notice.amountPaid,
      party: row.party ?? [],
      ...(ticket ? { ticket } : {}),
    });
  }
  if (notice.kind === 'cancelled') {
    return registrationCancelledEmail({
      to,
      event: event.forMail,
      eventUrl,
      ...(notice.refunded ? { refunded: notice.refunded } : {}),
      ...(notice.forfeited ? { forfeited: notice.forfeited } : {}),
    });
  }
  if (notice.kind === 'promoted') {
    if (row.status !== 'confirmed' && row.status !== 'pending_payment') return null;
    return promotionEmail({
      to,
      event: event.forMail,
      status: row.status,
      eventUrl,
      cancelUrl: cancelUrlFor(deps, row),
      party: row.party ?? [],
      ...(ticket ? { ticket } : {}),
    });
  }
  if (notice.kind === 'event-changed') {
    return eventChangedEmail({
      to,
      event: event.forMail,
      previous: {
        date: new Date(notice.previous.date),
        location: notice.previous.location,
        meetingPoint: notice.previous.meetingPoint ?? null,
      },
      eventUrl,
      cancelUrl: cancelUrlFor(deps, row),
    });
  }
  return eventCancelledEmail({
    to,
    event: event.forMail,
    eventsUrl: siteUrl(deps, '/events'),
    status: row.status,
    refunded: row.status === 'confirmed' ? (row.amountPaid ?? null) : null,
  });
}

/** The e-mails of the notices, to the registrants that have a recipient, in the notices' order. */
export function noticeEmails(
  deps: Pick<ContentDeps, 'links' | 'publicOrigin'>,
  job: RegistrationNoticesJob,
  members: ReadonlyMap<number, MemberContact>,
  /** Tickets of the seats given (paid or from the waitlist), by registration id (ticketsForNotices). */
  tickets: ReadonlyMap<number, TicketForMail> = new Map(),
): MailMessage[] {
  const event = { id: job.event.id, forMail: mailEvent(job.event) };
  return job.notices.flatMap((notice) =>
    notice.registrations.flatMap((row) => {
      const to = (notice.kind === 'paid' ? notice.contact : null) ?? recipientOf(row, members);
      const message = to ? noticeEmail(deps, notice, row, to, event, tickets.get(row.id)) : null;
      if (!message) return [];
      const seat = row.status === 'confirmed' || row.status === 'pending_payment';
      // A registrant's own cancellation leaves the walk as it is: nothing for their calendar.
      return job.calendar && seat && notice.kind !== 'cancelled'
        ? [{ ...message, attachments: [job.calendar] }]
        : [message];
    }),
  );
}

/** The tickets that a notice's e-mails carry: one per seat paid or given from the waitlist (decision 040). */
export async function ticketsForNotices(
  deps: Pick<ContentDeps, 'links' | 'publicOrigin'>,
  job: RegistrationNoticesJob,
): Promise<Map<number, TicketForMail>> {
  const ids = job.notices.flatMap((notice) =>
    notice.kind === 'paid' || notice.kind === 'promoted'
      ? notice.registrations
          .filter((row) => row.status === 'confirmed' || row.status === 'pending_payment')
          .map((row) => row.id)
      : [],
  );
  const tickets = new Map<number, TicketForMail>();
  for (const id of new Set(ids)) tickets.set(id, await ticketForMail(deps, id));
  return tickets;
}

/** The idempotency scope of a notice's e-mails: its job id is the key. */
const SENT_SCOPE = `job:${REGISTRATION_NOTICES_QUEUE}`;

async function sendNotices(
  deps: ContentDeps,
  job: RunningJob<RegistrationNoticesJob>,
): Promise<{ queued: number; alreadyQueued?: true }> {
  const memberIds = job.data.notices.flatMap((notice) =>
    notice.kind === 'paid' && notice.contact
      ? []
      : notice.registrations.flatMap((row) => (row.userId === null ? [] : [row.userId])),
  );
  const lastAttempt = job.retryCount >= job.retryLimit;
  // Outside any transaction. Identity unreachable: throws, and the notice is retried (its last
  // attempt goes ahead without the members it could not find).
  const members = await deps.members.findManyOrThrow(memberIds, {
    ...(job.data.requestId ? { requestId: job.data.requestId } : {}),
    bestEffort: lastAttempt,
  });
  const messages = noticeEmails(deps, job.data, members, await ticketsForNotices(deps, job.data));
  return deps.db.transaction().execute(async (trx) => {
    if (!(await claimIdempotencyKey(trx, { scope: SENT_SCOPE, key: job.id, fingerprint: job.id }))) {
      return { queued: 0, alreadyQueued: true as const };
    }
    for (const message of messages) await deps.notifier.enqueue(trx, message);
    return { queued: messages.length };
  });
}

/** Declares the notices' worker (app.ts, before the queue starts). */
export function workRegistrationNotices(jobs: JobQueue, deps: ContentDeps): void {
  jobs.work<RegistrationNoticesJob>(
    REGISTRATION_NOTICES_QUEUE,
    (job) => sendNotices(deps, job),
    registrationNoticesQueueSettings,
  );
}
