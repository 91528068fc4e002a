import type { AuditChanges } from '@jesus-walks/contracts/audit';
import { MAIL_QUEUE } from '@jesus-walks/service-kit/mailer';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { IdentityDatabase } from '../../db/database';

type Db = Kysely<IdentityDatabase> | Transaction<IdentityDatabase>;

/*
 * Downloads: the data_exports table.
 */

const exportColumns = ['id', 'userId', 'status', 'message', 'createdAt', 'readyAt', 'expiresAt'] as const;

export async function insertDataExport(trx: Transaction<IdentityDatabase>, userId: number) {
  return trx.insertInto('dataExports').values({ userId }).returning(exportColumns).executeTakeFirstOrThrow();
}

/** The member's newest download that has not expired (any status); undefined when none. */
export async function findNewestDataExport(db: Db, userId: number) {
  return db
    .selectFrom('dataExports')
    .select(exportColumns)
    .where('userId', '=', userId)
    .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', sql<Date>`now()`)]))
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .executeTakeFirst();
}

/** The member's download still being prepared; undefined when none. */
export async function findPreparingDataExport(db: Db, userId: number) {
  return db
    .selectFrom('dataExports')
    .select(exportColumns)
    .where('userId', '=', userId)
    .where('status', '=', 'preparing')
    .orderBy('createdAt', 'desc')
    .executeTakeFirst();
}

