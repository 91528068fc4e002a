import type { JobQueue } from '@jesus-walks/service-kit/jobs';
import type { Mailer } from '@jesus-walks/service-kit/mailer';
import type { LinkSigner } from '@jesus-walks/service-kit/signed-links';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { ContentAndEventsDatabase } from './db/database';
import type { SeatHoldLimits } from './modules/event-quotes/event-quotes.service';
import type { MemberDirectory } from './modules/members/member-directory';
import type { ClientLimits } from './modules/rate-limits/rate-limits.service';

/** What the modules of this service work with; app.ts builds it once. */
export interface ContentDeps {
  db: Kysely<ContentAndEventsDatabase>;
  /** Queues e-mails in a transaction (the job queue is the outbox). */
  notifier: Mailer;
  /** The service's job queue: background work is enqueued in the transaction that causes it. */
  jobs: JobQueue;
  members: MemberDirectory;
  links: LinkSigner;
  /** Limits per client address or member (env). */
  limits: ClientLimits;
  /** How long a paid walk's checkout holds its seat, and how many one client may hold (env). */
  seatHolds: SeatHoldLimits;
  /** The site's own origin, for links in e-mails (PUBLIC_ORIGIN). */
  publicOrigin: string;
  logger: FastifyBaseLogger;
}

/** The deps of work done inside a transaction the caller holds: `{ db: trx }`. */
export interface InTransaction {
  db: Transaction<ContentAndEventsDatabase>;
}

/** An absolute link to a page or API path of the site. */
export function siteUrl(deps: Pick<ContentDeps, 'publicOrigin'>, path: string): string {
  return new URL(path, deps.publicOrigin).toString();
}
