import { createIdempotencyKeysTableV1, dropIdempotencyKeysTable } from '@jesus-walks/service-kit/kit-tables';
import type { Kysely } from 'kysely';

// Frozen: migrations never import application code (the kit's table helpers are frozen too).
export async function up(db: Kysely<unknown>): Promise<void> {
  // The first answer to a request carrying an Idempotency-Key, replayed for its retries.
  await createIdempotencyKeysTableV1(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropIdempotencyKeysTable(db);
}
