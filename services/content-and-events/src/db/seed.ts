import type { Kysely } from 'kysely';
import type { ContentAndEventsDatabase } from './database';

/**
 * Demo data for the standalone mode; must be idempotent. The demo events arrive with the events
 * work; until then there is nothing to seed in this schema.
 */
export async function seed(_db: Kysely<ContentAndEventsDatabase>): Promise<void> {}
