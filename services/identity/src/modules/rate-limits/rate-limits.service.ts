import { createHash } from 'node:crypto';
import { DomainError } from '@jesus-walks/service-kit/errors';
import type { Kysely } from 'kysely';
import type { AuthAttemptsTable, IdentityDatabase } from '../../db/database';
import { countRecentAttempts } from './attempts.repository';

export const WINDOW_MINUTES = 15;
export const TOO_MANY_ATTEMPTS = `Too many attempts. Please wait ${WINDOW_MINUTES} minutes and try again.`;

type Kind = AuthAttemptsTable['kind'];

/**
 * Limits per kind of attempt within the window: per account (one account cannot be guessed at)
 * and, more loosely, per client address (one address cannot try many accounts). Logging in has
 * its own, finer rules (loginLimits).
 */
export const limits: Record<Exclude<Kind, 'login_failure'>, { perAccount: number; perAddress: number }> = {
  forgot_password: { perAccount: 5, perAddress: 50 },
  // Reset tokens are checked before anything costly; the limit only stops an address hammering.
  reset_password: { perAccount: 10, perAddress: 20 },
  registration: { perAccount: 5, perAddress: 20 },
  // Someone holding a session (a borrowed laptop, a stolen cookie) guessing the current password.
  change_password: { perAccount: 5, perAddress: 50 },
};

/**
 * Failed logins, counted the way OWASP's Authentication Cheat Sheet (login throttling) advises:
 * never a lock that anyone can put on an account from anywhere, which would let a stranger keep
 * the owner (or the administrator) out.
 * - per account AND address: one address gets 10 guesses at one account;
 * - per address: one address gets 100 failures in all, whatever accounts it tries;
 * - per account, across addresses: past 50 failures from everywhere the account is under a spread
 *   attack, and each address then gets only 3 guesses at it. The owner, from an address that has
 *   not been failing, still gets in; an attacker needs ever more addresses.
 */
export const loginLimits = {
  perAccountFromAddress: 10,
  perAddress: 100,
  accountUnderAttack: 50,
  perAccountFromAddressUnderAttack: 3,
} as const;

const since = () => new Date(Date.now() - WINDOW_MINUTES * 60_000);

function tooManyAttempts(): DomainError {
  return new DomainError('rate_limited', TOO_MANY_ATTEMPTS);
}

/** The key an account's attempts count under: its id, so its username and e-mail share one count. */
export function accountKeyOf(userId: number): string {
  return `user:${userId}`;
}

/**
 * The key failed logins to a name that has no account count under. Keyed like an account, so
 * guessing at a name answers exactly as it would if it had one (the 11th try from one address is
 * 429 either way): the limits never tell which names exist. Hashed: people type passwords there.
 */
export function unknownLoginKeyOf(login: string): string {
  return `unknown:${createHash('sha256').update(login.toLowerCase()).digest('hex')}`;
}

/** Throws 429 when this address may not try to log in to this account now (loginLimits). */
export async function assertLoginAllowed(
  db: Kysely<IdentityDatabase>,
  accountKey: string,
  address: string,
): Promise<void> {
  const kind = 'login_failure';
  const from = since();
  // The same three counts whether or not the account exists: the timing does not tell either.
  const [fromAddressForAccount, fromAddress, forAccount] = await Promise.all([
    countRecentAttempts(db, { kind, since: from, accountKey, address }),
    countRecentAttempts(db, { kind, since: from, address }),
    countRecentAttempts(db, { kind, since: from, accountKey }),
  ]);
  const perPair =
    forAccount >= loginLimits.accountUnderAttack
      ? loginLimits.perAccountFromAddressUnderAttack
      : loginLimits.perAccountFromAddress;
  if (fromAddressForAccount >= perPair || fromAddress >= loginLimits.perAddress) throw tooManyAttempts();
}

/** Throws 429 when the account or the address has used up its attempts of this kind. */
export async function assertWithinLimits(
  db: Kysely<IdentityDatabase>,
  kind: Exclude<Kind, 'login_failure'>,
  accountKey: string | null,
  address: string,
): Promise<void> {
  const from = since();
  const limit = limits[kind];
  const [byAccount, byAddress] = await Promise.all([
    accountKey === null ? 0 : countRecentAttempts(db, { kind, since: from, accountKey }),
    countRecentAttempts(db, { kind, since: from, address }),
  ]);
  if (byAccount >= limit.perAccount || byAddress >= limit.perAddress) throw tooManyAttempts();
}
