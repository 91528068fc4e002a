import type { Identity } from '@jesus-walks/contracts/common';
import type {
  ContactFormToken,
  ContactMessage,
  ContactMessagePage,
  ContactMessageResult,
  ContactMessageStatus,
  ContactReplyBody,
  ContactSent,
  ListContactMessagesQuery,
  SendContactMessageBody,
} from '@jesus-walks/contracts/contact';
import { recordAudit } from '@jesus-walks/service-kit/audit';
import { addressLimitKey } from '@jesus-walks/service-kit/client-address';
import { businessRule, notFound } from '@jesus-walks/service-kit/errors';
import { type ContentDeps, siteUrl } from '../../deps';
import { type Caller, type RateLimitRule, takeRateLimits } from '../rate-limits/rate-limits.service';
import {
  type ContactMessageRow,
  type ContactReplyRow,
  countContactMessages,
  findRepliesOf,
  insertContactMessage,
  insertContactReply,
  listContactMessages,
  lockContactMessage,
  setContactMessageStatus,
} from './contact.repository';
import { acknowledgementEmail, replyEmail } from './contact-emails';
import { CONTACT_FORM_MIN_SECONDS, signContactFormToken, verifyContactFormToken } from './contact-form-token';
import { enqueueContactNotice } from './contact-notices';

/** What the contact module works with: the service's deps and the form tokens' keys. */
export interface ContactDeps extends ContentDeps {
  contactFormKeys: readonly string[];
}

/** Messages one client address may send per hour, then 429. */
export const CONTACT_MESSAGES_PER_ADDRESS_PER_HOUR = 5;
/** Messages from one e-mail address per hour (from any client), then 429. */
export const CONTACT_MESSAGES_PER_EMAIL_PER_HOUR = 5;

/**
 * One answer for every message accepted, and for a bot's (the honeypot filled, sent too soon,
 * no token the server signed): a bot learns nothing from it.
 */
export const CONTACT_SENT_MESSAGE =
  'Thank you! Your message has reached us; we usually answer within two days. We have sent you an e-mail to confirm it.';

export const CONTACT_FORM_EXPIRED_MESSAGE =
  'This form has been open for a long time. Please press Send again.';

export const CONTACT_ADDRESS_LIMIT_MESSAGE =
  'You have sent several messages in the last hour. Please wait an hour before sending another.';
export const CONTACT_EMAIL_LIMIT_MESSAGE =
  'Several messages have been sent from this e-mail address in the last hour. Please wait an hour before sending another.';

function addressRule(caller: Caller): RateLimitRule {
  return {
    bucket: 'contact-message',
    key: `address:${addressLimitKey(caller.clientAddress)}`,
    max: CONTACT_MESSAGES_PER_ADDRESS_PER_HOUR,
    windowMinutes: 60,
    message: CONTACT_ADDRESS_LIMIT_MESSAGE,
  };
}

function emailRule(email: string): RateLimitRule {
  return {
    bucket: 'contact-message',
    key: `email:${email}`,
    max: CONTACT_MESSAGES_PER_EMAIL_PER_HOUR,
    windowMinutes: 60,
    message: CONTACT_EMAIL_LIMIT_MESSAGE,
  };
}

/** The signed time the form is shown, for the page to send back with the message. */
export function contactFormToken(
  deps: Pick<ContactDeps, 'contactFormKeys'>,
  now = new Date(),
): ContactFormToken {
  return { token: signContactFormToken(deps.contactFormKeys, now), minSeconds: CONTACT_FORM_MIN_SECONDS };
}

/**
 * A message from the contact form. A bot's (the honeypot filled, no token this site signed, sent
 * sooner than a person could write) counts against its address and gets the usual answer, and
 * nothing is kept or sent. A person's is kept with, in the same transaction, the admins' notice
 * (a job: their addresses come from identity) and the acknowledgement to the sender; limited per
 * client address and per e-mail address.
 */
