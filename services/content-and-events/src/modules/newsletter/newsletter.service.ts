import type { Identity } from '@jesus-walks/contracts/common';
import type {
  AccountSubscription,
  AccountSubscriptionResult,
  AccountSubscriptionStatus,
  ListSubscribersQuery,
  NewsletterMessage,
  NewsletterTokenResult,
  RemovedSubscriber,
  SubscribeBody,
  Subscriber,
  SubscriberList,
} from '@jesus-walks/contracts/newsletter';
import { recordAudit } from '@jesus-walks/service-kit/audit';
import { toCsv } from '@jesus-walks/service-kit/csv';
import { badRequest, DomainError, notFound } from '@jesus-walks/service-kit/errors';
import { type ContentDeps, siteUrl } from '../../deps';
import { type Caller, newsletterRules, takeRateLimits } from '../rate-limits/rate-limits.service';
import {
  claimConfirmationSend,
  countMatchingSubscribers,
  countSubscribers,
  deleteSubscriber,
  findSubscriber,
  findSubscriberByEmail,
  listSubscribers as listSubscriberRows,
  markConfirmed,
  markUnsubscribed,
  recordSubscribeAttempt,
  restartSubscription,
  type SubscriberRow,
  subscribeConfirmed,
} from './newsletter.repository';
import { welcomeEmail } from './newsletter-emails';

/** Per-address limit: this many subscription attempts per window, then 429. */
export const SUBSCRIBE_ATTEMPTS_PER_WINDOW = 5;
export const SUBSCRIBE_WINDOW_MINUTES = 60;
/** A confirmation e-mail is sent again (to an unconfirmed address) at most this often. */
export const CONFIRMATION_RESEND_MINUTES = 10;
/** How long a confirmation link stays valid. */
export const CONFIRMATION_LINK_DAYS = 7;

/**
 * One answer for every accepted subscription, new or known, confirmed or not, or a bot caught by
 * the honeypot: the answer never tells whether an address is on the list.
 */
export const SUBSCRIBED_MESSAGE =
  'Thank you for subscribing to Jesus News. If this is a new subscription, please confirm it from the e-mail we just sent you.';

export async function subscribe(
  deps: ContentDeps,
  body: SubscribeBody,
  caller: Caller,
): Promise<NewsletterMessage> {
  // Per client first: one client must not mail confirmation requests to strangers in bulk.
  await takeRateLimits(deps, newsletterRules(deps.limits, caller));
  if (body.website && body.website.trim() !== '') {
    deps.logger.info('newsletter subscription ignored: honeypot field filled');
    return { message: SUBSCRIBED_MESSAGE };
  }
  await requestConfirmation(deps, body.email);
  return { message: SUBSCRIBED_MESSAGE };
}

/**
 * The double opt-in, once the caller's limits are taken: counts the attempt for the address (429
 * past its limit), starts an unsubscribed address over, and queues the confirmation e-mail unless
 * one went out lately or the address is confirmed.
 */
async function requestConfirmation(
  deps: ContentDeps,
  email: string,
  options: { keepResendSpacing?: boolean } = {},
): Promise<void> {
  const subscriber = await recordSubscribeAttempt(deps.db, email, SUBSCRIBE_WINDOW_MINUTES);
  if (subscriber.subscribeAttempts > SUBSCRIBE_ATTEMPTS_PER_WINDOW) {
    throw new DomainError(
      'rate_limited',
      'Too many subscription attempts for this address. Please try again in an hour.',
    );
  }
  if (subscriber.unsubscribedAt) await restartSubscription(deps.db, subscriber.id, options);
  // The e-mail is queued in the transaction that records it was sent: both happen, or neither.
  await deps.db.transaction().execute(async (trx) => {
    if (!(await claimConfirmationSend(trx, subscriber.id, CONFIRMATION_RESEND_MINUTES))) return;
    const unsubscribeToken = encodeURIComponent(deps.links.sign('newsletter-unsubscribe', subscriber.id));
    await deps.notifier.enqueue(
      trx,
      welcomeEmail({
        to: subscriber.email,
        confirmUrl: siteUrl(
          deps,
          `/newsletter/confirm?token=${encodeURIComponent(deps.links.sign('newsletter-confirm', subscriber.id))}`,
        ),
        unsubscribeUrl: siteUrl(deps, `/newsletter/unsubscribe?token=${unsubscribeToken}`),
        oneClickUnsubscribeUrl: siteUrl(
          deps,
          `/api/newsletter/one-click-unsubscribe?token=${unsubscribeToken}`,
        ),
      }),
    );
  });
}

