import {
  DATA_EXPORT_LIFETIME_DAYS,
  DATA_EXPORT_LIMIT,
  DATA_EXPORT_NOT_FOUND,
  DATA_EXPORT_NOT_READY,
  DATA_EXPORTS_PER_DAY,
  type DataExport,
  dataExportDownloadPath,
  type MemberDataDocument,
} from '@jesus-walks/contracts/account';
import { type MemberDataService, memberDataServices } from '@jesus-walks/contracts/privacy';
import { DomainError, notFound, unauthorized } from '@jesus-walks/service-kit/errors';
import type { QueueSettings, RunningJob } from '@jesus-walks/service-kit/jobs';
import type { IdentityDeps } from '../../deps';
import { siteOrigin } from '../email-confirmations/email-confirmation-mails';
import { listSessionsOf } from '../sessions/sessions.service';
import { lockAccount, personalProfileOf, previousEmailsOf } from '../users/users.service';
import {
  auditEntriesAbout,
  countDataExportsSince,
  deleteExpiredDataExports,
  failStalledDataExports,
  findDataExport,
  findDataExportDocument,
  findNewestDataExport,
  findPreparingDataExport,
  insertDataExport,
  markDataExportFailed,
  markDataExportReady,
} from './privacy.repository';
import { dataReadyMail } from './privacy-mails';

/**
 * "Download my data" (issue 23): a job gathers identity's part (the account, its sessions, the
 * addresses it had, its entries in the activity record) and every service's part over their
 * internal privacy routes, the way the activity record is gathered, into one JSON document kept
 * DATA_EXPORT_LIFETIME_DAYS days; the member is e-mailed when it is ready. One at a time per
 * member, DATA_EXPORTS_PER_DAY a day (failed ones do not count: the member may ask again).
 */

/** The job that gathers one download. */
export const EXPORT_JOB = 'privacy-export';

/**
 * A service that fails makes the whole download wait and try again: 4 retries with exponential
 * backoff from 15 seconds (about 30 s, 1, 2 and 4 minutes apart, with jitter). After the last,
 * the download is 'failed' with a message and the member may ask again.
 */
export const exportJobSettings: QueueSettings = {
  retryLimit: 4,
  retryDelaySeconds: 15,
  retryBackoff: true,
  expireInSeconds: 300,
};

export interface ExportJobData {
  exportId: string;
}

export const EXPORT_FAILED_MESSAGE =
  'Some parts of the site did not answer while your data was being gathered. Please ask again in a while.';
/** A download still being prepared after this long has lost its job. */
const STALLED_AFTER_MINUTES = 60;
/** Failed downloads are kept this long (they count towards the day's limit), then deleted. */
const FAILED_KEPT_DAYS = 2;

type ExportDeps = Pick<IdentityDeps, 'db' | 'jobs'>;

interface ExportRow {
  id: string;
  status: 'preparing' | 'ready' | 'failed';
  message: string | null;
  createdAt: Date;
  readyAt: Date | null;
  expiresAt: Date | null;
}

function toDataExport(row: ExportRow): DataExport {
  return {
    id: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    downloadUrl: row.status === 'ready' ? dataExportDownloadPath(row.id) : null,
    message: row.status === 'failed' ? row.message : null,
  };
}

/**
 * The member asks for their data. One being prepared is the answer (nothing new is queued);
 * otherwise at most DATA_EXPORTS_PER_DAY within 24 hours (429), and the new request and its job
 * commit together. The account is locked meanwhile, so two requests at once make one.
 */
export async function requestDataExport(deps: ExportDeps, userId: number): Promise<{ export: DataExport }> {
  return deps.db.transaction().execute(async (trx) => {
    if (!(await lockAccount({ db: trx }, userId))) throw unauthorized();
    const preparing = await findPreparingDataExport(trx, userId);
    if (preparing) return { export: toDataExport(preparing) };
    if ((await countDataExportsSince(trx, userId, 24)) >= DATA_EXPORTS_PER_DAY) {
      throw new DomainError('rate_limited', DATA_EXPORT_LIMIT);
    }
    const row = await insertDataExport(trx, userId);
    await deps.jobs.enqueue(trx, EXPORT_JOB, { exportId: row.id } satisfies ExportJobData);
    return { export: toDataExport(row) };
  });
}

/** The member's newest request that has not expired; null when none. */
export async function currentDataExport(
  deps: Pick<IdentityDeps, 'db'>,
  userId: number,
): Promise<{ export: DataExport | null }> {
  const row = await findNewestDataExport(deps.db, userId);
  return { export: row ? toDataExport(row) : null };
}

/**
 * The document of a ready download and its file name, for its owner only (anyone else, or a failed
 * one: 404, as for an unknown id); 409 while it is still being prepared; 'expired' once past its
 * time (the route answers 410: the error codes have no 'gone'). An expired download the
 * housekeeping has deleted already is 404.
 */
export async function dataExportFile(
  deps: Pick<IdentityDeps, 'db'>,
  input: { userId: number; id: string },
): Promise<{ expired: true } | { expired: false; fileName: string; json: string }> {
  const row = await findDataExportDocument(deps.db, input.id);
  if (!row || row.userId !== input.userId || row.status === 'failed') throw notFound(DATA_EXPORT_NOT_FOUND);
  if (row.expired) return { expired: true };
  if (row.status !== 'ready' || row.document === null)
    throw new DomainError('conflict', DATA_EXPORT_NOT_READY);
  const day = (row.readyAt ?? new Date()).toISOString().slice(0, 10);
  return { expired: false, fileName: `jesus-walks-data-${day}.json`, json: row.document };
}

