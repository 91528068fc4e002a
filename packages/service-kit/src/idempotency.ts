import { type Kysely, sql } from 'kysely';
import { addressLimitKey } from './client-address';
import type { JobQueue } from './jobs';

/**
 * Idempotency-Key for POSTs that must happen once: the one way every service does it. Each service
 * that honours the header has, in its own schema, one table of this shape (created by its own
 * migration with kit-tables' createIdempotencyKeysTableV1):
 *
 *   idempotency_keys (
 *     id integer generated always as identity primary key,
 *     scope text not null,         -- who may replay it: idempotencyScopeOf, or 'job:{queue}'
 *     key text not null,
 *     fingerprint text not null,   -- hash of what was asked: the same key with another request is refused
 *     status_code integer,         -- null while the first request is still running
 *     response jsonb,
 *     created_at timestamptz not null default now(),
 *     unique (scope, key)
 *   )
 *   index (created_at)
 *
 * A key's first answer is kept for IDEMPOTENCY_KEY_TTL_HOURS; a scheduled job forgets older ones.
 */

/**
 * Whose keys a key is compared with, so that one caller's key can never replay another caller's
 * answer (a payment's client secret, an order, a registration): a member's own; a guest's, the
 * thing the call acts on when only its holder can act on it (`subject`, e.g. a payment with its
 * secret), else the guest's address, the only other thing that tells one anonymous client from
 * another. Never one scope for every guest.
 */
export function idempotencyScopeOf(caller: {
  userId?: number | undefined;
  subject?: string | undefined;
  clientAddress: string;
}): string {
  if (caller.userId !== undefined) return `user:${caller.userId}`;
  if (caller.subject) return caller.subject;
  return `guest:${addressLimitKey(caller.clientAddress)}`;
}

/** Any service's database or transaction: the table is reached with raw SQL, unqualified. */
// biome-ignore lint/suspicious/noExplicitAny: each service's table types differ
type AnyKysely = Kysely<any>;

/** How long a key's first answer is kept for replay. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

export interface IdempotencyClaim {
  scope: string;
  key: string;
  fingerprint: string;
}

export interface StoredIdempotentResponse {
  fingerprint: string;
  statusCode: number | null;
  response: unknown;
}

/**
 * Claims a key. Inside a transaction, another transaction holding the same key makes the insert
 * wait for it to finish: its committed answer is then replayed (or, if it rolled back, this one
 * claims the key). Claimed and committed on its own (a request whose work must run outside any
 * transaction, a provider's call), the key reads as "still running" (no response) until
 * storeIdempotentResponse, or is given back with releaseIdempotencyKey when the work fails.
 * Returns true when claimed, false when the key already has a row.
 */
export async function claimIdempotencyKey(db: AnyKysely, claim: IdempotencyClaim): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`
    insert into idempotency_keys (scope, key, fingerprint)
      values (${claim.scope}, ${claim.key}, ${claim.fingerprint})
      on conflict (scope, key) do nothing
      returning id`.execute(db);
  return rows.length > 0;
}

export async function findIdempotencyKey(
  db: AnyKysely,
  scope: string,
  key: string,
): Promise<StoredIdempotentResponse | undefined> {
  const { rows } = await sql<StoredIdempotentResponse>`
    select fingerprint, status_code as "statusCode", response from idempotency_keys
      where scope = ${scope} and key = ${key}`.execute(db);
  return rows[0];
}

export async function storeIdempotentResponse(
  db: AnyKysely,
  entry: { scope: string; key: string; statusCode: number; response: unknown },
): Promise<void> {
  await sql`
    update idempotency_keys
      set status_code = ${entry.statusCode}, response = ${JSON.stringify(entry.response)}::jsonb
      where scope = ${entry.scope} and key = ${entry.key}`.execute(db);
}

/** Gives a claimed key back (its request failed before answering): a retry runs it again. */
export async function releaseIdempotencyKey(db: AnyKysely, scope: string, key: string): Promise<void> {
  await sql`
    delete from idempotency_keys
      where scope = ${scope} and key = ${key} and response is null`.execute(db);
}

/** Forgets keys older than the replay window. */
export async function deleteExpiredIdempotencyKeys(db: AnyKysely): Promise<void> {
  await sql`
    delete from idempotency_keys
      where created_at < now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`.execute(db);
}

/** Forgets Idempotency-Keys past their replay window: a scheduled job, not work on the request path. */
export const IDEMPOTENCY_CLEAN_UP_JOB = 'idempotency-keys-clean-up';
/** Every hour, at minute 7. */
export const IDEMPOTENCY_CLEAN_UP_CRON = '7 * * * *';

export function scheduleIdempotencyCleanUp(jobs: JobQueue, db: AnyKysely): void {
  jobs.work(IDEMPOTENCY_CLEAN_UP_JOB, async () => {
    await deleteExpiredIdempotencyKeys(db);
  });
  jobs.schedule(IDEMPOTENCY_CLEAN_UP_JOB, IDEMPOTENCY_CLEAN_UP_CRON);
}
