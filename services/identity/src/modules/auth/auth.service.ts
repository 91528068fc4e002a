import { createHash, randomBytes } from 'node:crypto';
import type { ChangePasswordBody, LoginBody, ResetPasswordBody } from '@jesus-walks/contracts/auth';
import type { Identity } from '@jesus-walks/contracts/common';
import { recordAudit } from '@jesus-walks/service-kit/audit';
import { badRequest, DomainError, unauthorized } from '@jesus-walks/service-kit/errors';
import type { MailMessage } from '@jesus-walks/service-kit/mailer';
import type { IdentityDeps } from '../../deps';
import { forgetEmailChangeLinks } from '../email-confirmations/email-confirmations.service';
import { hashPassword, verifyDecoy, verifyPassword } from '../passwords/password-hasher';
import {
  accountKeyOf,
  assertLoginAllowed,
  assertWithinLimits,
  clearAccountAttempts,
  type LoginClient,
  recordAttempt,
  recordLoginFailure,
  unknownLoginKeyOf,
} from '../rate-limits/rate-limits.service';
import type { DeviceClaim } from '../sessions/device-cookie';
import { endSessionsOfUser, keepSessionAlive } from '../sessions/sessions.service';
import {
  consumePasswordResetToken,
  findCredentials,
  findUser,
  findUserByEmailAddress,
  forgetPendingEmail,
  passwordHashOf,
  setUserPassword,
  storePasswordResetToken,
  userIdOfResetToken,
} from '../users/users.service';

export const INVALID_CREDENTIALS = 'Invalid username or password';
export const INVALID_RESET_TOKEN = 'The reset link is invalid or expired.';
export const FORGOT_PASSWORD_ANSWER =
  'If an account exists for that email, we have sent a link to reset the password.';
const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/** Reset tokens are stored only as their SHA-256: a leaked table gives nobody a usable link. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type LoginDeps = Pick<IdentityDeps, 'db' | 'mailer' | 'publicOrigin' | 'lockout'>;

/**
 * Checks the credentials. From a browser without the account's device cookie, failures count per
 * account and address together, per address, and per account from everywhere
 * (rate-limits.service loginLimits and LoginLockoutPolicy): a stranger failing at an account
 * slows only themselves, and strangers failing from many addresses lock out only browsers that
 * have never logged in to the account; the owner is e-mailed when that starts. A browser whose
 * device cookie is this account's is held only to its own failures.
 */
export async function authenticate(
  deps: LoginDeps,
  input: LoginBody & { address: string; device: DeviceClaim | null },
) {
  const account = await findCredentials(deps, input.username);
  const client: LoginClient = {
    accountKey: account ? accountKeyOf(account.id) : unknownLoginKeyOf(input.username),
    address: input.address,
    // Only a device cookie of this very account: any other is no better than none.
    trustedDevice: account && input.device?.userId === account.id ? input.device.nonce : null,
  };
  await assertLoginAllowed(deps, client);
  const valid = account
    ? await verifyPassword(account.password, input.password)
    : await verifyDecoy(input.password);
  if (!account || !valid) {
    await recordLoginFailure(deps, {
      client,
      onLockoutStarted: async (trx) => {
        // A name without an account is locked out alike (the answers never tell), but mails nobody.
        if (account) await deps.mailer.enqueue(trx, lockoutMail(account, deps));
      },
    });
    throw new DomainError('unauthorized', INVALID_CREDENTIALS);
  }
  // Only this address's failures: the owner logging in must not hand an attacker fresh guesses.
  if (client.trustedDevice === null) {
    await clearAccountAttempts(deps, {
      kind: 'login_failure',
      accountKey: client.accountKey,
      address: client.address,
    });
  }
  return { id: account.id, username: account.username, email: account.email, isAdmin: account.isAdmin };
}

/** The owner's notice that their account has started refusing browsers that never logged in to it. */
function lockoutMail(
  account: { username: string; email: string },
  deps: Pick<LoginDeps, 'publicOrigin' | 'lockout'>,
): MailMessage {
  const minutes = deps.lockout.windowMinutes;
  const forgotPassword = `${deps.publicOrigin.replace(/\/+$/, '')}/forgot-password`;
  return {
    to: account.email,
    subject: 'Someone is trying to log in to your Jesus Walks account',
    text: [
      `Hello ${account.username},`,
      '',
      `In the last ${minutes} minutes, a wrong password for your Jesus Walks account was entered more`,
      `than ${deps.lockout.failures} times, from browsers that have not logged in to it before.`,
      '',
      `To protect your account, for the next ${minutes} minutes it can only be logged in to from a`,
      'browser you have logged in with before. Your password has not changed.',
      '',
      `If it was you, please wait ${minutes} minutes and try again. If you have forgotten your`,
      'password, you can choose a new one here:',
      '',
      forgotPassword,
      '',
      'If it was not you, those attempts failed. If your password is short, or one you also use on',
      'other sites, please choose a new one with the link above.',
      '',
      'Blessings on the trail,',
      'Jesus Walks',
    ].join('\n'),
  };
}

/**
 * Starts a password reset. The answer is the same whether or not the e-mail has an account; the
 * e-mail is queued in the transaction that stores the token and goes out in the background, so
 * the timing does not tell either (and the answer never waits on SMTP). Returns the token only for
 * the caller to expose in development.
 */
