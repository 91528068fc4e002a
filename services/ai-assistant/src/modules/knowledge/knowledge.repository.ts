import { type Kysely, sql } from 'kysely';
import type { AiAssistantDatabase } from '../../db/database';
import type { KnowledgeSeed } from './knowledge.content';
import type { KnowledgeHit } from './knowledge.types';

type Db = Kysely<AiAssistantDatabase>;

/**
 * Adds the entries that are missing, by seed key: idempotent, and an entry an admin has edited
 * or deactivated is left as it is.
 */
export async function insertMissingKnowledge(db: Db, seeds: readonly KnowledgeSeed[]): Promise<void> {
  if (seeds.length === 0) return;
  await db
    .insertInto('knowledgeBase')
    .values(
      seeds.map(({ seedKey, title, category, tags, content }) => ({
        seedKey,
        title,
        category,
        tags,
        content,
      })),
    )
    .onConflict((oc) => oc.column('seedKey').doNothing())
    .execute();
}

/**
 * Active entries matching any of the words of `text` (Postgres full-text search: websearch_to_tsquery
 * over the GIN-indexed search vector, English stemming and stop words), best first by ts_rank; an
 * entry of a preferred category (the conversation's context) ranks half as high again.
 */
export async function searchKnowledge(
  db: Db,
  words: readonly string[],
  options: { preferredCategories?: readonly string[]; limit?: number } = {},
): Promise<KnowledgeHit[]> {
  if (words.length === 0) return [];
  const query = words.join(' or ');
  const preferred = options.preferredCategories ?? [];
  const { rows } = await sql<KnowledgeHit>`
    select id, title, content, category,
      ts_rank(search_vector, query, 1)
        * (case when category = any(${sql.val(preferred)}::text[]) then 1.5 else 1 end) as rank
    from knowledge_base, websearch_to_tsquery('english', ${query}) as query
    where is_active and search_vector @@ query
    order by rank desc, id
    limit ${options.limit ?? 3}`.execute(db);
  return rows.map((row) => ({ ...row, rank: Number(row.rank) }));
}

const entryColumns = [
  'id',
  'title',
  'content',
  'category',
  'tags',
  'isActive',
  'createdAt',
  'updatedAt',
] as const;

export interface KnowledgeValues {
  title: string;
  content: string;
  category: string;
  tags: string[];
  isActive: boolean;
}

export async function listKnowledge(db: Db) {
  return db
    .selectFrom('knowledgeBase')
    .select(entryColumns)
    .orderBy('category')
    .orderBy('title')
    .orderBy('id')
    .execute();
}

export async function insertKnowledge(db: Db, values: KnowledgeValues) {
  return db.insertInto('knowledgeBase').values(values).returning(entryColumns).executeTakeFirstOrThrow();
}

/** The entry as it is, locked until the edit's transaction ends (the activity record's "before"). */
export async function findKnowledgeForUpdate(db: Db, id: number) {
  return db
    .selectFrom('knowledgeBase')
    .select(entryColumns)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateKnowledge(db: Db, id: number, values: KnowledgeValues) {
  return db
    .updateTable('knowledgeBase')
    .set({ ...values, updatedAt: new Date() })
    .where('id', '=', id)
    .returning(entryColumns)
    .executeTakeFirst();
}
