import type { Kysely } from 'kysely';
import type { IdentityDatabase } from './database';

/**
 * Demo data for the standalone mode; must be idempotent. The first administrator is created here
 * by the accounts work (ADMIN_USERNAME / ADMIN_EMAIL / ADMIN_PASSWORD); until then there is nothing
 * to seed in this schema.
 */
export async function seed(_db: Kysely<IdentityDatabase>): Promise<void> {}
