import type { InternalClient } from '@jesus-walks/service-kit/internal-client';
import type { JobQueue } from '@jesus-walks/service-kit/jobs';
import type { Mailer } from '@jesus-walks/service-kit/mailer';
import type { LinkSigner } from '@jesus-walks/service-kit/signed-links';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { CatalogAndOrdersDatabase } from './db/database';
import type { HoldLimits } from './modules/stock/stock.service';

/** What the modules of this service work with; app.ts builds it once. */
export interface CatalogDeps {
  db: Kysely<CatalogAndOrdersDatabase>;
  /** Background work (an order's confirmation), enqueued in the transaction that causes it. */
  jobs: JobQueue;
  /** Client of the identity service (members' names and e-mails); null when IDENTITY_URL is not set. */
  identity: InternalClient | null;
  /** Queues e-mails in a transaction (the job queue is the outbox). */
  mailer: Mailer;
  /** Signs and checks the links of e-mails (an order's status page, a claim of guest orders). */
  links: LinkSigner;
  /** How long a checkout holds its stock, and how much one client may hold at once (env). */
  holds: HoldLimits;
  /** Links to claim guest orders one member may ask for per hour (ORDER_CLAIM_LINKS_PER_MEMBER_PER_HOUR). */
  claimLinksPerMemberPerHour: number;
  /** The site's own origin, for links in e-mails (PUBLIC_ORIGIN). */
  publicOrigin: string;
  logger: FastifyBaseLogger;
}

/** The deps of work done inside a transaction the caller holds: `{ db: trx }`. */
export interface InTransaction {
  db: Transaction<CatalogAndOrdersDatabase>;
}
