import type { AuditLogTable } from '@jesus-walks/service-kit/audit';
import type { Kysely, Transaction } from 'kysely';
import type { AiAssistantDatabase } from '../../db/database';

/*
 * Every row of this schema that is about one member (issue 23), in one place: the member's export
 * reads them and their erasure deletes them. A table that comes to hold a member's data is added
 * here; the erasure test searches every table of the schema, so one forgotten fails it.
 */

type Db = Kysely<AiAssistantDatabase> | Transaction<AiAssistantDatabase>;
type Trx = Transaction<AiAssistantDatabase>;

/** The member's conversations, oldest first, each with its messages in order. */
export async function listConversationsOf(db: Db, userId: number) {
  const conversations = await db
    .selectFrom('conversations')
    .select(['id', 'title', 'context', 'createdAt', 'updatedAt'])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  const messages =
    conversations.length === 0
      ? []
      : await db
          .selectFrom('messages')
          .select(['conversationId', 'role', 'content', 'createdAt'])
          .where(
            'conversationId',
            'in',
            conversations.map((conversation) => conversation.id),
          )
          .orderBy('createdAt')
          .orderBy('id')
          .execute();
  return conversations.map((conversation) => ({
    ...conversation,
    messages: messages.filter((message) => message.conversationId === conversation.id),
  }));
}

/** Deletes the member's conversations (their messages go with them); answers how many. */
export async function deleteConversationsOf(trx: Trx, userId: number): Promise<string[]> {
  const deleted = await trx
    .deleteFrom('conversations')
    .where('userId', '=', userId)
    .returning('id')
    .execute();
  return deleted.map((row) => row.id);
}

/**
 * Deletes the conversations of visitors without an account whose last message is older than
 * `before` (their messages go with them), and the question counts kept for them. Answers how many.
 */
export async function deleteIdleAnonymousConversations(db: Db, before: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('conversations')
      .where('userId', 'is', null)
      .where('updatedAt', '<', before)
      .returning('id')
      .execute();
    if (deleted.length > 0) {
      await trx
        .deleteFrom('rateLimitHits')
        .where(
          'key',
          'in',
          deleted.map((row) => `conversation:${row.id}`),
        )
        .execute();
    }
    return deleted.length;
  });
}

/** The counts of questions asked by the member and in their conversations. */
export async function deleteRateLimitHitsOf(
  trx: Trx,
  input: { userId: number; conversationIds: readonly string[] },
): Promise<number> {
  const keys = [`user:${input.userId}`, ...input.conversationIds.map((id) => `conversation:${id}`)];
  const result = await trx.deleteFrom('rateLimitHits').where('key', 'in', keys).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The activity record is the group's, so its entries stay; an admin whose account is deleted keeps
 * their id on what they did, not their username. Answers how many entries changed.
 */
export async function forgetActorName(trx: Trx, userId: number): Promise<number> {
  // The table is service-kit's (createAuditLogTableV1): this schema's types leave it out.
  const record = trx as unknown as Transaction<{ auditLog: AuditLogTable }>;
  const result = await record
    .updateTable('auditLog')
    .set({ actorUsername: null })
    .where('actorId', '=', userId)
    .where('actorUsername', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