export async function confirm(deps: ContentDeps, token: string): Promise<NewsletterTokenResult> {
  const invalid =
    'This confirmation link is not valid or has expired. Please subscribe again to get a new one.';
  const id = deps.links.verify('newsletter-confirm', token, {
    maxAgeMs: CONFIRMATION_LINK_DAYS * 24 * 60 * 60 * 1000,
  });
  const subscriber = id === null ? undefined : await findSubscriber(deps.db, id);
  if (!subscriber) throw badRequest(invalid);
  if (subscriber.unsubscribedAt) {
    throw badRequest('This address has unsubscribed. Please subscribe again to get a new confirmation link.');
  }
  if (subscriber.confirmedAt) {
    return { message: 'Your subscription is already confirmed.', email: subscriber.email };
  }
  await markConfirmed(deps.db, subscriber.id);
  return { message: 'Thank you! Your subscription to Jesus News is confirmed.', email: subscriber.email };
}

export async function unsubscribe(deps: ContentDeps, token: string): Promise<NewsletterTokenResult> {
  const id = deps.links.verify('newsletter-unsubscribe', token);
  const subscriber = id === null ? undefined : await findSubscriber(deps.db, id);
  if (!subscriber) throw badRequest('This unsubscribe link is not valid.');
  if (subscriber.unsubscribedAt) {
    return { message: 'You are already unsubscribed from Jesus News.', email: subscriber.email };
  }
  await markUnsubscribed(deps.db, subscriber.id);
  return { message: 'You have been unsubscribed from Jesus News.', email: subscriber.email };
}

export interface AccountSubscriptionInput {
  identity: Identity;
  clientAddress: string;
  requestId?: string;
  subscribed: boolean;
}

const ACCOUNT_SUBSCRIBED_MESSAGE = 'You are now subscribed to Jesus News.';
const ACCOUNT_ALREADY_SUBSCRIBED_MESSAGE = 'You are already subscribed to Jesus News.';
const ACCOUNT_UNSUBSCRIBED_MESSAGE = 'You have been unsubscribed from Jesus News.';
const ACCOUNT_NOT_SUBSCRIBED_MESSAGE = 'You are not subscribed to Jesus News.';
function accountPendingMessage(email: string): string {
  return `We have sent a confirmation e-mail to ${email}. Please open the link in it to confirm your subscription.`;
}

function accountStatusOf(row: SubscriberRow | undefined): AccountSubscriptionStatus {
  if (!row || row.unsubscribedAt) return 'not_subscribed';
  return row.confirmedAt ? 'subscribed' : 'pending';
}

/** The account's e-mail as the list keys it (stored lower-cased). */
async function accountOf(deps: ContentDeps, identity: Identity, requestId?: string) {
  const account = await deps.members.account(identity.id, requestId);
  return { ...account, email: account.email.trim().toLowerCase() };
}

/** The member's newsletter status, for the address their account has now (identity's answer). */
export async function accountSubscription(
  deps: ContentDeps,
  identity: Identity,
  requestId?: string,
): Promise<AccountSubscription> {
  const { email } = await accountOf(deps, identity, requestId);
  return { email, status: accountStatusOf(await findSubscriberByEmail(deps.db, email)) };
}

/**
 * A member subscribes or unsubscribes their account's e-mail from the /account page; idempotent.
 * - Subscribing a verified e-mail (the member proved they own it): confirmed at once, no e-mail
 *   (the public flow sends none on confirmation either), also after a pending request or an
 *   earlier unsubscribe. Nothing is sent, so nothing is limited.
 * - Subscribing an unverified e-mail: the public double opt-in with its limits (the member's
 *   sign-ups per hour, the address's attempts per hour, one confirmation e-mail per resend
 *   spacing, kept even across an unsubscribe so toggling cannot mail anyone repeatedly); an
 *   address that unsubscribed earlier confirms again.
 * - Unsubscribing: as the signed link does it (the address is kept, marked unsubscribed).
 */
