import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type {
  CheckInOperationKindColumn,
  CheckInOperationsTable,
  ContentAndEventsDatabase,
} from '../../db/database';

type Db = Kysely<ContentAndEventsDatabase> | Transaction<ContentAndEventsDatabase>;

export type CheckInOperationRow = Selectable<CheckInOperationsTable>;

export async function findOperation(db: Db, id: string): Promise<CheckInOperationRow | undefined> {
  return db.selectFrom('checkInOperations').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Stores an operation once: `madeAt` is the phone's time, never later than now (a phone whose
 * clock runs ahead cannot put its taps after everyone else's). Answers false when its id was
 * stored already (the same operation sent again).
 */
export async function insertOperation(
  trx: Transaction<ContentAndEventsDatabase>,
  operation: {
    id: string;
    eventId: number;
    registrationId: number;
    kind: CheckInOperationKindColumn;
    madeAt: Date;
    leaderId: number;
    present: number | null;
  },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('checkInOperations')
    .values({ ...operation, madeAt: sql<Date>`least(${operation.madeAt}::timestamptz, now())` })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** A registration's operations in the order they decide its state: by the time made, then by id. */
export async function operationsOf(db: Db, registrationId: number): Promise<CheckInOperationRow[]> {
  return db
    .selectFrom('checkInOperations')
    .selectAll()
    .where('registrationId', '=', registrationId)
    .orderBy('madeAt')
    .orderBy('id')
    .execute();
}
