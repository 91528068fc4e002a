import { type Kysely, sql } from 'kysely';
import type { ContentAndEventsDatabase } from '../../db/database';

export interface EventChange {
  id: number;
  changedAt: Date;
}

/** Events that still have a page (not cancelled), with when each last changed. */
export async function listEventChanges(db: Kysely<ContentAndEventsDatabase>): Promise<EventChange[]> {
  return db
    .selectFrom('events')
    .select(['id', sql<Date>`greatest(created_at, updated_at)`.as('changedAt')])
    .where('cancelledAt', 'is', null)
    .orderBy('id')
    .execute();
}

/**
 * The latest change to any event: edited, cancelled, or deleted (a deleted event leaves no row,
 * only its entry in the activity record).
 */
export async function latestEventsChange(db: Kysely<ContentAndEventsDatabase>): Promise<Date | null> {
  const { rows } = await sql<{ latest: Date | null }>`
    select greatest(
      (select max(greatest(created_at, updated_at)) from events),
      (select max(occurred_at) from audit_log where target_type = 'event')
    ) as latest`.execute(db);
  return rows[0]?.latest ?? null;
}
