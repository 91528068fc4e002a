import type { Kysely } from 'kysely';
import type { PaymentsDatabase } from './database';

/**
 * Demo data for the standalone mode; must be idempotent. Payments and webhook events only ever
 * come from checkouts, so there is nothing to seed in this schema.
 */
export async function seed(_db: Kysely<PaymentsDatabase>): Promise<void> {}
