import { type Account, type ConfirmEmailResponse, INVALID_EMAIL_LINK } from '@jesus-walks/contracts/account';
import type { Identity } from '@jesus-walks/contracts/common';
import { recordAudit } from '@jesus-walks/service-kit/audit';
import { badRequest, conflict, unauthorized } from '@jesus-walks/service-kit/errors';
import type { IdentityDeps } from '../../deps';
import { checkCurrentPassword } from '../auth/auth.service';
import {
  EMAIL_LINK_LIFETIME_HOURS,
  emailConfirmationOf,
  queueEmailChangedMail,
  queueEmailChangeMails,
  queueVerificationMail,
} from '../email-confirmations/email-confirmations.service';
import { accountKeyOf, assertWithinLimits, recordAttempt } from '../rate-limits/rate-limits.service';
import { endSessionByHandle, endSessionsOfUser, listSessionsOf } from '../sessions/sessions.service';
import {
  changeAccount,
  EMAIL_TAKEN,
  findAccount,
  findUserByEmailAddress,
  lockAccount,
  rememberPreviousEmail,
} from '../users/users.service';

/**
 * A member's own account (issue 23, /account): their name, their e-mail address (verified by a
 * link, changed only once a link sent to the new address is followed) and their sessions.
 */

type AccountDeps = Pick<IdentityDeps, 'db' | 'mailer' | 'links' | 'publicOrigin'>;

interface AccountRow {
  id: number;
  username: string;
  email: string;
  isVerified: boolean;
  name: string | null;
  pendingEmail: string | null;
  createdAt: Date;
}

function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    emailVerified: row.isVerified,
    name: row.name,
    pendingEmail: row.pendingEmail,
    createdAt: row.createdAt.toISOString(),
  };
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The account of the logged-in member; 401 when it is gone (like GET /api/auth/me). */
async function accountOf(deps: Pick<IdentityDeps, 'db'>, userId: number): Promise<AccountRow> {
  const row = await findAccount(deps, userId);
  if (!row) throw unauthorized();
  return row;
}

export async function getAccount(deps: Pick<IdentityDeps, 'db'>, userId: number): Promise<Account> {
  return toAccount(await accountOf(deps, userId));
}

/** Sets the member's display name; null (an empty one) clears it. */
export async function updateAccount(
  deps: Pick<IdentityDeps, 'db'>,
  input: { userId: number; name: string | null },
): Promise<Account> {
  const row = await changeAccount(deps, { userId: input.userId, changes: { name: input.name } });
  if (!row) throw unauthorized();
  return toAccount(row);
}

/**
 * A member asks for a new e-mail address. Their password first, with the answers and limits of
 * changing the password (checkCurrentPassword); then requests count per account
 * (limits.email_change), refused ones too, so a session cannot probe which addresses have
 * accounts. Not their address already (400), nor another account's (409). The new address is
 * stored as pending, and in the same transaction a link goes to it and a notice to the current
 * address. A newer request replaces the pending one: the older link stops working.
 */
export async function requestEmailChange(
  deps: AccountDeps,
  input: { caller: Identity; email: string; currentPassword: string; address: string },
): Promise<{ message: string }> {
  const { caller, email, address } = input;
  const accountKey = accountKeyOf(caller.id);
  await assertWithinLimits(deps, { kind: 'email_change', accountKey, address });
  await checkCurrentPassword(deps, { caller, currentPassword: input.currentPassword, address });
  await recordAttempt(deps, { kind: 'email_change', accountKey, address });
  const current = await accountOf(deps, caller.id);
  if (sameAddress(email, current.email)) throw badRequest('This is already your e-mail address.');
  const owner = await findUserByEmailAddress(deps, email);
  if (owner && owner.id !== caller.id) throw conflict(EMAIL_TAKEN);
  await deps.db.transaction().execute(async (trx) => {
    const account = await lockAccount({ db: trx }, caller.id);
    if (!account) throw unauthorized();
    await changeAccount({ db: trx }, { userId: account.id, changes: { pendingEmail: email } });
    await queueEmailChangeMails(deps, trx, { account, newEmail: email });
  });
  return {
    message: `We have sent a link to ${email}. Please open it within ${EMAIL_LINK_LIFETIME_HOURS} hours to confirm your new e-mail address; until then, your e-mail address stays ${current.email}.`,
  };
}

