/**
 * The identity service's testing entry (`@jesus-walks/identity/testing`): what other packages'
 * tests may use to stand up users and sessions in identity's own schema, so that no test outside
 * this service writes identity's tables itself.
 */
import type { Identity } from '@jesus-walks/contracts/common';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../db/database';
import { startLockout } from '../modules/rate-limits/login-lockouts.repository';
import { accountKeyOf } from '../modules/rate-limits/rate-limits.service';
import { insertUser } from '../modules/users/users.repository';

export type { IdentityDatabase } from '../db/database';
export type { Env as IdentityEnv } from '../env';
export { createSessionCookie } from '../modules/sessions/session-cookie.testing';

export interface TestUser {
  username: string;
  email?: string;
  isAdmin?: boolean;
}

/**
 * Stores users who cannot log in (their password hash is not a real one): for tests that need
 * accounts to exist, not passwords to work. Answers their identities in the order given.
 */
export async function createTestUsers(db: Kysely<IdentityDatabase>, users: TestUser[]): Promise<Identity[]> {
  const created: Identity[] = [];
  for (const user of users) {
    const row = await insertUser(db, {
      username: user.username,
      email: user.email ?? `${user.username}@example.com`,
      passwordHash: 'not-a-real-hash',
      isAdmin: user.isAdmin ?? false,
    });
    created.push({ id: row.id, username: row.username, isAdmin: row.isAdmin });
  }
  return created;
}

/**
 * Puts an account in the lockout that guessing from many addresses starts (without its e-mail):
 * for `minutes`, logins from browsers without the account's device cookie are refused.
 */
export async function lockOutUnknownBrowsers(
  db: Kysely<IdentityDatabase>,
  userId: number,
  minutes = 15,
): Promise<void> {
  await startLockout(db, accountKeyOf(userId), minutes);
}
