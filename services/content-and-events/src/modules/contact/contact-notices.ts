import { userRoutes } from '@jesus-walks/contracts/users';
import { claimIdempotencyKey } from '@jesus-walks/service-kit/idempotency';
import { createInternalClient } from '@jesus-walks/service-kit/internal-client';
import type { JobQueue, QueueSettings, RunningJob } from '@jesus-walks/service-kit/jobs';
import type { Transaction } from 'kysely';
import type { ContentAndEventsDatabase } from '../../db/database';
import { type ContentDeps, siteUrl } from '../../deps';
import { findContactMessage } from './contact.repository';
import { adminNoticeEmail } from './contact-emails';

/**
 * A contact message to every admin. The admins' addresses live in identity, and a network call
 * never runs inside the transaction of a write: the transaction that keeps the message enqueues
 * one job, whose worker asks identity for the admins (GET /internal/users/admins) and queues one
 * e-mail each in a short transaction of its own. When identity cannot answer, the job is retried
 * with backoff; the message is in the Messages tab meanwhile, so nothing is lost if it never can.
 * The job's id is claimed as an idempotency key with the e-mails, so a retried job sends nothing twice.
 */
export const CONTACT_NOTICES_QUEUE = 'contact-admin-notices';

/** About 10 s, doubled per attempt: 10 retries cover an identity outage of a few hours. */
export const contactNoticesQueueSettings: QueueSettings = {
  retryLimit: 10,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 120,
  batchSize: 5,
};

export interface ContactNoticeJob {
  messageId: number;
  /** The request that sent the message, so identity's logs line up. */
  requestId?: string;
}

export interface AdminContact {
  id: number;
  username: string;
  email: string;
}

/** Who the admins are, asked of identity (their owner). */
export interface AdminDirectory {
  /** Every admin; throws when identity cannot answer. Without IDENTITY_URL: none (logged). */
  admins(requestId?: string): Promise<AdminContact[]>;
  close(): Promise<void>;
}

export function createAdminDirectory(
  options: { identityUrl: string | undefined; internalToken: string },
  logger: ContentDeps['logger'],
): AdminDirectory {
  const client = options.identityUrl
    ? createInternalClient({
        baseUrl: options.identityUrl,
        internalToken: options.internalToken,
        timeoutMs: 3_000,
      })
    : undefined;
  return {
    async admins(requestId) {
      if (!client) {
        logger.warn('IDENTITY_URL is not set: contact messages are not e-mailed to the admins');
        return [];
      }
      return client.call(userRoutes.internalAdmins, requestId ? { requestId } : {});
    },
    async close() {
      await client?.close();
    },
  };
}

/** Enqueues the admins' notice in `trx`, the transaction that keeps the message. */
export async function enqueueContactNotice(
  deps: Pick<ContentDeps, 'jobs'>,
  trx: Transaction<ContentAndEventsDatabase>,
  job: ContactNoticeJob,
): Promise<void> {
  await deps.jobs.enqueue(trx, CONTACT_NOTICES_QUEUE, job);
}

const SENT_SCOPE = `job:${CONTACT_NOTICES_QUEUE}`;

async function sendNotice(
  deps: ContentDeps,
  directory: AdminDirectory,
  job: RunningJob<ContactNoticeJob>,
): Promise<{ queued: number; alreadyQueued?: true }> {
  const message = await findContactMessage(deps.db, job.data.messageId);
  if (!message) return { queued: 0 };
  // Outside any transaction; identity unreachable: throws, and the job is retried.
  const admins = await directory.admins(job.data.requestId);
  const messagesUrl = siteUrl(deps, '/admin?tab=messages');
  const emails = [...new Set(admins.map((admin) => admin.email.toLowerCase()))].map((to) =>
    adminNoticeEmail({ to, message, messagesUrl }),
  );
  return deps.db.transaction().execute(async (trx) => {
    if (!(await claimIdempotencyKey(trx, { scope: SENT_SCOPE, key: job.id, fingerprint: job.id }))) {
      return { queued: 0, alreadyQueued: true as const };
    }
    for (const email of emails) await deps.notifier.enqueue(trx, email);
    return { queued: emails.length };
  });
}

/** Declares the notices' worker (before the queue starts). */
export function workContactNotices(jobs: JobQueue, deps: ContentDeps, directory: AdminDirectory): void {
  jobs.work<ContactNoticeJob>(
    CONTACT_NOTICES_QUEUE,
    (job) => sendNotice(deps, directory, job),
    contactNoticesQueueSettings,
  );
}
