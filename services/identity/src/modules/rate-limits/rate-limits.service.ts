import { DomainError } from '@jesus-walks/service-kit/errors';
import type { Kysely } from 'kysely';
import type { AuthAttemptsTable, IdentityDatabase } from '../../db/database';
import { countRecentAttempts } from './attempts.repository';

export const WINDOW_MINUTES = 15;

/**
 * Limits per kind of attempt within the window: per account (one account cannot be guessed at)
 * and, more loosely, per client address (one address cannot try many accounts).
 */
export const limits: Record<AuthAttemptsTable['kind'], { perAccount: number; perAddress: number }> = {
  login_failure: { perAccount: 10, perAddress: 100 },
  forgot_password: { perAccount: 5, perAddress: 50 },
  reset_password: { perAccount: 10, perAddress: 50 },
  registration: { perAccount: 5, perAddress: 20 },
};

/** Throws 429 when the account or the address has used up its attempts of this kind. */
export async function assertWithinLimits(
  db: Kysely<IdentityDatabase>,
  kind: AuthAttemptsTable['kind'],
  accountKey: string | null,
  address: string,
): Promise<void> {
  const since = new Date(Date.now() - WINDOW_MINUTES * 60_000);
  const limit = limits[kind];
  const [byAccount, byAddress] = await Promise.all([
    accountKey === null ? 0 : countRecentAttempts(db, { kind, since, accountKey }),
    countRecentAttempts(db, { kind, since, address }),
  ]);
  if (byAccount >= limit.perAccount || byAddress >= limit.perAddress) {
    throw new DomainError(
      'rate_limited',
      `Too many attempts. Please wait ${WINDOW_MINUTES} minutes and try again.`,
    );
  }
}
