import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../../db/database';

const publicColumns = ['id', 'username', 'email', 'isAdmin', 'isVerified'] as const;

export async function listUsers(db: Kysely<IdentityDatabase>) {
  return db.selectFrom('users').select(publicColumns).orderBy('id').execute();
}

export async function findUserById(db: Kysely<IdentityDatabase>, id: number) {
  return db.selectFrom('users').select(publicColumns).where('id', '=', id).executeTakeFirst();
}
