import { createHash } from 'node:crypto';
import { addressLimitKey } from '@jesus-walks/service-kit/client-address';
import { DomainError } from '@jesus-walks/service-kit/errors';
import {
  checkLimits,
  clearHits,
  countHits,
  lockRateLimitKeys,
  type RateLimitKey,
  recordHits,
} from '@jesus-walks/service-kit/rate-limits';
import type { Kysely, Transaction } from 'kysely';
import type { IdentityDatabase } from '../../db/database';
import type { IdentityDeps } from '../../deps';
import {
  deleteAttemptsNaming,
  deleteEndedLockouts,
  deleteLockoutsOf,
  isLockedOut,
  startLockout,
} from './login-lockouts.repository';

export const WINDOW_MINUTES = 15;
const tooManyAttemptsMessage = (minutes: number) =>
  `Too many attempts. Please wait ${minutes} minutes and try again.`;
export const TOO_MANY_ATTEMPTS = tooManyAttemptsMessage(WINDOW_MINUTES);
/** The answer of a login refused because the account is locked out for unknown browsers. */
export const accountLockedMessage = (minutes: number) =>
  `Too many failed logins to this account. Please wait ${minutes} minutes and try again, or log in from a browser you have logged in with before.`;
/** Attempts are kept this long (the scheduled clean-up): no limit counts over a longer window. */
export const ATTEMPTS_KEPT_HOURS = 24;

export type Kind =
  | 'login_failure'
  | 'forgot_password'
  | 'reset_password'
  | 'registration'
  | 'change_password'
  | 'email_change'
  | 'email_verification';

type Db = Kysely<IdentityDatabase>;
/** The database, or `{ db: trx }` to count inside a transaction the caller holds. */
type LimitsDb = Pick<IdentityDeps, 'db'>;
/** The database and the lockout policy (LOGIN_LOCKOUT_*), for logins. */
type LoginDeps = Pick<IdentityDeps, 'db' | 'lockout'>;

/** How many attempts of a kind an account and an address may make within the window. */
export interface AttemptLimit {
  perAccount: number;
  perAddress: number;
  /** WINDOW_MINUTES unless given (at most ATTEMPTS_KEPT_HOURS). */
  windowMinutes?: number;
  /** The 429's message; TOO_MANY_ATTEMPTS unless given. */
  message?: string;
}

/**
 * Limits per kind of attempt within the window: per account (one account cannot be guessed at)
 * and, more loosely, per client address (one address cannot try many accounts). Logging in has
 * its own, finer rules (loginLimits).
 */
export const limits: Record<Exclude<Kind, 'login_failure'>, AttemptLimit> = {
  forgot_password: { perAccount: 5, perAddress: 50 },
  // Reset tokens are checked before anything costly; the limit only stops an address hammering.
  reset_password: { perAccount: 10, perAddress: 20 },
  registration: { perAccount: 5, perAddress: 20 },
  // Someone holding a session (a borrowed laptop, a stolen cookie) guessing the current password
  // (changing the password or the e-mail address: both count here).
  change_password: { perAccount: 5, perAddress: 50 },
  // Each request e-mails two addresses: a session must not mail strangers in bulk.
  email_change: {
    perAccount: 5,
    perAddress: 20,
    windowMinutes: 60,
    message:
      'You have asked to change your e-mail address too many times. Please wait an hour and try again.',
  },
  email_verification: {
    perAccount: 5,
    perAddress: 20,
    windowMinutes: 60,
    message: 'You have asked for too many confirmation links. Please wait an hour and try again.',
  },
};

/**
 * Failed logins, counted the way OWASP's Authentication Cheat Sheet (login throttling) advises:
 * never a lock that anyone can put on an account from anywhere, which would let a stranger keep
 * the owner (or the administrator) out. From a browser without the account's device cookie:
 * - per account AND address: one address gets 10 guesses at one account;
 * - per address: one address gets 100 failures in all, whatever accounts it tries;
 * - per account, across addresses (OWASP device cookies, LoginLockoutPolicy): past
 *   `failures` (at least 10) failures within the window, such browsers are refused for the
 *   window's length and the owner is e-mailed. One address alone never gets that far.
 * The owner's browser, holding the account's device cookie, still gets in: its failures count per
 * device cookie alone, with the same allowance as the account's unknown browsers together.
 */
export const loginLimits = {
  perAccountFromAddress: 10,
  perAddress: 100,
} as const;