export async function updateAccountSubscription(
  deps: ContentDeps,
  input: AccountSubscriptionInput,
): Promise<AccountSubscriptionResult> {
  const account = await accountOf(deps, input.identity, input.requestId);
  const { email } = account;
  const current = await findSubscriberByEmail(deps.db, email);

  if (!input.subscribed) {
    if (!current || current.unsubscribedAt) {
      return { email, status: 'not_subscribed', message: ACCOUNT_NOT_SUBSCRIBED_MESSAGE };
    }
    await markUnsubscribed(deps.db, current.id);
    return { email, status: 'not_subscribed', message: ACCOUNT_UNSUBSCRIBED_MESSAGE };
  }

  if (accountStatusOf(current) === 'subscribed') {
    return { email, status: 'subscribed', message: ACCOUNT_ALREADY_SUBSCRIBED_MESSAGE };
  }
  if (account.isVerified) {
    const changed = await subscribeConfirmed(deps.db, email);
    return {
      email,
      status: 'subscribed',
      message: changed ? ACCOUNT_SUBSCRIBED_MESSAGE : ACCOUNT_ALREADY_SUBSCRIBED_MESSAGE,
    };
  }
  await takeRateLimits(
    deps,
    newsletterRules(deps.limits, { identity: input.identity, clientAddress: input.clientAddress }),
  );
  await requestConfirmation(deps, email, { keepResendSpacing: true });
  return { email, status: 'pending', message: accountPendingMessage(email) };
}

function toSubscriber(row: SubscriberRow): Subscriber {
  return {
    id: row.id,
    email: row.email,
    status: row.unsubscribedAt ? 'unsubscribed' : row.confirmedAt ? 'confirmed' : 'pending',
    confirmed: row.confirmedAt !== null && row.unsubscribedAt === null,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt ? row.confirmedAt.toISOString() : null,
    unsubscribedAt: row.unsubscribedAt ? row.unsubscribedAt.toISOString() : null,
  };
}

/**
 * One page of the subscribers matching the query (part of the address, a status), newest first,
 * and how many match; the counts are always those of the whole list (total: every address on it,
 * whatever its status).
 */
export async function listSubscribers(
  deps: ContentDeps,
  query: ListSubscribersQuery,
): Promise<SubscriberList> {
  const filter = { search: query.search?.toLowerCase() || undefined, status: query.status };
  const page = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
  const [rows, matching, counts] = await Promise.all([
    listSubscriberRows(deps.db, filter, page),
    countMatchingSubscribers(deps.db, filter),
    countSubscribers(deps.db),
  ]);
  return {
    counts,
    subscribers: rows.map(toSubscriber),
    matching,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * An admin removes a subscriber for good: the row goes (an unsubscribe would keep the address).
 * Their links stop working; subscribing again starts afresh. The activity record keeps the address
 * as the removal's label, so an admin can answer "who removed me, and when".
 */
export async function removeSubscriber(
  deps: ContentDeps,
  id: number,
  actor: Identity,
): Promise<RemovedSubscriber> {
  const removed = await deps.db.transaction().execute(async (trx) => {
    const row = await deleteSubscriber(trx, id);
    if (!row) throw notFound('Subscriber not found');
    await recordAudit(trx, {
      actor,
      action: 'subscriber.removed',
      target: { type: 'subscriber', id: row.id, label: row.email },
      summary: `Removed ${row.email} from the newsletter.`,
      changes: { status: { from: toSubscriber(row).status, to: 'removed' } },
    });
    return row;
  });
  return { message: `${removed.email} has been removed from the newsletter.`, email: removed.email };
}

/** Every subscriber, newest first, as CSV. */
export async function subscribersCsv(deps: ContentDeps): Promise<string> {
  const rows = await listSubscriberRows(deps.db);
  return toCsv(
    ['ID', 'Email', 'Status', 'Confirmed', 'Subscribed at', 'Confirmed at', 'Unsubscribed at'],
    rows
      .map(toSubscriber)
      .map((s) => [
        s.id,
        s.email,
        s.status,
        s.confirmed ? 'yes' : 'no',
        s.createdAt,
        s.confirmedAt,
        s.unsubscribedAt,
      ]),
  );
}
