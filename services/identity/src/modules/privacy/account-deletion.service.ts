import {
  ACCOUNT_DELETED_MESSAGE,
  ADMIN_DELETE_SELF,
  LAST_ADMIN_DELETE,
  USER_DELETED_MESSAGE,
} from '@jesus-walks/contracts/account';
import type { AuditChanges } from '@jesus-walks/contracts/audit';
import type { Identity } from '@jesus-walks/contracts/common';
import { type MemberDataService, memberDataServices } from '@jesus-walks/contracts/privacy';
import { type AuditActor, recordAudit } from '@jesus-walks/service-kit/audit';
import { businessRule, conflict, notFound, unauthorized } from '@jesus-walks/service-kit/errors';
import type { QueueSettings, RunningJob } from '@jesus-walks/service-kit/jobs';
import type { Transaction } from 'kysely';
import type { IdentityDatabase } from '../../db/database';
import type { IdentityDeps } from '../../deps';
import { checkCurrentPassword } from '../auth/auth.service';
import { forgetEmailLinksOf } from '../email-confirmations/email-confirmations.service';
import { forgetAttemptsOf } from '../rate-limits/rate-limits.service';
import { endSessionsOfUser } from '../sessions/sessions.service';
import {
  anonymiseAccount,
  deletedEmailOf,
  lockAccountForDeletion,
  previousEmailsOf,
} from '../users/users.service';
import {
  type AuditEntryAbout,
  auditEntriesAbout,
  deleteDataExportsOf,
  deleteMailTo,
  findErasure,
  findOrphanedErasures,
  forgetErasureEmails,
  insertErasure,
  markErased,
  recordErasureFailure,
  rewriteAuditEntry,
} from './privacy.repository';

/**
 * "Delete my account" (issue 23). In one transaction identity erases what it keeps (the account
 * row is left anonymised, see anonymiseAccount; its sessions, e-mail links, counted attempts,
 * lockouts, downloads and outbox e-mails are deleted; its entries in the activity record keep what
 * happened and when, without its name or addresses), records the deletion, and queues one erase
 * job per service of contracts/privacy.ts. Each job retries with backoff until its service has
 * answered; the addresses the services need wait in account_erasures (never in a job's data) and
 * are removed once every service has done its part.
 */

type DeletionDeps = Pick<IdentityDeps, 'db' | 'jobs'>;

/** The job that asks one service to erase a deleted account's part. */
export const ERASE_JOB = 'privacy-erase';

/**
 * A service that is down must still get its erasure: 12 retries with exponential backoff from a
 * minute (about 1, 2, 4 ... 2048 minutes apart, with jitter: 3 to 6 days in all, within pg-boss's
 * 14 days of keeping a queued job). Past that, the housekeeping job queues a new round
 * (requeueOrphanedErasures): an erasure is never dropped. Every failure is logged.
 */
export const eraseJobSettings: QueueSettings = {
  retryLimit: 12,
  retryDelaySeconds: 60,
  retryBackoff: true,
  expireInSeconds: 120,
};

export interface EraseJobData {
  userId: number;
  service: MemberDataService;
}

/** How the activity record and its readers name a deleted account. */
export const deletedLabelOf = (userId: number) => `Member #${userId}`;
const ERASED = '[erased]';

/** The member deletes their own account, after typing their password (as changing it does). */
export async function deleteOwnAccount(
  deps: DeletionDeps,
  input: { caller: Identity; currentPassword: string; address: string },
): Promise<{ message: string }> {
  await checkCurrentPassword(deps, input);
  await deleteAccount(deps, { userId: input.caller.id, admin: null });
  return { message: ACCOUNT_DELETED_MESSAGE };
}

/** An admin deletes a member's account at their request (never their own: that asks a password). */
export async function deleteUserAsAdmin(
  deps: DeletionDeps,
  input: { admin: AuditActor; userId: number },
): Promise<{ message: string }> {
  if (input.admin.id === input.userId) throw businessRule(ADMIN_DELETE_SELF);
  await deleteAccount(deps, input);
  return { message: USER_DELETED_MESSAGE };
}