/*
 * How attempts are counted (service-kit rate-limits, over rate_limit_hits). An attempt of a kind
 * by an account from an address is two hits recorded together:
 *   '<kind>:by-account' '<account>\n<address>'  and  '<kind>:by-address' '<address>\n<account>'
 * (one, by address with an empty account, when there is no account). So the attempts of an
 * account from an address are one key, those of an account (from anywhere) or of an address (at
 * any account) a key prefix, and forgetting some attempts removes them from every count. Addresses
 * count by their limit key (an IPv6 client by its /64), so every caller counts one client alike.
 * A failed login from a browser with the account's device cookie is one hit of its own,
 * 'login-failure:by-device' '<account>\n<nonce>', in none of the counts above.
 */
const SEPARATOR = '\n';
const byAccount = (kind: Kind) => `${kind.replace(/_/g, '-')}:by-account`;
const byAddress = (kind: Kind) => `${kind.replace(/_/g, '-')}:by-address`;
/** Failed logins from a browser with the account's device cookie: '<account>\n<nonce>'. */
const BY_DEVICE = 'login-failure:by-device';

/** Counts one attempt (a failure, or a request of a limited kind). */
export async function recordAttempt(
  deps: LimitsDb,
  attempt: { kind: Kind; accountKey: string | null; address: string },
): Promise<void> {
  const address = addressLimitKey(attempt.address);
  const hits: RateLimitKey[] = [
    { bucket: byAddress(attempt.kind), key: `${address}${SEPARATOR}${attempt.accountKey ?? ''}` },
  ];
  if (attempt.accountKey !== null) {
    hits.push({ bucket: byAccount(attempt.kind), key: `${attempt.accountKey}${SEPARATOR}${address}` });
  }
  await recordHits(deps.db, hits);
}

