import { createHash, randomBytes } from 'node:crypto';
import type { ChangePasswordBody, LoginBody, ResetPasswordBody } from '@jesus-walks/contracts/auth';
import type { Identity } from '@jesus-walks/contracts/common';
import { recordAudit } from '@jesus-walks/service-kit/audit';
import { badRequest, DomainError } from '@jesus-walks/service-kit/errors';
import type { Mailer } from '@jesus-walks/service-kit/mailer';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../../db/database';
import { hashPassword, verifyDecoy, verifyPassword } from '../passwords/password-hasher';
import {
  accountKeyOf,
  assertLoginAllowed,
  assertWithinLimits,
  clearAccountAttempts,
  recordAttempt,
  unknownLoginKeyOf,
} from '../rate-limits/rate-limits.service';
import { deleteSessionsOfUser } from '../sessions/sessions.repository';
import {
  consumeResetToken,
  findCredentialsByLogin,
  findPasswordHash,
  findUserByEmail,
  findUserIdByResetToken,
  setPassword,
  storeResetToken,
} from '../users/users.repository';

export const INVALID_CREDENTIALS = 'Invalid username or password';
export const INVALID_RESET_TOKEN = 'The reset link is invalid or expired.';
export const FORGOT_PASSWORD_ANSWER =
  'If an account exists for that email, we have sent a link to reset the password.';
const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/** Reset tokens are stored only as their SHA-256: a leaked table gives nobody a usable link. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Checks the credentials. Failures count per account and address together, and per address
 * (rate-limits.service loginLimits): a stranger failing at an account slows only themselves, never
 * the owner logging in from their own address.
 */
export async function authenticate(db: Kysely<IdentityDatabase>, body: LoginBody, address: string) {
  const account = await findCredentialsByLogin(db, body.username);
  const accountKey = account ? accountKeyOf(account.id) : unknownLoginKeyOf(body.username);
  await assertLoginAllowed(db, accountKey, address);
  const valid = account
    ? await verifyPassword(account.password, body.password)
    : await verifyDecoy(body.password);
  if (!account || !valid) {
    await recordAttempt(db, { kind: 'login_failure', accountKey, address });
    throw new DomainError('unauthorized', INVALID_CREDENTIALS);
  }
  // Only this address's failures: the owner logging in must not hand an attacker fresh guesses.
  await clearAccountAttempts(db, 'login_failure', accountKey, address);
  return { id: account.id, username: account.username, email: account.email, isAdmin: account.isAdmin };
}

/**
 * Starts a password reset. The answer is the same whether or not the e-mail has an account; the
 * e-mail is queued in the transaction that stores the token and goes out in the background, so
 * the timing does not tell either (and the answer never waits on SMTP). Returns the token only for
 * the caller to expose in development.
 */
export async function requestPasswordReset(
  db: Kysely<IdentityDatabase>,
  deps: { mailer: Mailer; publicOrigin: string },
  email: string,
  address: string,
): Promise<string | undefined> {
  await assertWithinLimits(db, 'forgot_password', email, address);
  await recordAttempt(db, { kind: 'forgot_password', accountKey: email, address });
  const user = await findUserByEmail(db, email);
  if (!user) return undefined;
  const token = randomBytes(32).toString('base64url');
  const link = `${deps.publicOrigin.replace(/\/+$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
  await db.transaction().execute(async (trx) => {
    await storeResetToken(
      trx,
      user.id,
      hashResetToken(token),
      new Date(Date.now() + RESET_TOKEN_LIFETIME_MS),
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
 * Sets a new password with a reset token (once, within the hour) and ends every session of the
 * user. The token is checked before the new password is hashed: a made-up token costs the server
 * one indexed lookup, never an argon2 hash. Failures count per address.
 */
export async function resetPassword(db: Kysely<IdentityDatabase>, body: ResetPasswordBody, address: string) {
  await assertWithinLimits(db, 'reset_password', null, address);
  const tokenHash = hashResetToken(body.token);
  const refuse = async () => {
    await recordAttempt(db, { kind: 'reset_password', accountKey: null, address });
    return badRequest(INVALID_RESET_TOKEN);
  };
  if ((await findUserIdByResetToken(db, tokenHash)) === undefined) throw await refuse();
  // Consumed atomically: of two requests racing with one token, only one sets its password.
  const userId = await consumeResetToken(db, tokenHash, await hashPassword(body.newPassword));
  if (userId === undefined) throw await refuse();
  await deleteSessionsOfUser(db, userId);
}

/**
 * Changes the password of a logged-in user; their other sessions end. Wrong current passwords
 * count per account (limits.change_password): a session alone cannot be used to guess it. An
 * administrator's change enters the activity record with it (never the password itself).
 */
export async function changePassword(
  db: Kysely<IdentityDatabase>,
  caller: Identity,
  body: ChangePasswordBody,
  currentSid: string,
  address: string,
) {
  const accountKey = accountKeyOf(caller.id);
  await assertWithinLimits(db, 'change_password', accountKey, address);
  const stored = await findPasswordHash(db, caller.id);
  if (!stored || !(await verifyPassword(stored, body.currentPassword))) {
    await recordAttempt(db, { kind: 'change_password', accountKey, address });
    throw badRequest('Current password is incorrect');
  }
  await clearAccountAttempts(db, 'change_password', accountKey);
  const passwordHash = await hashPassword(body.newPassword);
  await db.transaction().execute(async (trx) => {
    await setPassword(trx, caller.id, passwordHash);
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
  await deleteSessionsOfUser(db, caller.id, currentSid);
}