const unique = (values: readonly (string | null | undefined)[]) => {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const value of values) {
    if (!value || seen.has(value.toLowerCase())) continue;
    seen.add(value.toLowerCase());
    kept.push(value);
  }
  return kept;
};

async function deleteAccount(deps: DeletionDeps, input: { userId: number; admin: AuditActor | null }) {
  const { userId, admin } = input;
  await deps.db.transaction().execute(async (trx) => {
    const locked = await lockAccountForDeletion({ db: trx }, userId);
    // The member's own account gone meanwhile: like any request of a session whose account is gone.
    if (!locked) throw admin ? notFound('User not found') : unauthorized();
    const { account, adminIds } = locked;
    if (account.isAdmin && adminIds.length === 1 && adminIds[0] === account.id) {
      throw conflict(LAST_ADMIN_DELETE);
    }
    const previous = (await previousEmailsOf({ db: trx }, userId)).map((row) => row.email);
    // The services erase by the account's address (verified or not: erring towards erasure) and
    // the verified ones it had before.
    const erasureEmails = unique([account.email, ...previous]);
    const entries = await auditEntriesAbout(trx, userId);
    const personal = personalTextsOf(account, [...previous], entries);

    await scrubAuditEntries(trx, userId, entries, personal);
    await anonymiseAccount({ db: trx }, userId);
    await endSessionsOfUser({ db: trx }, { userId });
    await forgetEmailLinksOf({ db: trx }, userId);
    await deleteDataExportsOf(trx, userId);
    await forgetAttemptsOf({ db: trx }, { userId, usernames: personal.usernames, emails: personal.emails });
    await deleteMailTo(trx, deps.jobs.schema, personal.emails);
    await recordAudit(trx, {
      actor: admin ?? { id: userId, username: deletedLabelOf(userId) },
      action: 'user.deleted',
      target: { type: 'user', id: userId, label: deletedLabelOf(userId) },
      summary: admin
        ? `Deleted the account of ${deletedLabelOf(userId)} at their request`
        : `${deletedLabelOf(userId)} deleted their account`,
      changes: null,
    });
    for (const service of memberDataServices) {
      await insertErasure(trx, { userId, service, emails: erasureEmails, usernames: personal.usernames });
      await deps.jobs.enqueue(trx, ERASE_JOB, { userId, service } satisfies EraseJobData);
    }
  });
}

interface PersonalTexts {
  usernames: string[];
  emails: string[];
  /** Name, phone: erased wherever they appear. */
  others: string[];
}

/**
 * What identifies the member in identity's own record: their username and addresses now, the
 * ones they had (from the record's own changes of their account), their name and phone.
 */
