import { MAX_ROW_ID } from '@jesus-walks/contracts/common';
import type { AdminUsersQuery } from '@jesus-walks/contracts/users';
import { containsPattern } from '@jesus-walks/service-kit/database';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { IdentityDatabase } from '../../db/database';

type Db = Kysely<IdentityDatabase> | Transaction<IdentityDatabase>;

const publicColumns = ['id', 'username', 'email', 'isAdmin', 'isVerified'] as const;

/*
 * A deleted account's row stays, anonymised (account-deletion.service): every lookup below treats
 * it as unknown (`live`), so it never logs in, is never listed and never answers another service.
 */
const live = 'deletedAt' as const;

export async function listUsers(db: Db) {
  return db.selectFrom('users').select(publicColumns).where(live, 'is', null).orderBy('id').execute();
}

/**
 * The admin list's page: by id, `q` anywhere in the username or e-mail (any case) or, when it is
 * a number, the id itself; `role` admins or members. The total counts every match.
 */
export async function searchUsers(db: Db, query: AdminUsersQuery) {
  let matching = db.selectFrom('users').where(live, 'is', null);
  if (query.q) {
    const words = containsPattern(query.q);
    const id = /^[0-9]{1,10}$/.test(query.q) ? Number(query.q) : null;
    matching = matching.where((eb) =>
      eb.or([
        eb('username', 'ilike', words),
        eb('email', 'ilike', words),
        ...(id !== null && id <= MAX_ROW_ID ? [eb('id', '=', id)] : []),
      ]),
    );
  }
  if (query.role) matching = matching.where('isAdmin', '=', query.role === 'admin');
  const [items, count] = await Promise.all([
    matching
      .select(publicColumns)
      .orderBy('id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    matching.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.total) };
}

export async function findUserById(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select(publicColumns)
    .where('id', '=', id)
    .where(live, 'is', null)
    .executeTakeFirst();
}

/** Users with these ids (unknown ids are simply absent), in id order: one query for many. */
export async function findUsersByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email'])
    .where('id', 'in', [...new Set(ids)])
    .where(live, 'is', null)
    .orderBy('id')
    .execute();
}

/** Every admin's name and e-mail, in id order. */
export async function findAdmins(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email'])
    .where('isAdmin', '=', true)
    .orderBy('id')
    .execute();
}

/** The account behind a login name: a username (any case) or an e-mail. */
export async function findCredentialsByLogin(db: Db, login: string) {
  const lowered = login.toLowerCase();
  return db
    .selectFrom('users')
    .select([...publicColumns, 'password'])
    .where(live, 'is', null)
    .where((eb) => eb.or([eb(sql`lower(username)`, '=', lowered), eb(sql`lower(email)`, '=', lowered)]))
    .executeTakeFirst();
}

export async function findPasswordHash(db: Db, id: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('password')
    .where('id', '=', id)
    .where(live, 'is', null)
    .executeTakeFirst();
  return row?.password;
}

export async function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(publicColumns)
    .where(live, 'is', null)
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function findUserByUsername(db: Db, username: string) {
  return db
    .selectFrom('users')
    .select(publicColumns)
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export async function insertUser(
  db: Db,
  user: { username: string; email: string; passwordHash: string; isAdmin: boolean },
) {
  return db
    .insertInto('users')
    .values({
      username: user.username,
      email: user.email,
      password: user.passwordHash,
      isAdmin: user.isAdmin,
    })
    .returning(publicColumns)
    .executeTakeFirstOrThrow();
}

/**
 * An admin's edit. A new e-mail address (other than the stored one in any case) is not verified,
 * and replaces any new address the user had asked for.
 */
export async function updateUser(
  db: Db,
  id: number,
  changes: { username: string; email: string; isAdmin: boolean; passwordHash?: string },
) {
  const sameEmail = sql<boolean>`lower(email) = lower(${changes.email})`;
  return db
    .updateTable('users')
    .set({
      username: changes.username,
      email: changes.email,
      isAdmin: changes.isAdmin,
      isVerified: sql<boolean>`is_verified and ${sameEmail}`,
      pendingEmail: sql<string | null>`case when ${sameEmail} then pending_email end`,
      ...(changes.passwordHash ? { password: changes.passwordHash } : {}),
      updatedAt: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .returning(publicColumns)
    .executeTakeFirst();
}

export async function setPassword(db: Db, id: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password: passwordHash, updatedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** The user as it is before an edit, locked until the transaction ends. */
export async function lockUserById(trx: Transaction<IdentityDatabase>, id: number) {
  return trx
    .selectFrom('users')
    .select(publicColumns)
    .where('id', '=', id)
    .where(live, 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/** Ids of every admin, locked until the transaction ends, so two demotions cannot both pass. */
export async function lockAdminIds(trx: Transaction<IdentityDatabase>): Promise<number[]> {
  const rows = await trx.selectFrom('users').select('id').where('isAdmin', '=', true).forUpdate().execute();
  return rows.map((row) => row.id);
}

export async function countAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('isAdmin', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function storeResetToken(db: Db, id: number, tokenHash: string, expiresAt: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ resetToken: tokenHash, resetTokenExpiry: expiresAt })
    .where('id', '=', id)
    .execute();
}

/** The user a reset token (its hash) belongs to, while the token is valid. */
export async function findUserIdByResetToken(db: Db, tokenHash: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('resetToken', '=', tokenHash)
    .where('resetTokenExpiry', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.id;
}

/**
 * Uses a reset token: sets the new password and clears the token in one statement, so a token
 * works once even when two requests race. Returns the user's id, or undefined when the token is
 * unknown, used or expired.
 */
export async function consumeResetToken(
  db: Db,
  tokenHash: string,
  passwordHash: string,
): Promise<number | undefined> {
  const row = await db
    .updateTable('users')
    .set({ password: passwordHash, resetToken: null, resetTokenExpiry: null, updatedAt: sql<Date>`now()` })
    .where('resetToken', '=', tokenHash)
    .where('resetTokenExpiry', '>', sql<Date>`now()`)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** What a member's own page shows of their account (account.service maps it to the contract). */
const accountColumns = [
  'id',
  'username',
  'email',
  'isVerified',
  'name',
  'pendingEmail',
  'createdAt',
] as const;

export async function findAccountById(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select(accountColumns)
    .where('id', '=', id)
    .where(live, 'is', null)
    .executeTakeFirst();
}

/** The account as it is now, locked until the transaction ends. */
export async function lockAccountById(trx: Transaction<IdentityDatabase>, id: number) {
  return trx
    .selectFrom('users')
    .select(accountColumns)
    .where('id', '=', id)
    .where(live, 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Changes what a member may change of their own account: the display name, the e-mail address
 * and whether it is verified, the new address asked for. Answers the account as it is after.
 */
export async function updateAccount(
  db: Db,
  id: number,
  changes: { name?: string | null; email?: string; isVerified?: boolean; pendingEmail?: string | null },
) {
  return db
    .updateTable('users')
    .set({ ...changes, updatedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .returning(accountColumns)
    .executeTakeFirst();
}

/** Forgets the new address an account asked for. Answers its address (undefined: no such account). */
export async function clearPendingEmail(db: Db, id: number): Promise<string | undefined> {
  const row = await db
    .updateTable('users')
    .set({ pendingEmail: null })
    .where('id', '=', id)
    .returning('email')
    .executeTakeFirst();
  return row?.email;
}

/*
 * A member's data (privacy): what the download shows of the users table, the addresses an account
 * had, and the anonymisation of a deleted account.
 */

/** Every column a member may see of their own row: never the password hash or the reset token. */
export async function findPersonalProfile(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'username',
      'email',
      'isVerified',
      'isAdmin',
      'name',
      'pendingEmail',
      'phone',
      'address',
      'city',
      'state',
      'postalCode',
      'country',
      'profilePicture',
      'notes',
      'socialProfiles',
      'createdAt',
      'updatedAt',
    ])
    .where('id', '=', id)
    .where(live, 'is', null)
    .executeTakeFirst();
}

/** Keeps an address the account had before its current one (a verified one only). */
export async function insertPreviousEmail(db: Db, userId: number, email: string): Promise<void> {
  await db.insertInto('previousEmails').values({ userId, email }).execute();
}

/** The addresses an account had before its current one, the newest first. */
export async function listPreviousEmails(db: Db, userId: number) {
  return db
    .selectFrom('previousEmails')
    .select(['email', 'replacedAt'])
    .where('userId', '=', userId)
    .orderBy('replacedAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function deletePreviousEmails(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('previousEmails').where('userId', '=', userId).execute();
}

/** The full row of an account about to be deleted (its personal columns), locked. */
export async function lockPersonalRow(trx: Transaction<IdentityDatabase>, id: number) {
  return trx
    .selectFrom('users')
    .select(['id', 'username', 'email', 'isVerified', 'isAdmin', 'name', 'pendingEmail', 'phone'])
    .where('id', '=', id)
    .where(live, 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Anonymises a deleted account's row: a name and an address that are nobody's, a password no
 * input matches (not an argon2 hash at all), no admin flag, and every other personal column
 * emptied. The row stays for the ids other services and the activity record hold.
 */
export async function anonymiseUser(
  trx: Transaction<IdentityDatabase>,
  id: number,
  anonymous: { username: string; email: string; password: string },
): Promise<void> {
  await trx
    .updateTable('users')
    .set({
      username: anonymous.username,
      email: anonymous.email,
      password: anonymous.password,
      isAdmin: false,
      isVerified: false,
      name: null,
      pendingEmail: null,
      phone: null,
      address: null,
      city: null,
      state: null,
      postalCode: null,
      country: null,
      profilePicture: null,
      notes: null,
      socialProfiles: {},
      resetToken: null,
      resetTokenExpiry: null,
      deletedAt: sql<Date>`now()`,
      updatedAt: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}
