import {
  createTakeRateLimitFunctionV1,
  dropTakeRateLimitFunction,
} from '@jesus-walks/service-kit/kit-tables';
import type { Kysely } from 'kysely';

// Frozen: migrations never import application code (the kit's table helpers are frozen too).
export async function up(db: Kysely<unknown>): Promise<void> {
  // service-kit's takeRateLimit: lock, count and record a rate-limited action in one statement.
  await createTakeRateLimitFunctionV1(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTakeRateLimitFunction(db);
}