export async function sendContactMessage(
  deps: ContactDeps,
  body: SendContactMessageBody,
  caller: Caller & { requestId?: string },
): Promise<ContactSent> {
  const honeypot = Boolean(body.website?.trim());
  const verdict = verifyContactFormToken(deps.contactFormKeys, body.formToken);
  if (honeypot || verdict === 'invalid' || verdict === 'too-soon') {
    await takeRateLimits(deps, [addressRule(caller)]);
    deps.logger.info(
      { reason: honeypot ? 'honeypot' : verdict },
      'contact message ignored: it looks like a bot',
    );
    return { message: CONTACT_SENT_MESSAGE };
  }
  if (verdict === 'expired') throw businessRule(CONTACT_FORM_EXPIRED_MESSAGE);

  await deps.db.transaction().execute(async (trx) => {
    await takeRateLimits({ db: trx }, [addressRule(caller), emailRule(body.email)]);
    const row = await insertContactMessage(trx, {
      name: body.name,
      email: body.email,
      subject: body.subject,
      message: body.message,
      userId: caller.identity?.id ?? null,
    });
    await enqueueContactNotice(deps, trx, {
      messageId: row.id,
      ...(caller.requestId ? { requestId: caller.requestId } : {}),
    });
    await deps.notifier.enqueue(
      trx,
      acknowledgementEmail({ to: row.email, contactUrl: siteUrl(deps, '/contact') }),
    );
  });
  return { message: CONTACT_SENT_MESSAGE };
}

function toContactMessage(row: ContactMessageRow, replies: readonly ContactReplyRow[]): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    userId: row.userId,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    doneAt: row.doneAt ? row.doneAt.toISOString() : null,
    doneBy: row.doneByUsername,
    replies: replies
      .filter((reply) => reply.messageId === row.id)
      .map((reply) => ({
        id: reply.id,
        text: reply.text,
        admin: { id: reply.adminId, username: reply.adminUsername },
        sentAt: reply.createdAt.toISOString(),
      })),
  };
}

/** One page of the messages, newest first, with their replies, and the inbox's counts. */
export async function listMessages(
  deps: ContentDeps,
  query: ListContactMessagesQuery,
): Promise<ContactMessagePage> {
  const filter = { status: query.status, search: query.search?.toLowerCase() || undefined };
  const [{ rows, total }, counts] = await Promise.all([
    listContactMessages(deps.db, filter, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
    countContactMessages(deps.db),
  ]);
  const replies = await findRepliesOf(
    deps.db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => toContactMessage(row, replies)),
    total,
    page: query.page,
    pageSize: query.pageSize,
    counts,
  };
}

const describe = (row: ContactMessageRow) => `'${row.subject}' from ${row.name}`;

/** An admin marks a message done, or opens it again; a change is recorded in the activity record. */
export async function updateMessageStatus(
  deps: ContentDeps,
  input: { id: number; status: ContactMessageStatus; admin: Identity },
): Promise<ContactMessageResult> {
  return deps.db.transaction().execute(async (trx) => {
    const before = await lockContactMessage(trx, input.id);
    if (!before) throw notFound('Message not found');
    const replies = await findRepliesOf(trx, [before.id]);
    if (before.status === input.status) {
      return {
        message: input.status === 'done' ? 'This message is already done.' : 'This message is already open.',
        contactMessage: toContactMessage(before, replies),
      };
    }
    const after = await setContactMessageStatus(trx, before.id, input.status, input.admin);
    const done = input.status === 'done';
    await recordAudit(trx, {
      actor: input.admin,
      action: done ? 'message.marked_done' : 'message.reopened',
      target: { type: 'message', id: after.id, label: after.subject },
      summary: done
        ? `Marked the message ${describe(after)} as done.`
        : `Opened the message ${describe(after)} again.`,
      changes: { status: { from: before.status, to: after.status } },
    });
    return {
      message: done ? 'The message is marked as done.' : 'The message is open again.',
      contactMessage: toContactMessage(after, replies),
    };
  });
}

/**
 * An admin answers a message: the reply is kept with the admin and the time, e-mailed to the
 * sender from the group (queued in the same transaction) and recorded in the activity record
 * (without its text: that stays with the message).
 */
export async function replyToMessage(
  deps: ContentDeps,
  input: { id: number; body: ContactReplyBody; admin: Identity },
): Promise<ContactMessageResult> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await lockContactMessage(trx, input.id);
    if (!row) throw notFound('Message not found');
    await insertContactReply(trx, {
      messageId: row.id,
      text: input.body.text,
      adminId: input.admin.id,
      adminUsername: input.admin.username,
    });
    await deps.notifier.enqueue(
      trx,
      replyEmail({ message: row, text: input.body.text, contactUrl: siteUrl(deps, '/contact') }),
    );
    await recordAudit(trx, {
      actor: input.admin,
      action: 'message.replied',
      target: { type: 'message', id: row.id, label: row.subject },
      summary: `Replied to the message ${describe(row)} (${row.email}).`,
    });
    const replies = await findRepliesOf(trx, [row.id]);
    return {
      message: `Your reply has been sent to ${row.email}.`,
      contactMessage: toContactMessage(row, replies),
    };
  });
}