/** How many downloads the member asked for within the last `hours` (failed ones left out). */
export async function countDataExportsSince(db: Db, userId: number, hours: number): Promise<number> {
  const row = await db
    .selectFrom('dataExports')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('userId', '=', userId)
    .where('status', '!=', 'failed')
    .where('createdAt', '>', sql<Date>`now() - make_interval(hours => ${hours})`)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findDataExport(db: Db, id: string) {
  return db.selectFrom('dataExports').select(exportColumns).where('id', '=', id).executeTakeFirst();
}

/** A ready download's document, as stored (JSON text), with what decides whether it is served. */
export async function findDataExportDocument(db: Db, id: string) {
  return db
    .selectFrom('dataExports')
    .select([
      'userId',
      'status',
      'readyAt',
      sql<boolean>`expires_at is not null and expires_at <= now()`.as('expired'),
      sql<string | null>`document::text`.as('document'),
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Stores the gathered document: the download is ready until `lifetimeDays` from now. */
export async function markDataExportReady(db: Db, id: string, document: unknown, lifetimeDays: number) {
  return db
    .updateTable('dataExports')
    .set({
      status: 'ready',
      document: JSON.stringify(document),
      readyAt: sql<Date>`now()`,
      expiresAt: sql<Date>`now() + make_interval(days => ${lifetimeDays})`,
      message: null,
    })
    .where('id', '=', id)
    .where('status', '=', 'preparing')
    .returning(exportColumns)
    .executeTakeFirst();
}

export async function markDataExportFailed(db: Db, id: string, message: string): Promise<void> {
  await db
    .updateTable('dataExports')
    .set({ status: 'failed', message })
    .where('id', '=', id)
    .where('status', '=', 'preparing')
    .execute();
}

/**
 * Downloads still 'preparing' long after they were asked for (their job was lost: a process killed
 * past its last attempt) become 'failed', so the member may ask again. Answers how many.
 */
export async function failStalledDataExports(db: Db, olderThanMinutes: number, message: string) {
  const result = await db
    .updateTable('dataExports')
    .set({ status: 'failed', message })
    .where('status', '=', 'preparing')
    .where('createdAt', '<', sql<Date>`now() - make_interval(mins => ${olderThanMinutes})`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Deletes expired downloads (their documents) and failed ones older than `keepFailedDays`;
 * answers how many.
 */
export async function deleteExpiredDataExports(db: Db, keepFailedDays: number): Promise<number> {
  const result = await db
    .deleteFrom('dataExports')
    .where((eb) =>
      eb.or([
        eb('expiresAt', '<=', sql<Date>`now()`),
        eb.and([
          eb('status', '=', 'failed'),
          eb('createdAt', '<', sql<Date>`now() - make_interval(days => ${keepFailedDays})`),
        ]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteDataExportsOf(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('dataExports').where('userId', '=', userId).execute();
}

/*
 * Erasures: the account_erasures table.
 */

export async function insertErasure(
  trx: Transaction<IdentityDatabase>,
  erasure: { userId: number; service: string; emails: string[]; usernames: string[] },
): Promise<void> {
  await trx
    .insertInto('accountErasures')
    .values({
      userId: erasure.userId,
      service: erasure.service,
      emails: JSON.stringify(erasure.emails),
      usernames: JSON.stringify(erasure.usernames),
    })
    .execute();
}

export async function findErasure(db: Db, userId: number, service: string) {
  return db
    .selectFrom('accountErasures')
    .select(['userId', 'service', 'emails', 'usernames', 'erasedAt', 'attempts'])
    .where('userId', '=', userId)
    .where('service', '=', service)
    .executeTakeFirst();
}

export async function recordErasureFailure(db: Db, userId: number, service: string, error: string) {
  await db
    .updateTable('accountErasures')
    .set({ attempts: sql<number>`attempts + 1`, lastError: error.slice(0, 500) })
    .where('userId', '=', userId)
    .where('service', '=', service)
    .execute();
}

/** The service has erased its part; answers how many of the account's services have not yet. */
export async function markErased(
  trx: Transaction<IdentityDatabase>,
  erasure: { userId: number; service: string; erased: Record<string, number> },
): Promise<number> {
  await trx
    .updateTable('accountErasures')
    .set({
      erasedAt: sql<Date>`now()`,
      erased: JSON.stringify(erasure.erased),
      attempts: sql<number>`attempts + 1`,
      lastError: null,
    })
    .where('userId', '=', erasure.userId)
    .where('service', '=', erasure.service)
    .execute();
  const row = await trx
    .selectFrom('accountErasures')
    .select((eb) => eb.fn.countAll<string>().as('pending'))
    .where('userId', '=', erasure.userId)
    .where('erasedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.pending);
}

/** Once every service has erased its part, the addresses the erasures needed go too. */
export async function forgetErasureEmails(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('accountErasures')
    .set({ emails: null, usernames: null })
    .where('userId', '=', userId)
    .execute();
}

/**
 * Erasures not done whose job is no longer queued, running or waiting for a retry (it failed for
 * good, or pg-boss let it go): the housekeeping job queues them again. `schema`: where pg-boss's
 * tables are (the service's own).
 */
export async function findOrphanedErasures(db: Db, schema: string, jobName: string) {
  const job = sql.table(`${schema}.job`);
  const { rows } = await sql<{ userId: number; service: string }>`
    select e.user_id, e.service from account_erasures e
      where e.erased_at is null
        and not exists (
          select 1 from ${job} j
            where j.name = ${jobName} and j.state in ('created', 'retry', 'active')
              and j.data->>'userId' = e.user_id::text and j.data->>'service' = e.service)
      order by e.requested_at, e.user_id, e.service`.execute(db);
  return rows;
}

/*
 * The member's traces elsewhere in identity's schema.
 */

/** Deletes the e-mails queued or sent to these addresses (the outbox: pg-boss's mail jobs). */
export async function deleteMailTo(
  trx: Transaction<IdentityDatabase>,
  schema: string,
  emails: readonly string[],
): Promise<void> {
  const lowered = emails.map((email) => email.toLowerCase());
  if (lowered.length === 0) return;
  for (const table of ['job', 'archive']) {
    await sql`
      delete from ${sql.table(`${schema}.${table}`)}
        where name = ${MAIL_QUEUE} and lower(data->>'to') = any(${lowered}::text[])`.execute(trx);
  }
}

export interface AuditEntryAbout {
  id: number;
  occurredAt: Date;
  actorId: number | null;
  actorUsername: string | null;
  action: string;
  targetType: string;
  targetId: string;
  targetLabel: string | null;
  summary: string;
  changes: AuditChanges | null;
}

/** Identity's activity record about the member: done by them, or to their account. Oldest first. */
export async function auditEntriesAbout(db: Db, userId: number): Promise<AuditEntryAbout[]> {
  return (await db
    .selectFrom('auditLog')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('actorId', '=', userId),
        eb.and([eb('targetType', '=', 'user'), eb('targetId', '=', String(userId))]),
      ]),
    )
    .orderBy('occurredAt')
    .orderBy('id')
    .execute()) as AuditEntryAbout[];
}

export async function rewriteAuditEntry(
  trx: Transaction<IdentityDatabase>,
  id: number,
  entry: Pick<AuditEntryAbout, 'actorUsername' | 'targetLabel' | 'summary' | 'changes'>,
): Promise<void> {
  await trx
    .updateTable('auditLog')
    .set({
      actorUsername: entry.actorUsername,
      targetLabel: entry.targetLabel,
      summary: entry.summary,
      changes: entry.changes ? JSON.stringify(entry.changes) : null,
    })
    .where('id', '=', id)
    .execute();
}