/** The addresses a download asks the services about: only those the member proved theirs. */
async function verifiedEmailsOf(
  deps: Pick<IdentityDeps, 'db'>,
  profile: { id: number; email: string; isVerified: boolean },
): Promise<string[]> {
  const previous = (await previousEmailsOf(deps, profile.id)).map((row) => row.email);
  const all = [...(profile.isVerified ? [profile.email] : []), ...previous];
  const seen = new Set<string>();
  const unique = all.filter((email) => !seen.has(email.toLowerCase()) && seen.add(email.toLowerCase()));
  // The contract asks for at least one: an address that is nobody's finds nothing.
  return unique.length > 0 ? unique.slice(0, 50) : [`member-${profile.id}@unverified.invalid`];
}

/** Identity's own part: the account, its sessions, the addresses it had, its activity. */
async function identityPart(deps: Pick<IdentityDeps, 'db'>, userId: number) {
  const profile = await personalProfileOf(deps, userId);
  if (!profile) return undefined;
  const [sessions, previous, activity] = await Promise.all([
    listSessionsOf(deps, { userId, currentSid: '' }),
    previousEmailsOf(deps, userId),
    auditEntriesAbout(deps.db, userId),
  ]);
  const account = {
    id: profile.id,
    username: profile.username,
    email: profile.email,
    emailVerified: profile.isVerified,
    pendingEmail: profile.pendingEmail,
    name: profile.name,
    administrator: profile.isAdmin,
    phone: profile.phone,
    address: profile.address,
    city: profile.city,
    state: profile.state,
    postalCode: profile.postalCode,
    country: profile.country,
    profilePicture: profile.profilePicture,
    notes: profile.notes,
    socialProfiles: profile.socialProfiles,
    createdAt: profile.createdAt.toISOString(),
    updatedAt: profile.updatedAt.toISOString(),
  };
  const sections = {
    sessions: sessions.map((session) => ({
      createdAt: session.createdAt,
      lastActiveAt: session.lastActiveAt,
      expiresAt: session.expiresAt,
      device: session.device,
      address: session.address,
    })),
    previousEmails: previous.map((row) => ({ email: row.email, replacedAt: row.replacedAt.toISOString() })),
    activity: activity.map((entry) => ({
      occurredAt: entry.occurredAt.toISOString(),
      action: entry.action,
      summary: entry.summary,
      changes: entry.changes,
    })),
  };
  return { profile, account, sections };
}

/**
 * The export job: gathers every part; a service that fails fails the attempt (retried). After the
 * last attempt the download is 'failed' with a message. A ready download is stored and the member
 * e-mailed in one transaction.
 */
export async function runExportJob(
  deps: Pick<IdentityDeps, 'db' | 'privacy' | 'mailer' | 'publicOrigin' | 'logger'>,
  job: RunningJob<ExportJobData>,
): Promise<object> {
  const { exportId } = job.data;
  const request = await findDataExport(deps.db, exportId);
  if (request?.status !== 'preparing') return { exportId, skipped: true };
  const own = await identityPart(deps, request.userId);
  if (!own) {
    await markDataExportFailed(deps.db, exportId, EXPORT_FAILED_MESSAGE);
    return { exportId, skipped: true };
  }
  const emails = await verifiedEmailsOf(deps, own.profile);
  const member = { userId: request.userId, emails };
  const results = await Promise.allSettled(
    memberDataServices.map((service) => deps.privacy.exportOf(service, member)),
  );
  const failed: MemberDataService[] = [];
  const services: MemberDataDocument['services'] = { identity: own.sections };
  for (const [i, result] of results.entries()) {
    const service = memberDataServices[i] as MemberDataService;
    if (result.status === 'fulfilled') services[service] = result.value.sections;
    else failed.push(service);
  }
  if (failed.length > 0) {
    const last = job.retryCount >= job.retryLimit;
    deps.logger.warn(
      { exportId, failed, attempt: job.retryCount + 1, last },
      last ? 'a download could not be gathered: it failed' : 'a download could not be gathered yet; retrying',
    );
    if (last) await markDataExportFailed(deps.db, exportId, EXPORT_FAILED_MESSAGE);
    throw new Error(`Could not gather the member's data from: ${failed.join(', ')}`);
  }
  const document: MemberDataDocument = {
    generatedAt: new Date().toISOString(),
    account: own.account,
    services,
  };
  await deps.db.transaction().execute(async (trx) => {
    const ready = await markDataExportReady(trx, exportId, document, DATA_EXPORT_LIFETIME_DAYS);
    if (!ready) return;
    await deps.mailer.enqueue(
      trx,
      dataReadyMail({
        to: own.profile.email,
        username: own.profile.username,
        link: `${siteOrigin(deps.publicOrigin)}/account?tab=data`,
        lifetimeDays: DATA_EXPORT_LIFETIME_DAYS,
      }),
    );
  });
  return { exportId, services: Object.keys(services).length };
}

/**
 * The housekeeping's part: deletes expired downloads (and failed ones after a while) and fails
 * those whose job was lost. Answers how many were deleted.
 */
export async function removeExpiredDataExports(deps: Pick<IdentityDeps, 'db'>): Promise<number> {
  await failStalledDataExports(deps.db, STALLED_AFTER_MINUTES, EXPORT_FAILED_MESSAGE);
  return deleteExpiredDataExports(deps.db, FAILED_KEPT_DAYS);
}
