import type { AssistantContext } from '@jesus-walks/contracts/assistant';
import type { Kysely } from 'kysely';
import type { AiAssistantDatabase } from '../../db/database';
import type { ModelConfig, Turn } from './agent.types';

type Db = Kysely<AiAssistantDatabase>;

export async function findConversation(db: Db, id: string) {
  return db.selectFrom('conversations').select(['id', 'userId']).where('id', '=', id).executeTakeFirst();
}

/** The active model config of a provider ('local' for the built-in one), if any. */
export async function activeModelConfig(db: Db, provider: string): Promise<ModelConfig | null> {
  const row = await db
    .selectFrom('modelConfigs')
    .select(['id', 'modelId', 'temperature', 'maxTokens'])
    .where('provider', '=', provider)
    .where('active', '=', true)
    .orderBy('id')
    .executeTakeFirst();
  return row ? { ...row, temperature: Number(row.temperature) } : null;
}

export async function insertConversation(
  db: Db,
  values: {
    id: string;
    userId: number | null;
    title: string;
    context: AssistantContext;
    modelConfigId: number | null;
  },
): Promise<void> {
  await db.insertInto('conversations').values(values).execute();
}

/** The last `limit` questions and answers of a conversation, oldest first. */
export async function recentTurns(db: Db, conversationId: string, limit: number): Promise<Turn[]> {
  const rows = await db
    .selectFrom('messages')
    .select(['role', 'content'])
    .where('conversationId', '=', conversationId)
    .where('role', 'in', ['user', 'assistant'])
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map((row) => ({ role: row.role as Turn['role'], content: row.content }));
}

export async function insertQuestion(
  db: Db,
  values: { conversationId: string; content: string; context: AssistantContext; tokens: number },
): Promise<void> {
  await db
    .insertInto('messages')
    .values({ ...values, role: 'user' })
    .execute();
}

export async function insertAnswer(
  db: Db,
  values: {
    conversationId: string;
    content: string;
    context: AssistantContext;
    model: string;
    provider: string;
    promptTokens: number;
    completionTokens: number;
  },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('messages')
      .values({ ...values, role: 'assistant', tokens: values.promptTokens + values.completionTokens })
      .execute();
    await trx
      .updateTable('conversations')
      .set({ updatedAt: new Date() })
      .where('id', '=', values.conversationId)
      .execute();
  });
}
