import type {
  AdminUsersPage,
  AdminUsersQuery,
  CreateUserBody,
  InternalUser,
  UpdateUserBody,
} from '@jesus-walks/contracts/users';
import { type AuditActor, diffChanges, recordAudit } from '@jesus-walks/service-kit/audit';
import { businessRule, conflict, notFound } from '@jesus-walks/service-kit/errors';
import type { Transaction } from 'kysely';
import type { IdentityDatabase } from '../../db/database';
import type { IdentityDeps } from '../../deps';
import {
  type EmailLinkDeps,
  queueVerificationMail,
} from '../email-confirmations/email-confirmations.service';
import { hashPassword } from '../passwords/password-hasher';
import { assertWithinLimits, recordAttempt } from '../rate-limits/rate-limits.service';
import { endSessionsOfUser } from '../sessions/sessions.service';
import {
  anonymiseUser,
  clearPendingEmail,
  consumeResetToken,
  deletePreviousEmails,
  findAccountById,
  findAdmins,
  findCredentialsByLogin,
  findPasswordHash,
  findPersonalProfile,
  findUserByEmail,
  findUserById,
  findUserByUsername,
  findUserIdByResetToken,
  findUsersByIds,
  insertPreviousEmail,
  insertUser,
  listPreviousEmails,
  listUsers,
  lockAccountById,
  lockAdminIds,
  lockPersonalRow,
  lockUserById,
  searchUsers,
  setPassword,
  storeResetToken,
  updateAccount,
  updateUser,
} from './users.repository';

/** The database, or `{ db: trx }` inside a transaction the caller holds. */
type UsersDb = Pick<IdentityDeps, 'db'>;

/** Every user, for the admin's pickers (GET /api/users). */
export async function listAllUsers(deps: UsersDb) {
  return listUsers(deps.db);
}

/** A user as stored now; undefined when there is none. */
export async function findUser(deps: UsersDb, id: number) {
  return findUserById(deps.db, id);
}

/** A user for another service (GET /internal/users/{id}); 404 when there is none. */
export async function getUser(deps: UsersDb, id: number) {
  const user = await findUserById(deps.db, id);
  if (!user) throw notFound('User not found');
  return user;
}

/** Names and e-mails of many users for another service, in one query; unknown ids are left out. */
export async function lookupUsers(deps: UsersDb, ids: readonly number[]): Promise<InternalUser[]> {
  return findUsersByIds(deps.db, ids);
}

/** Every admin's name and e-mail, for another service's e-mails to the admins. */
export async function listAdmins(deps: UsersDb): Promise<InternalUser[]> {
  return findAdmins(deps.db);
}

const USERNAME_TAKEN = 'That username is already taken. Please choose another.';
export const EMAIL_TAKEN =
  'An account with that email already exists. Try logging in or resetting your password.';

/** Postgres unique violations on the users table, mapped to the message a person can act on. */
function conflictFromUniqueViolation(error: unknown): Error {
  const pgError = error as { code?: string; constraint?: string };
  if (pgError.code === '23505') {
    return conflict(pgError.constraint?.includes('email') ? EMAIL_TAKEN : USERNAME_TAKEN);
  }
  return error as Error;
}

async function assertAvailable(
  deps: UsersDb,
  fields: { username: string; email: string },
  exceptId?: number,
): Promise<void> {
  const [byUsername, byEmail] = await Promise.all([
    findUserByUsername(deps.db, fields.username),
    findUserByEmail(deps.db, fields.email),
  ]);
  if (byUsername && byUsername.id !== exceptId) throw conflict(USERNAME_TAKEN);
  if (byEmail && byEmail.id !== exceptId) throw conflict(EMAIL_TAKEN);
}

/** What adding a user needs: a registration e-mails the new member a link to verify their address. */
type CreateUserDeps = UsersDb & EmailLinkDeps;

/**
 * Creates a user. `admin` is the administrator adding them, or null for a registration: only an
 * admin's isAdmin is honoured, and only an admin's addition enters the activity record (in the
 * transaction of the insert, so a refused user leaves no entry). A registration queues, in that
 * transaction, the e-mail with the link that verifies the new member's address.
 */
export async function createUser(
  deps: CreateUserDeps,
  input: { user: CreateUserBody; admin: AuditActor | null },
) {
  const { user: body, admin } = input;
  await assertAvailable(deps, body);
  const passwordHash = await hashPassword(body.password);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const user = await insertUser(trx, {
        username: body.username,
        email: body.email,
        passwordHash,
        isAdmin: admin !== null && body.isAdmin === true,
      });
      if (admin) {
        await recordAudit(trx, {
          actor: admin,
          action: 'user.created',
          target: { type: 'user', id: user.id, label: user.username },
          summary: `Added user ${user.username}${user.isAdmin ? ' (admin)' : ''}`,
          changes: null,
        });
      } else {
        await queueVerificationMail(deps, trx, { account: user, welcome: true });
      }
      return user;
    });
  } catch (error) {
    throw conflictFromUniqueViolation(error);
  }
}