export async function requestPasswordReset(
  deps: Pick<IdentityDeps, 'db' | 'mailer' | 'publicOrigin'>,
  input: { email: string; address: string },
): Promise<string | undefined> {
  const { email, address } = input;
  await assertWithinLimits(deps, { kind: 'forgot_password', accountKey: email, address });
  await recordAttempt(deps, { kind: 'forgot_password', accountKey: email, address });
  const user = await findUserByEmailAddress(deps, email);
  if (!user) return undefined;
  const token = randomBytes(32).toString('base64url');
  const link = `${deps.publicOrigin.replace(/\/+$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
  await deps.db.transaction().execute(async (trx) => {
    await storePasswordResetToken(
      { db: trx },
      {
        userId: user.id,
        tokenHash: hashResetToken(token),
        expiresAt: new Date(Date.now() + RESET_TOKEN_LIFETIME_MS),
      },
    );
    await deps.mailer.enqueue(trx, {
      to: user.email,
      subject: 'Reset your Jesus Walks password',
      text: [
        `Hello ${user.username},`,
        '',
        'Someone (hopefully you) asked to reset the password of your Jesus Walks account.',
        `To choose a new password, open this link within the next hour:`,
        '',
        link,
        '',
        'If you did not ask for this, you can ignore this e-mail: your password stays the same.',
        '',
        'Blessings on the trail,',
        'Jesus Walks',
      ].join('\n'),
    });
  });
  return token;
}

/**
 * Sets a new password with a reset token (once, within the hour), ends every session of the user
 * and cancels a change of e-mail address they asked for. The token is checked before the new
 * password is hashed: a made-up token costs the server one indexed lookup, never an argon2 hash.
 * Failures count per address.
 */
export async function resetPassword(
  deps: Pick<IdentityDeps, 'db'>,
  input: ResetPasswordBody & { address: string },
) {
  const { address } = input;
  await assertWithinLimits(deps, { kind: 'reset_password', accountKey: null, address });
  const tokenHash = hashResetToken(input.token);
  const refuse = async () => {
    await recordAttempt(deps, { kind: 'reset_password', accountKey: null, address });
    return badRequest(INVALID_RESET_TOKEN);
  };
  if ((await userIdOfResetToken(deps, tokenHash)) === undefined) throw await refuse();
  // Consumed atomically: of two requests racing with one token, only one sets its password.
  const userId = await consumePasswordResetToken(deps, {
    tokenHash,
    passwordHash: await hashPassword(input.newPassword),
  });
  if (userId === undefined) throw await refuse();
  await endSessionsOfUser(deps, { userId });
  await cancelPendingEmailChange(deps, userId);
}

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

/**
 * Checks the current password a logged-in user typed to change their password or their e-mail
 * address. Wrong ones count per account (limits.change_password, both changes together): a session
 * alone cannot be used to guess it. 400 when wrong, 429 past the limit; a right one forgets the
 * account's wrong ones.
 */
export async function checkCurrentPassword(
  deps: Pick<IdentityDeps, 'db'>,
  input: { caller: Identity; currentPassword: string; address: string },
): Promise<void> {
  const { caller, address } = input;
  const accountKey = accountKeyOf(caller.id);
  await assertWithinLimits(deps, { kind: 'change_password', accountKey, address });
  const stored = await passwordHashOf(deps, caller.id);
  if (!stored || !(await verifyPassword(stored, input.currentPassword))) {
    await recordAttempt(deps, { kind: 'change_password', accountKey, address });
    throw badRequest(WRONG_CURRENT_PASSWORD);
  }
  await clearAccountAttempts(deps, { kind: 'change_password', accountKey });
}

/**
 * Cancels a change of e-mail address the account asked for and has not confirmed (its link stops
 * working): a new password is what the notice to the current address tells an owner to choose
 * when someone else asked for the change.
 */
async function cancelPendingEmailChange(deps: Pick<IdentityDeps, 'db'>, userId: number): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const currentEmail = await forgetPendingEmail({ db: trx }, userId);
    if (currentEmail !== undefined) await forgetEmailChangeLinks({ db: trx }, { userId, currentEmail });
  });
}

/**
 * Changes the password of a logged-in user (checkCurrentPassword); their other sessions end, and
 * a change of e-mail address they asked for is cancelled. An administrator's change enters the
 * activity record with it (never the password itself).
 */
export async function changePassword(
  deps: Pick<IdentityDeps, 'db'>,
  input: ChangePasswordBody & { caller: Identity; currentSid: string; address: string },
) {
  const { caller, address } = input;
  await checkCurrentPassword(deps, { caller, currentPassword: input.currentPassword, address });
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction().execute(async (trx) => {
    await setUserPassword({ db: trx }, { userId: caller.id, passwordHash });
    if (caller.isAdmin) {
      await recordAudit(trx, {
        actor: caller,
        action: 'user.password_changed',
        target: { type: 'user', id: caller.id, label: caller.username },
        summary: `${caller.username} changed their own password`,
        changes: { password: { from: 'unchanged', to: 'changed' } },
      });
    }
  });
  await endSessionsOfUser(deps, { userId: caller.id, exceptSid: input.currentSid });
  await cancelPendingEmailChange(deps, caller.id);
}

/** GET /api/auth/me: the logged-in user as stored now; 401 when the account is gone. */
export async function currentUser(deps: Pick<IdentityDeps, 'db'>, userId: number) {
  const user = await findUser(deps, userId);
  if (!user) throw unauthorized();
  return user;
}

/**
 * Who a session is (the gateway asks once per request that carries a session cookie). Use keeps
 * the session alive; the user is read fresh, so a removed admin flag or a deleted user takes
 * effect at once.
 */
export async function resolveSession(
  deps: Pick<IdentityDeps, 'db' | 'lifetimes'>,
  session: { sessionId: string; userId: number | undefined; authenticatedAt: number | undefined },
): Promise<{ identity: Identity | null }> {
  if (session.userId === undefined) return { identity: null };
  await keepSessionAlive(deps, session);
  const user = await findUser(deps, session.userId);
  return { identity: user ? { id: user.id, username: user.username, isAdmin: user.isAdmin } : null };
}
