import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { ContentAndEventsDatabase, EventSeriesTable } from '../../db/database';

type Db = Kysely<ContentAndEventsDatabase> | Transaction<ContentAndEventsDatabase>;

/** A series row, its end date as the valley day's text ('2030-06-29'), never a Date at midnight somewhere. */
export type SeriesRow = Omit<Selectable<EventSeriesTable>, 'endsOn'> & { endsOn: string | null };

function seriesRows(db: Db) {
  return db
    .selectFrom('eventSeries')
    .select([
      'id',
      'title',
      'frequency',
      'weekday',
      'weekOfMonth',
      'timeOfDay',
      'walkCount',
      'templateEventId',
      'createdById',
      'createdByUsername',
      'createdAt',
      sql<string | null>`to_char(ends_on, 'YYYY-MM-DD')`.as('endsOn'),
    ]);
}

export async function insertSeries(db: Db, values: Insertable<EventSeriesTable>): Promise<number> {
  const row = await db.insertInto('eventSeries').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function findSeries(db: Db, id: number): Promise<SeriesRow | undefined> {
  return seriesRows(db).where('id', '=', id).executeTakeFirst();
}

/** Every series, newest first. */
export async function listSeries(db: Db): Promise<SeriesRow[]> {
  return seriesRows(db).orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
}

export async function findSeriesByIds(db: Db, ids: readonly number[]): Promise<SeriesRow[]> {
  if (ids.length === 0) return [];
  return seriesRows(db)
    .where('id', 'in', [...ids])
    .execute();
}

/** Whether a series was made from this walk (the seed makes its demo series once). */
export async function hasSeriesFromTemplate(db: Db, templateEventId: number): Promise<boolean> {
  const row = await db
    .selectFrom('eventSeries')
    .select('id')
    .where('templateEventId', '=', templateEventId)
    .executeTakeFirst();
  return row !== undefined;
}