/**
 * A visitor registers (POST /api/users from anyone but an admin): limited per address, and never
 * an admin, whatever isAdmin says.
 */
export async function registerUser(deps: CreateUserDeps, input: { user: CreateUserBody; address: string }) {
  await assertWithinLimits(deps, { kind: 'registration', accountKey: null, address: input.address });
  await recordAttempt(deps, { kind: 'registration', accountKey: null, address: input.address });
  return createUser(deps, { user: input.user, admin: null });
}

/** What the activity record calls each field an admin can edit, in the summary's order. */
const editedFieldNames = {
  username: 'username',
  email: 'email',
  isAdmin: 'admin',
  password: 'password',
} as const;
const editedFields = Object.keys(editedFieldNames) as (keyof typeof editedFieldNames)[];

/** "Edited user ann: email, admin" (the name before the edit: the one the admin clicked). */
export function editSummary(usernameBefore: string, changedFields: readonly string[]): string {
  const names = editedFields.filter((field) => changedFields.includes(field)).map((f) => editedFieldNames[f]);
  return names.length > 0
    ? `Edited user ${usernameBefore}: ${names.join(', ')}`
    : `Saved user ${usernameBefore} without changes`;
}

/**
 * An admin edits a user. The last administrator cannot lose the admin flag (the site would have
 * nobody left to manage it); admins are locked while this is decided. The edit and its entry in
 * the activity record commit together. A new e-mail address is not verified (nobody has followed a
 * link sent to it) and replaces a new address the user had asked for.
 */
export async function updateUserAsAdmin(
  deps: UsersDb,
  input: { admin: AuditActor; id: number; changes: UpdateUserBody },
) {
  const { admin, id, changes: body } = input;
  await assertAvailable(deps, body, id);
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  try {
    const updated = await deps.db.transaction().execute(async (trx) => {
      const adminIds = await lockAdminIds(trx);
      if (!body.isAdmin && adminIds.length === 1 && adminIds[0] === id) {
        throw businessRule('This is the last administrator. Make another user an administrator first.');
      }
      const before = await lockUserById(trx, id);
      if (!before) throw notFound('User not found');
      const user = await updateUser(trx, id, { ...body, ...(passwordHash ? { passwordHash } : {}) });
      if (!user) throw notFound('User not found');
      if (before.isVerified && before.email.toLowerCase() !== user.email.toLowerCase()) {
        await insertPreviousEmail(trx, id, before.email);
      }
      // The old hash is never read: a given password always counts as changed, shown without a value.
      const changes = diffChanges(
        { ...before, password: null as string | null },
        {
          username: user.username,
          email: user.email,
          isAdmin: user.isAdmin,
          ...(passwordHash ? { password: passwordHash } : {}),
        },
        editedFields,
      );
      await recordAudit(trx, {
        actor: admin,
        action: 'user.updated',
        target: { type: 'user', id, label: user.username },
        summary: editSummary(before.username, Object.keys(changes)),
        changes,
      });
      return user;
    });
    // A password set by an admin ends the user's sessions everywhere.
    if (passwordHash) await endSessionsOfUser(deps, { userId: id });
    return updated;
  } catch (error) {
    throw conflictFromUniqueViolation(error);
  }
}

