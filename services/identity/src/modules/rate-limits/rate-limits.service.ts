import { createHash } from 'node:crypto';
import { addressLimitKey } from '@jesus-walks/service-kit/client-address';
import { DomainError } from '@jesus-walks/service-kit/errors';
import {
  checkLimits,
  clearHits,
  countHits,
  type RateLimitKey,
  recordHits,
} from '@jesus-walks/service-kit/rate-limits';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../../db/database';

export const WINDOW_MINUTES = 15;
export const TOO_MANY_ATTEMPTS = `Too many attempts. Please wait ${WINDOW_MINUTES} minutes and try again.`;
/** Attempts are kept this long (the scheduled clean-up): no limit counts over a longer window. */
export const ATTEMPTS_KEPT_HOURS = 24;

export type Kind =
  | 'login_failure'
  | 'forgot_password'
  | 'reset_password'
  | 'registration'
  | 'change_password';

type Db = Kysely<IdentityDatabase>;

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

/*
 * How attempts are counted (service-kit rate-limits, over rate_limit_hits). An attempt of a kind
 * by an account from an address is two hits recorded together:
 *   '<kind>:by-account' '<account>\n<address>'  and  '<kind>:by-address' '<address>\n<account>'
 * (one, by address with an empty account, when there is no account). So the attempts of an
 * account from an address are one key, those of an account (from anywhere) or of an address (at
 * any account) a key prefix, and forgetting some attempts removes them from every count. Addresses
 * count by their limit key (an IPv6 client by its /64), so every caller counts one client alike.
 */
const SEPARATOR = '\n';
const byAccount = (kind: Kind) => `${kind.replace(/_/g, '-')}:by-account`;
const byAddress = (kind: Kind) => `${kind.replace(/_/g, '-')}:by-address`;
const window = { windowMinutes: WINDOW_MINUTES };

/** Counts one attempt (a failure, or a request of a limited kind). */
export async function recordAttempt(
  db: Db,
  attempt: { kind: Kind; accountKey: string | null; address: string },
): Promise<void> {
  const address = addressLimitKey(attempt.address);
  const hits: RateLimitKey[] = [
    { bucket: byAddress(attempt.kind), key: `${address}${SEPARATOR}${attempt.accountKey ?? ''}` },
  ];
  if (attempt.accountKey !== null) {
    hits.push({ bucket: byAccount(attempt.kind), key: `${attempt.accountKey}${SEPARATOR}${address}` });
  }
  await recordHits(db, hits);
}

/** Forgets an account's attempts of a kind: from one address only, or (no address) from all. */
export async function clearAccountAttempts(
  db: Db,
  kind: Kind,
  accountKey: string,
  address?: string,
): Promise<void> {
  const cleared = await clearHits(
    db,
    address === undefined
      ? { bucket: byAccount(kind), keyPrefix: `${accountKey}${SEPARATOR}` }
      : { bucket: byAccount(kind), key: `${accountKey}${SEPARATOR}${addressLimitKey(address)}` },
  );
  // The same attempts, as counted per address.
  for (const key of cleared) {
    const from = key.slice(accountKey.length + SEPARATOR.length);
    await clearHits(db, { bucket: byAddress(kind), key: `${from}${SEPARATOR}${accountKey}` });
  }
}

/** The attempts of a kind within the window: of an account, of an address, or of both together. */
function countRecentAttempts(db: Db, filter: { kind: Kind; accountKey?: string; address?: string }) {
  const { kind, accountKey } = filter;
  const address = filter.address === undefined ? undefined : addressLimitKey(filter.address);
  if (accountKey !== undefined && address !== undefined) {
    return countHits(db, { bucket: byAccount(kind), key: `${accountKey}${SEPARATOR}${address}`, ...window });
  }
  if (accountKey !== undefined) {
    return countHits(db, { bucket: byAccount(kind), keyPrefix: `${accountKey}${SEPARATOR}`, ...window });
  }
  if (address !== undefined) {
    return countHits(db, { bucket: byAddress(kind), keyPrefix: `${address}${SEPARATOR}`, ...window });
  }
  throw new Error('an account or an address to count the attempts of');
}

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
export async function assertLoginAllowed(db: Db, accountKey: string, address: string): Promise<void> {
  const kind = 'login_failure';
  // The same three counts whether or not the account exists: the timing does not tell either.
  const [fromAddressForAccount, fromAddress, forAccount] = await Promise.all([
    countRecentAttempts(db, { kind, accountKey, address }),
    countRecentAttempts(db, { kind, address }),
    countRecentAttempts(db, { kind, accountKey }),
  ]);
  const perPair =
    forAccount >= loginLimits.accountUnderAttack
      ? loginLimits.perAccountFromAddressUnderAttack
      : loginLimits.perAccountFromAddress;
  if (fromAddressForAccount >= perPair || fromAddress >= loginLimits.perAddress) throw tooManyAttempts();
}

/** Throws 429 when the account or the address has used up its attempts of this kind. */
export async function assertWithinLimits(
  db: Db,
  kind: Exclude<Kind, 'login_failure'>,
  accountKey: string | null,
  address: string,
): Promise<void> {
  const limit = limits[kind];
  await checkLimits(
    db,
    [
      ...(accountKey === null
        ? []
        : [{ bucket: byAccount(kind), keyPrefix: `${accountKey}${SEPARATOR}`, max: limit.perAccount }]),
      {
        bucket: byAddress(kind),
        keyPrefix: `${addressLimitKey(address)}${SEPARATOR}`,
        max: limit.perAddress,
      },
    ].map((rule) => ({ ...rule, ...window })),
    { message: TOO_MANY_ATTEMPTS },
  );
}
