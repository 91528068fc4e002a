import { type Kysely, sql } from 'kysely';
import type { AuthAttemptsTable, IdentityDatabase } from '../../db/database';

type Kind = AuthAttemptsTable['kind'];

export async function recordAttempt(
  db: Kysely<IdentityDatabase>,
  attempt: { kind: Kind; accountKey: string | null; address: string },
): Promise<void> {
  await db.insertInto('authAttempts').values(attempt).execute();
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
  if (filter.address !== undefined) query = query.where('address', '=', filter.address);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function clearAccountAttempts(
  db: Kysely<IdentityDatabase>,
  kind: Kind,
  accountKey: string,
): Promise<void> {
  await db.deleteFrom('authAttempts').where('kind', '=', kind).where('accountKey', '=', accountKey).execute();
}

export async function deleteAttemptsOlderThan(db: Kysely<IdentityDatabase>, hours: number): Promise<void> {
  await db
    .deleteFrom('authAttempts')
    .where('createdAt', '<', sql<Date>`now() - make_interval(hours => ${hours})`)
    .execute();
}