/** The dashboard's page of users (GET /api/admin/users). */
export async function listUsersPage(deps: UsersDb, query: AdminUsersQuery): Promise<AdminUsersPage> {
  const { items, total } = await searchUsers(deps.db, query);
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/**
 * The first administrator from ADMIN_USERNAME / ADMIN_EMAIL / ADMIN_PASSWORD, created at start-up
 * when no user has that username. An existing account is never changed.
 */
export async function ensureConfiguredAdmin(
  deps: UsersDb,
  admin: { username?: string | undefined; email?: string | undefined; password?: string | undefined },
): Promise<'created' | 'exists' | 'not-configured'> {
  if (!admin.username || !admin.email || !admin.password) return 'not-configured';
  if (await findUserByUsername(deps.db, admin.username)) return 'exists';
  try {
    await insertUser(deps.db, {
      username: admin.username,
      email: admin.email.toLowerCase(),
      passwordHash: await hashPassword(admin.password),
      isAdmin: true,
    });
    return 'created';
  } catch (error) {
    // Another replica created it at the same moment.
    if ((error as { code?: string }).code === '23505') return 'exists';
    throw error;
  }
}

/*
 * Credentials and reset tokens: the password flows of the auth module reach the users table
 * through these.
 */

/** The account behind a login name (a username in any case, or an e-mail), with its password hash. */
export async function findCredentials(deps: UsersDb, login: string) {
  return findCredentialsByLogin(deps.db, login);
}

/** The user with this e-mail (any case); undefined when there is none. */
export async function findUserByEmailAddress(deps: UsersDb, email: string) {
  return findUserByEmail(deps.db, email);
}

export async function passwordHashOf(deps: UsersDb, userId: number): Promise<string | undefined> {
  return findPasswordHash(deps.db, userId);
}

export async function setUserPassword(
  deps: UsersDb,
  input: { userId: number; passwordHash: string },
): Promise<void> {
  await setPassword(deps.db, input.userId, input.passwordHash);
}

/** Stores a reset token (its hash, never the token) valid until `expiresAt`. */
export async function storePasswordResetToken(
  deps: UsersDb,
  input: { userId: number; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await storeResetToken(deps.db, input.userId, input.tokenHash, input.expiresAt);
}

/** The user a reset token (its hash) belongs to, while the token is valid. */
export async function userIdOfResetToken(deps: UsersDb, tokenHash: string): Promise<number | undefined> {
  return findUserIdByResetToken(deps.db, tokenHash);
}

/**
 * Uses a reset token: sets the new password and clears the token at once, so a token works once
 * even when two requests race. The user's id, or undefined for a token unknown, used or expired.
 */
export async function consumePasswordResetToken(
  deps: UsersDb,
  input: { tokenHash: string; passwordHash: string },
): Promise<number | undefined> {
  return consumeResetToken(deps.db, input.tokenHash, input.passwordHash);
}

/*
 * A member's own account (the account module's /api/account routes) reaches the users table
 * through these.
 */

/** The account as its owner sees it; undefined when there is none. */
export async function findAccount(deps: UsersDb, userId: number) {
  return findAccountById(deps.db, userId);
}

/** The account, locked until the caller's transaction ends; undefined when there is none. */
export async function lockAccount(deps: { db: Transaction<IdentityDatabase> }, userId: number) {
  return lockAccountById(deps.db, userId);
}

/**
 * Changes a member's display name, e-mail address, its verification or the new address asked
 * for; answers the account after (undefined when there is none). A unique violation (the address
 * taken meanwhile) is the 409 a person can act on.
 */
export async function changeAccount(
  deps: UsersDb,
  input: {
    userId: number;
    changes: { name?: string | null; email?: string; isVerified?: boolean; pendingEmail?: string | null };
  },
) {
  try {
    return await updateAccount(deps.db, input.userId, input.changes);
  } catch (error) {
    throw conflictFromUniqueViolation(error);
  }
}

/** Forgets the new address an account asked for; answers its current address (undefined: none). */
export async function forgetPendingEmail(deps: UsersDb, userId: number): Promise<string | undefined> {
  return clearPendingEmail(deps.db, userId);
}

/**
 * Keeps the address an account had before a change, when it was verified (the member proved it
 * theirs): a download or an erasure reaches what other services keep by it. `db` may be a
 * transaction.
 */
export async function rememberPreviousEmail(
  deps: UsersDb,
  input: { userId: number; email: string },
): Promise<void> {
  await insertPreviousEmail(deps.db, input.userId, input.email);
}

/*
 * A member's data (the privacy module): their download and the deletion of their account.
 */

/** Every column of the account its owner may see (never the password hash or a reset token). */
export async function personalProfileOf(deps: UsersDb, userId: number) {
  return findPersonalProfile(deps.db, userId);
}

/** The verified addresses the account had before its current one, the newest first. */
export async function previousEmailsOf(deps: UsersDb, userId: number) {
  return listPreviousEmails(deps.db, userId);
}

/**
 * The account about to be deleted, locked with every administrator (in the order an admin's edit
 * locks them), so that two deletions cannot leave the site without one. Undefined when there is
 * no such account (or it is deleted already).
 */
export async function lockAccountForDeletion(deps: { db: Transaction<IdentityDatabase> }, userId: number) {
  const adminIds = await lockAdminIds(deps.db);
  const account = await lockPersonalRow(deps.db, userId);
  return account ? { account, adminIds } : undefined;
}

/** The anonymous name and address a deleted account is left with. */
export const deletedUsernameOf = (userId: number) => `deleted-${userId}`;
export const deletedEmailOf = (userId: number) => `deleted-${userId}@deleted.invalid`;
/** Not an argon2 hash: verifying any password against it fails. */
const UNUSABLE_PASSWORD = '!account-deleted';

/**
 * Leaves a deleted account's row anonymised (users.repository anonymiseUser) and forgets the
 * addresses it had.
 */
export async function anonymiseAccount(deps: { db: Transaction<IdentityDatabase> }, userId: number) {
  await anonymiseUser(deps.db, userId, {
    username: deletedUsernameOf(userId),
    email: deletedEmailOf(userId),
    password: UNUSABLE_PASSWORD,
  });
  await deletePreviousEmails(deps.db, userId);
}
