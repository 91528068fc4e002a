import { addressLimitKey } from '@jesus-walks/service-kit/client-address';
import { type Kysely, sql } from 'kysely';
import type { AuthAttemptsTable, IdentityDatabase } from '../../db/database';

type Kind = AuthAttemptsTable['kind'];

// Addresses are stored and looked up by their limit key (an IPv6 client by its /64), so every
// caller counts the same client the same way.

export async function recordAttempt(
  db: Kysely<IdentityDatabase>,
  attempt: { kind: Kind; accountKey: string | null; address: string },
): Promise<void> {
  await db
    .insertInto('authAttempts')
    .values({ ...attempt, address: addressLimitKey(attempt.address) })
    .execute();
}

export async function countRecentAttempts(
  db: Kysely<IdentityDatabase>,
  filter: { kind: Kind; since: Date; accountKey?: string; address?: string },
): Promise<number> {
  let query = db
    .selectFrom('authAttempts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('kind', '=', filter.kind)
    .where('createdAt', '>', filter.since);
  if (filter.accountKey !== undefined) query = query.where('accountKey', '=', filter.accountKey);
  if (filter.address !== undefined) query = query.where('address', '=', addressLimitKey(filter.address));
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Forgets an account's attempts of a kind: from one address only, or (no address) from all. */
export async function clearAccountAttempts(
  db: Kysely<IdentityDatabase>,
  kind: Kind,
  accountKey: string,
  address?: string,
): Promise<void> {
  let query = db.deleteFrom('authAttempts').where('kind', '=', kind).where('accountKey', '=', accountKey);
  if (address !== undefined) query = query.where('address', '=', addressLimitKey(address));
  await query.execute();
}

export async function deleteAttemptsOlderThan(db: Kysely<IdentityDatabase>, hours: number): Promise<void> {
  await db
    .deleteFrom('authAttempts')
    .where('createdAt', '<', sql<Date>`now() - make_interval(hours => ${hours})`)
    .execute();
}