function personalTextsOf(
  account: {
    id: number;
    username: string;
    email: string;
    pendingEmail: string | null;
    name: string | null;
    phone: string | null;
  },
  previousEmails: string[],
  entries: AuditEntryAbout[],
): PersonalTexts {
  const fromChanges = (field: string) =>
    entries.flatMap((entry) => {
      const change = entry.changes?.[field];
      return change
        ? [change.from, change.to].filter((value): value is string => typeof value === 'string')
        : [];
    });
  const own = (entry: AuditEntryAbout) =>
    entry.targetType === 'user' && entry.targetId === String(account.id);
  return {
    usernames: unique([
      account.username,
      ...entries.filter(own).flatMap((entry) => [entry.targetLabel]),
      ...entries.filter(own).flatMap((entry) => {
        const change = entry.changes?.username;
        return change
          ? [change.from, change.to].filter((value): value is string => typeof value === 'string')
          : [];
      }),
    ]),
    emails: unique([account.email, account.pendingEmail, ...previousEmails, ...fromChanges('email')]),
    others: unique([account.name, account.phone]),
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Replaces each text wherever it stands alone (not inside a longer name or address), any case. */
function replacer(texts: readonly string[], replacement: string): (value: string) => string {
  const patterns = texts
    .filter((text) => text.length > 0)
    .map((text) => new RegExp(`(?<![\\w.@+-])${escapeRegExp(text)}(?![\\w.@-])`, 'giu'));
  return (value) => patterns.reduce((result, pattern) => result.replace(pattern, replacement), value);
}

/**
 * The member's entries in identity's activity record keep what happened and when; their username
 * (now and before), addresses, name and phone are replaced: by 'Member #{id}' where a name stood,
 * by '[erased]' elsewhere.
 */
async function scrubAuditEntries(
  trx: Transaction<IdentityDatabase>,
  userId: number,
  entries: AuditEntryAbout[],
  personal: PersonalTexts,
): Promise<void> {
  const label = deletedLabelOf(userId);
  const eraseEmails = replacer(personal.emails, ERASED);
  const eraseOthers = replacer(personal.others, ERASED);
  const renameUser = replacer(personal.usernames, label);
  // Addresses first: a username can be the start of an address.
  const scrub = (text: string) => renameUser(eraseOthers(eraseEmails(text)));
  const scrubValue = (value: unknown): unknown => {
    if (typeof value === 'string') return scrub(value);
    if (Array.isArray(value)) return value.map(scrubValue);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, scrubValue(inner)]));
    }
    return value;
  };
  for (const entry of entries) {
    const aboutThem = entry.targetType === 'user' && entry.targetId === String(userId);
    const changes = entry.changes ? (scrubValue(entry.changes) as AuditChanges) : null;
    await rewriteAuditEntry(trx, entry.id, {
      actorUsername: entry.actorId === userId ? label : entry.actorUsername,
      targetLabel: aboutThem ? label : entry.targetLabel && scrub(entry.targetLabel),
      summary: scrub(entry.summary),
      changes,
    });
  }
}

/**
 * The erase job: asks one service to erase the account's part, with the addresses kept for it.
 * A failure is recorded on the erasure and thrown (the queue logs it and retries). Once every
 * service has answered, the addresses are removed.
 */
export async function runEraseJob(
  deps: Pick<IdentityDeps, 'db' | 'privacy' | 'logger'>,
  job: RunningJob<EraseJobData>,
): Promise<object> {
  const { userId, service } = job.data;
  const erasure = await findErasure(deps.db, userId, service);
  if (!erasure || erasure.erasedAt) return { userId, service, skipped: true };
  const emails = erasure.emails && erasure.emails.length > 0 ? erasure.emails : [deletedEmailOf(userId)];
  try {
    const answer = await deps.privacy.erase(service, {
      userId,
      emails: emails.slice(0, 50),
      usernames: (erasure.usernames ?? []).slice(0, 20),
    });
    await deps.db.transaction().execute(async (trx) => {
      const pending = await markErased(trx, { userId, service, erased: answer.erased });
      if (pending === 0) await forgetErasureEmails(trx, userId);
    });
    return { userId, service, erased: answer.erased };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await recordErasureFailure(deps.db, userId, service, message).catch(() => {});
    deps.logger.warn(
      { userId, service, attempt: job.retryCount + 1, err: error },
      'a service could not erase a deleted account yet; the job will retry',
    );
    throw error;
  }
}

/**
 * The housekeeping's safety net: an erasure not done whose job is gone (failed for good after
 * days of retries, or lost) gets a new job. Answers how many were queued again.
 */
export async function requeueOrphanedErasures(deps: Pick<IdentityDeps, 'db' | 'jobs' | 'logger'>) {
  const orphans = await findOrphanedErasures(deps.db, deps.jobs.schema, ERASE_JOB);
  for (const orphan of orphans) {
    await deps.db.transaction().execute(async (trx) => {
      await deps.jobs.enqueue(trx, ERASE_JOB, {
        userId: orphan.userId,
        service: orphan.service as MemberDataService,
      } satisfies EraseJobData);
    });
    deps.logger.error(
      { userId: orphan.userId, service: orphan.service },
      'an erasure had no job left (its retries ran out): queued again',
    );
  }
  return orphans.length;
}