/** Forgets an account's attempts of a kind: from one address only, or (no address) from all. */
export async function clearAccountAttempts(
  deps: LimitsDb,
  input: { kind: Kind; accountKey: string; address?: string },
): Promise<void> {
  const { db } = deps;
  const { kind, accountKey, address } = input;
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

/**
 * The attempts of a kind within the window (WINDOW_MINUTES unless given): of an account, of an
 * address, or of both together.
 */
function countRecentAttempts(
  db: Db,
  filter: { kind: Kind; accountKey?: string; address?: string; windowMinutes?: number },
) {
  const { kind, accountKey } = filter;
  const address = filter.address === undefined ? undefined : addressLimitKey(filter.address);
  const within = { windowMinutes: filter.windowMinutes ?? WINDOW_MINUTES };
  if (accountKey !== undefined && address !== undefined) {
    return countHits(db, { bucket: byAccount(kind), key: `${accountKey}${SEPARATOR}${address}`, ...within });
  }
  if (accountKey !== undefined) {
    return countHits(db, { bucket: byAccount(kind), keyPrefix: `${accountKey}${SEPARATOR}`, ...within });
  }
  if (address !== undefined) {
    return countHits(db, { bucket: byAddress(kind), keyPrefix: `${address}${SEPARATOR}`, ...within });
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

/**
 * Spread guessing (OWASP device cookies): how many failed logins to one account browsers without
 * its device cookie may make from all addresses together within `windowMinutes`, before such
 * browsers are refused for `windowMinutes`. A device cookie has as many failures of its own.
 */
export interface LoginLockoutPolicy {
  failures: number;
  windowMinutes: number;
}

/**
 * Who is trying to log in to an account: from which address, and, when the browser holds a valid
 * device cookie for this very account, which one (its nonce).
 */
export interface LoginClient {
  accountKey: string;
  address: string;
  trustedDevice: string | null;
}

const deviceKey = (accountKey: string, nonce: string) => `${accountKey}${SEPARATOR}${nonce}`;

/**
 * Throws 429 when this client may not try to log in to this account now: a trusted browser only
 * when its own device cookie has failed too often, any other while the account is locked out or
 * by loginLimits.
 */
export async function assertLoginAllowed(deps: LoginDeps, client: LoginClient): Promise<void> {
  const { db, lockout: policy } = deps;
  if (client.trustedDevice !== null) {
    const { windowMinutes } = policy;
    const key = deviceKey(client.accountKey, client.trustedDevice);
    const failures = await countHits(db, { bucket: BY_DEVICE, key, windowMinutes });
    if (failures > policy.failures) {
      throw new DomainError('rate_limited', tooManyAttemptsMessage(windowMinutes));
    }
    return;
  }
  const { accountKey, address } = client;
  const kind = 'login_failure';
  // The same reads whether or not the account exists: the timing does not tell either.
  const [locked, fromAddressForAccount, fromAddress] = await Promise.all([
    isLockedOut(db, accountKey),
    countRecentAttempts(db, { kind, accountKey, address }),
    countRecentAttempts(db, { kind, address }),
  ]);
  if (locked) throw new DomainError('rate_limited', accountLockedMessage(policy.windowMinutes));
  if (fromAddressForAccount >= loginLimits.perAccountFromAddress || fromAddress >= loginLimits.perAddress) {
    throw tooManyAttempts();
  }
}

/**
 * Counts a failed login. A trusted browser's counts against its device cookie only. Any other's
 * counts per account and address as before and, in one transaction, against the account's pool
 * of failures from browsers without its device cookie: the failure that takes that pool past
 * `policy.failures` starts the lockout and, once per lockout, calls `onLockoutStarted` in the
 * same transaction (to queue the owner's e-mail).
 */
export async function recordLoginFailure(
  deps: LoginDeps,
  input: {
    client: LoginClient;
    onLockoutStarted: (trx: Transaction<IdentityDatabase>) => Promise<void>;
  },
): Promise<void> {
  const { db, lockout: policy } = deps;
  const { client, onLockoutStarted } = input;
  if (client.trustedDevice !== null) {
    await recordHits(db, [{ bucket: BY_DEVICE, key: deviceKey(client.accountKey, client.trustedDevice) }]);
    return;
  }
  const { accountKey, address } = client;
  await db.transaction().execute(async (trx) => {
    // The account's failures are counted one at a time: simultaneous ones cannot all miss the
    // moment the pool goes past the allowance (each seeing only itself among the uncommitted).
    await lockRateLimitKeys(trx, [{ bucket: byAccount('login_failure'), key: accountKey }]);
    await recordAttempt({ db: trx }, { kind: 'login_failure', accountKey, address });
    const failures = await countRecentAttempts(trx, {
      kind: 'login_failure',
      accountKey,
      windowMinutes: policy.windowMinutes,
    });
    if (failures > policy.failures && (await startLockout(trx, accountKey, policy.windowMinutes))) {
      await onLockoutStarted(trx);
    }
  });
}

/** Throws 429 when the account or the address has used up its attempts of this kind. */
export async function assertWithinLimits(
  deps: LimitsDb,
  input: { kind: Exclude<Kind, 'login_failure'>; accountKey: string | null; address: string },
): Promise<void> {
  const { kind, accountKey, address } = input;
  const limit = limits[kind];
  const within = { windowMinutes: limit.windowMinutes ?? WINDOW_MINUTES };
  await checkLimits(
    deps.db,
    [
      ...(accountKey === null
        ? []
        : [{ bucket: byAccount(kind), keyPrefix: `${accountKey}${SEPARATOR}`, max: limit.perAccount }]),
      {
        bucket: byAddress(kind),
        keyPrefix: `${addressLimitKey(address)}${SEPARATOR}`,
        max: limit.perAddress,
      },
    ].map((rule) => ({ ...rule, ...within })),
    { message: limit.message ?? TOO_MANY_ATTEMPTS },
  );
}

/** The scheduled clean-up: deletes lockouts that have ended; answers how many. */
export async function removeEndedLockouts(deps: LimitsDb): Promise<number> {
  return deleteEndedLockouts(deps.db);
}

/**
 * Forgets everything counted about a deleted account: its attempts and lockouts (under its key,
 * device cookies included), the forgot-password requests for its addresses (counted by address)
 * and failed logins typed with its username or addresses before it existed. `db` may be a
 * transaction.
 */
export async function forgetAttemptsOf(
  deps: LimitsDb,
  input: { userId: number; usernames: readonly string[]; emails: readonly string[] },
): Promise<void> {
  const accountKey = accountKeyOf(input.userId);
  const typed = [...input.usernames, ...input.emails].map(unknownLoginKeyOf);
  await deleteLockoutsOf(deps.db, [accountKey, ...typed]);
  await deleteAttemptsNaming(deps.db, [
    accountKey,
    ...typed,
    ...input.emails.map((email) => email.toLowerCase()),
  ]);
}
