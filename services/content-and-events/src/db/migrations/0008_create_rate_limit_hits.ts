import { createRateLimitHitsTableV1, dropRateLimitHitsTable } from '@jesus-walks/service-kit/kit-tables';
import type { Kysely } from 'kysely';

// Frozen: migrations never import application code (the kit's table helpers are frozen too).
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per counted action (a guest registration, a newsletter sign-up) of a client: per
  // address, per address and event, per member. Counted over a sliding window, kept for a day.
  // Databases migrated before issue 21 got the key column with the default collation here and
  // 0010 made it collate "C"; the kit's table, created here since, has collate "C" already (0010
  // then changes nothing), so every database ends with the same table.
  await createRateLimitHitsTableV1(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropRateLimitHitsTable(db);
}
