import type { JobQueue } from '@jesus-walks/service-kit/jobs';
import type { Mailer } from '@jesus-walks/service-kit/mailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { PaymentsDatabase } from './db/database';
import type { PaymentLimits } from './modules/payment-limits/payment-limits.service';
import type { Providers } from './modules/providers/providers';
import type { Catalog } from './modules/sellers/catalog';
import type { Sellers } from './modules/sellers/sellers';

/** What the modules of this service work with; app.ts builds it once. */
export interface PaymentsDeps {
  db: Kysely<PaymentsDatabase>;
  /** Background work, enqueued in the transaction that causes it. */
  jobs: JobQueue;
  providers: Providers;
  /** The sellers payments takes money for, by the name a payment row keeps (their payable routes). */
  sellers: Sellers;
  /** What payments asks of the shop beyond selling (the products, for a changed cart's message). */
  catalog: Catalog;
  /** Customer e-mails, queued in the transaction of the write that causes them. */
  mailer: Mailer;
  logger: FastifyBaseLogger;
  /** Limits against card testing (declines per payment, address and member; checkouts per address). */
  limits: PaymentLimits;
}
