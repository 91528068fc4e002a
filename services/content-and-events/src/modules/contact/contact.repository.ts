import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type {
  ContactMessageStatusColumn,
  ContactMessagesTable,
  ContactRepliesTable,
  ContentAndEventsDatabase,
} from '../../db/database';

type Db = Kysely<ContentAndEventsDatabase>;

export type ContactMessageRow = Selectable<ContactMessagesTable>;
export type ContactReplyRow = Selectable<ContactRepliesTable>;

export async function insertContactMessage(
  db: Db,
  values: Insertable<ContactMessagesTable>,
): Promise<ContactMessageRow> {
  return db.insertInto('contactMessages').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findContactMessage(db: Db, id: number): Promise<ContactMessageRow | undefined> {
  return db.selectFrom('contactMessages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The message, locked until the transaction ends (two admins acting on it at once take turns). */
export async function lockContactMessage(db: Db, id: number): Promise<ContactMessageRow | undefined> {
  return db.selectFrom('contactMessages').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function setContactMessageStatus(
  db: Db,
  id: number,
  status: ContactMessageStatusColumn,
  admin: { id: number; username: string },
): Promise<ContactMessageRow> {
  const done = status === 'done';
  return db
    .updateTable('contactMessages')
    .set({
      status,
      doneAt: done ? sql<Date>`now()` : null,
      doneById: done ? admin.id : null,
      doneByUsername: done ? admin.username : null,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertContactReply(
  db: Db,
  values: Insertable<ContactRepliesTable>,
): Promise<ContactReplyRow> {
  return db.insertInto('contactReplies').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The replies to these messages, oldest first: one query for a page of messages. */
export async function findRepliesOf(db: Db, messageIds: readonly number[]): Promise<ContactReplyRow[]> {
  if (messageIds.length === 0) return [];
  return db
    .selectFrom('contactReplies')
    .selectAll()
    .where('messageId', 'in', [...messageIds])
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

export interface ContactMessageFilter {
  status?: ContactMessageStatusColumn | undefined;
  /** Lower-cased; plain text (% and _ match themselves). */
  search?: string | undefined;
}

function matchingMessages(db: Db, filter: ContactMessageFilter) {
  let query = db.selectFrom('contactMessages');
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.search) {
    query = query.where(
      sql<boolean>`strpos(lower(name || ' ' || email || ' ' || subject || ' ' || message), ${filter.search}) > 0`,
    );
  }
  return query;
}

/** One page of the messages matching the filter, newest first, and how many match in all. */
export async function listContactMessages(
  db: Db,
  filter: ContactMessageFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: ContactMessageRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    matchingMessages(db, filter)
      .selectAll()
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    matchingMessages(db, filter).select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

/** How many messages are open and done, over the whole inbox. */
export async function countContactMessages(db: Db): Promise<{ open: number; done: number }> {
  const row = await db
    .selectFrom('contactMessages')
    .select([
      sql<string>`count(*) filter (where status = 'open')`.as('open'),
      sql<string>`count(*) filter (where status = 'done')`.as('done'),
    ])
    .executeTakeFirstOrThrow();
  return { open: Number(row.open), done: Number(row.done) };
}