/** Sends a link to the member's own, not yet verified address to verify it; limited per account. */
export async function requestEmailVerification(
  deps: AccountDeps,
  input: { caller: Identity; address: string },
): Promise<{ message: string }> {
  const { caller, address } = input;
  const account = await accountOf(deps, caller.id);
  if (account.isVerified) throw badRequest('Your e-mail address is already verified.');
  const accountKey = accountKeyOf(caller.id);
  await assertWithinLimits(deps, { kind: 'email_verification', accountKey, address });
  await recordAttempt(deps, { kind: 'email_verification', accountKey, address });
  await deps.db.transaction().execute(async (trx) => {
    await queueVerificationMail(deps, trx, { account, welcome: false });
  });
  return {
    message: `We have sent a link to ${account.email}. Please open it within ${EMAIL_LINK_LIFETIME_HOURS} hours to confirm your e-mail address.`,
  };
}

/**
 * Follows an e-mail link, whoever opens it (no session needed: the link is the proof). The link's
 * address must be, now, the account's own (it becomes verified; again is no error) or the one it
 * asked for last (it becomes the account's address, verified; the old address is told; sessions
 * go on). Anything else, or a link forged, expired or replaced by a newer request: 400. The
 * address taken by another account meanwhile: 409. A change of address enters the activity
 * record, by the member: the address is what the admins' list of users shows and edits, and the
 * record answers who changed it, and when.
 */
export async function confirmEmail(deps: AccountDeps, token: string): Promise<ConfirmEmailResponse> {
  const confirmation = await emailConfirmationOf(deps, token);
  if (!confirmation) throw badRequest(INVALID_EMAIL_LINK);
  return deps.db.transaction().execute(async (trx) => {
    const account = await lockAccount({ db: trx }, confirmation.userId);
    // Read again under the account's lock: a newer request (which holds it) may have replaced it.
    if (!account || !(await emailConfirmationOf({ ...deps, db: trx }, token))) {
      throw badRequest(INVALID_EMAIL_LINK);
    }
    if (sameAddress(confirmation.email, account.email)) {
      if (account.isVerified) {
        return { email: account.email, message: 'Your e-mail address is already confirmed.' };
      }
      await changeAccount({ db: trx }, { userId: account.id, changes: { isVerified: true } });
      return { email: account.email, message: 'Thank you! Your e-mail address is confirmed.' };
    }
    if (!account.pendingEmail || !sameAddress(confirmation.email, account.pendingEmail)) {
      throw badRequest(INVALID_EMAIL_LINK);
    }
    const newEmail = account.pendingEmail;
    const owner = await findUserByEmailAddress({ db: trx }, newEmail);
    if (owner && owner.id !== account.id) throw conflict(EMAIL_TAKEN);
    await changeAccount(
      { db: trx },
      { userId: account.id, changes: { email: newEmail, isVerified: true, pendingEmail: null } },
    );
    if (account.isVerified)
      await rememberPreviousEmail({ db: trx }, { userId: account.id, email: account.email });
    await recordAudit(trx, {
      actor: { id: account.id, username: account.username },
      action: 'user.email_changed',
      target: { type: 'user', id: account.id, label: account.username },
      summary: `${account.username} changed their e-mail address`,
      changes: { email: { from: account.email, to: newEmail } },
    });
    await queueEmailChangedMail(deps, trx, { username: account.username, oldEmail: account.email, newEmail });
    return { email: newEmail, message: `Thank you! Your e-mail address is now ${newEmail}.` };
  });
}

/** The member's sessions, this request's first (sessions.service listSessionsOf). */
export async function listAccountSessions(
  deps: Pick<IdentityDeps, 'db'>,
  input: { userId: number; currentSid: string },
) {
  return listSessionsOf(deps, input);
}

/** 'Log out everywhere else': ends every session of the member but this request's. */
export async function endOtherSessions(
  deps: Pick<IdentityDeps, 'db'>,
  input: { userId: number; currentSid: string },
): Promise<{ ended: number }> {
  return { ended: await endSessionsOfUser(deps, { userId: input.userId, exceptSid: input.currentSid }) };
}

/** Ends one other session of the member, by the handle their list gave it. */
export async function endAccountSession(
  deps: Pick<IdentityDeps, 'db'>,
  input: { userId: number; currentSid: string; handle: string },
): Promise<{ ended: number }> {
  return { ended: await endSessionByHandle(deps, input) };
}
