import { MAIL_QUEUE, type MailMessage, type MailOutcome } from '@jesus-walks/service-kit/mailer';
import { type Kysely, sql } from 'kysely';

/** Tests read a service's own pg-boss tables: `db` is bound to that service's schema. */
// biome-ignore lint/suspicious/noExplicitAny: any service's database
type AnyKysely = Kysely<any>;

export interface QueuedMail extends Omit<MailMessage, 'headers'> {
  headers: Record<string, string>;
  jobId: string;
  /** pg-boss's state: created (queued), retry, active, completed (sent), failed. */
  state: string;
  /** How it went out once sent (null while queued). */
  transport: MailOutcome['transport'] | null;
  createdAt: Date;
}

/**
 * E-mails queued for an address, oldest first: the jobs of the mail queue are the outbox (the
 * archive included, where pg-boss moves completed jobs after a while).
 */
export async function queuedMailFor(db: AnyKysely, to: string): Promise<QueuedMail[]> {
  const { rows } = await sql<{
    id: string;
    state: string;
    data: MailMessage;
    output: Partial<MailOutcome> | null;
    createdAt: Date;
  }>`
    select id, state::text as state, data, output, created_on as created_at from job
      where name = ${MAIL_QUEUE} and data->>'to' = ${to}
    union all
    select id, state::text, data, output, created_on from archive
      where name = ${MAIL_QUEUE} and data->>'to' = ${to}
    order by created_at, id`.execute(db);
  return rows.map((row) => ({
    ...row.data,
    headers: row.data.headers ?? {},
    jobId: row.id,
    state: row.state,
    transport: row.state === 'completed' ? (row.output?.transport ?? null) : null,
    createdAt: row.createdAt,
  }));
}

/**
 * Waits until a service's queue has nothing left to run now (no job queued, running or due for a
 * retry), e.g. until queued e-mail has been sent. `names` limits it to some queues.
 */
export async function waitForJobs(
  db: AnyKysely,
  options: { names?: string[]; timeoutMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const { rows } = await sql<{ pending: number }>`
      select count(*)::int as pending from job
        where state in ('created', 'retry', 'active') and start_after <= now()
          and name not like '\\_\\_pgboss%'
          ${options.names ? sql`and name in (${sql.join(options.names)})` : sql``}`.execute(db);
    if ((rows[0]?.pending ?? 0) === 0) return;
    if (Date.now() > deadline) throw new Error(`${rows[0]?.pending} job(s) still pending`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The jobs of one queue, oldest first, with their state, attempts and output. */
export async function jobsOf(db: AnyKysely, name: string) {
  const { rows } = await sql<{
    id: string;
    state: string;
    data: unknown;
    output: unknown;
    retryCount: number;
    startAfter: Date;
    createdOn: Date;
  }>`
    select id, state::text as state, data, output, retry_count, start_after, created_on from job
      where name = ${name}
    union all
    select id, state::text, data, output, retry_count, start_after, created_on from archive
      where name = ${name}
    order by created_on, id`.execute(db);
  return rows;
}
