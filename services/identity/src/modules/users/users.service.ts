import type {
  AdminUsersPage,
  AdminUsersQuery,
  CreateUserBody,
  InternalUser,
  UpdateUserBody,
} from '@jesus-walks/contracts/users';
import { type AuditActor, diffChanges, recordAudit } from '@jesus-walks/service-kit/audit';
import { businessRule, conflict, notFound } from '@jesus-walks/service-kit/errors';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../../db/database';
import { hashPassword } from '../passwords/password-hasher';
import { deleteSessionsOfUser } from '../sessions/sessions.repository';
import {
  findUserByEmail,
  findUserByUsername,
  findUsersByIds,
  insertUser,
  lockAdminIds,
  lockUserById,
  searchUsers,
  updateUser,
} from './users.repository';

/** Names and e-mails of many users for another service, in one query; unknown ids are left out. */
export async function lookupUsers(
  db: Kysely<IdentityDatabase>,
  ids: readonly number[],
): Promise<InternalUser[]> {
  return findUsersByIds(db, ids);
}

const USERNAME_TAKEN = 'That username is already taken. Please choose another.';
const EMAIL_TAKEN = 'An account with that email already exists. Try logging in or resetting your password.';

/** Postgres unique violations on the users table, mapped to the message a person can act on. */
function conflictFromUniqueViolation(error: unknown): Error {
  const pgError = error as { code?: string; constraint?: string };
  if (pgError.code === '23505') {
    return conflict(pgError.constraint?.includes('email') ? EMAIL_TAKEN : USERNAME_TAKEN);
  }
  return error as Error;
}

async function assertAvailable(
  db: Kysely<IdentityDatabase>,
  fields: { username: string; email: string },
  exceptId?: number,
): Promise<void> {
  const [byUsername, byEmail] = await Promise.all([
    findUserByUsername(db, fields.username),
    findUserByEmail(db, fields.email),
  ]);
  if (byUsername && byUsername.id !== exceptId) throw conflict(USERNAME_TAKEN);
  if (byEmail && byEmail.id !== exceptId) throw conflict(EMAIL_TAKEN);
}

/**
 * Creates a user. `admin` is the administrator adding them, or null for a registration: only an
 * admin's isAdmin is honoured, and only an admin's addition enters the activity record (in the
 * transaction of the insert, so a refused user leaves no entry).
 */
export async function createUser(
  db: Kysely<IdentityDatabase>,
  body: CreateUserBody,
  admin: AuditActor | null,
) {
  await assertAvailable(db, body);
  const passwordHash = await hashPassword(body.password);
  try {
    return await db.transaction().execute(async (trx) => {
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
      }
      return user;
    });
  } catch (error) {
    throw conflictFromUniqueViolation(error);
  }
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
 * the activity record commit together.
 */
export async function updateUserAsAdmin(
  db: Kysely<IdentityDatabase>,
  admin: AuditActor,
  id: number,
  body: UpdateUserBody,
) {
  await assertAvailable(db, body, id);
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  try {
    const updated = await db.transaction().execute(async (trx) => {
      const adminIds = await lockAdminIds(trx);
      if (!body.isAdmin && adminIds.length === 1 && adminIds[0] === id) {
        throw businessRule('This is the last administrator. Make another user an administrator first.');
      }
      const before = await lockUserById(trx, id);
      if (!before) throw notFound('User not found');
      const user = await updateUser(trx, id, { ...body, ...(passwordHash ? { passwordHash } : {}) });
      if (!user) throw notFound('User not found');
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
    if (passwordHash) await deleteSessionsOfUser(db, id);
    return updated;
  } catch (error) {
    throw conflictFromUniqueViolation(error);
  }
}

/** The dashboard's page of users (GET /api/admin/users). */
export async function listUsersPage(
  db: Kysely<IdentityDatabase>,
  query: AdminUsersQuery,
): Promise<AdminUsersPage> {
  const { items, total } = await searchUsers(db, query);
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/**
 * The first administrator from ADMIN_USERNAME / ADMIN_EMAIL / ADMIN_PASSWORD, created at start-up
 * when no user has that username. An existing account is never changed.
 */
export async function ensureConfiguredAdmin(
  db: Kysely<IdentityDatabase>,
  admin: { username?: string | undefined; email?: string | undefined; password?: string | undefined },
): Promise<'created' | 'exists' | 'not-configured'> {
  if (!admin.username || !admin.email || !admin.password) return 'not-configured';
  if (await findUserByUsername(db, admin.username)) return 'exists';
  try {
    await insertUser(db, {
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
