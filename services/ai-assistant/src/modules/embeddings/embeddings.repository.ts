import { quoteIdentifier } from '@jesus-walks/service-kit/database';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { AiAssistantDatabase } from '../../db/database';

type Db = Kysely<AiAssistantDatabase>;

/**
 * The schema pgvector is installed in (migration 0004, or by an administrator), or null when it
 * is not, or when its schema has a name our queries would not quote.
 */
export async function findPgvectorSchema(db: Db): Promise<string | null> {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'vector' and n.nspname ~ '^[a-z_][a-z0-9_]{0,62}$'`.execute(db);
  return rows[0]?.schema ?? null;
}

/** What the refresh embeds: the active knowledge entries. */
export async function activeKnowledgeTexts(db: Db) {
  return db
    .selectFrom('knowledgeBase')
    .select(['id', 'title', 'tags', 'content'])
    .where('isActive', '=', true)
    .execute();
}

/** The text each stored knowledge embedding was made of. */
export async function embeddedKnowledgeTexts(db: Db) {
  return db.selectFrom('knowledgeEmbeddings').select(['knowledgeId', 'content']).execute();
}

/** The text each stored product embedding was made of. */
export async function embeddedProductTexts(db: Db) {
  return db.selectFrom('productEmbeddings').select(['productId', 'content']).execute();
}

/**
 * Keeps the knowledge embeddings of these active entries, except those replaced (stored anew with
 * their new text); drops every other (deactivated or deleted entries).
 */
export async function replaceKnowledgeEmbeddings(
  db: Db,
  input: {
    activeIds: readonly number[];
    replaced: ReadonlyArray<{ knowledgeId: number; content: string; embedding: readonly number[] }>;
  },
): Promise<void> {
  const { activeIds, replaced } = input;
  await db
    .deleteFrom('knowledgeEmbeddings')
    .where((eb) =>
      eb.or([
        activeIds.length > 0 ? eb('knowledgeId', 'not in', activeIds) : eb.lit(true),
        ...(replaced.length > 0
          ? [
              eb(
                'knowledgeId',
                'in',
                replaced.map((row) => row.knowledgeId),
              ),
            ]
          : []),
      ]),
    )
    .execute();
  if (replaced.length === 0) return;
  await db
    .insertInto('knowledgeEmbeddings')
    .values(
      replaced.map((row) => ({
        knowledgeId: row.knowledgeId,
        content: row.content,
        embedding: JSON.stringify(row.embedding),
      })),
    )
    .execute();
}

/**
 * Keeps the product embeddings of these products (at least one: the catalog's answer), except
 * those replaced; drops those of products no longer on sale.
 */
export async function replaceProductEmbeddings(
  db: Db,
  input: {
    productIds: readonly number[];
    replaced: ReadonlyArray<{ productId: number; content: string; embedding: readonly number[] }>;
  },
): Promise<void> {
  const { productIds, replaced } = input;
  if (productIds.length === 0) throw new Error('replaceProductEmbeddings: no products to keep');
  await db
    .deleteFrom('productEmbeddings')
    .where((eb) =>
      eb.or([
        eb('productId', 'not in', productIds),
        ...(replaced.length > 0
          ? [
              eb(
                'productId',
                'in',
                replaced.map((row) => row.productId),
              ),
            ]
          : []),
      ]),
    )
    .execute();
  if (replaced.length === 0) return;
  await db
    .insertInto('productEmbeddings')
    .values(
      replaced.map((row) => ({
        productId: row.productId,
        content: row.content,
        embedding: JSON.stringify(row.embedding),
      })),
    )
    .execute();
}

/** Whether any active knowledge entry has an embedding yet. */
export async function hasKnowledgeEmbeddings(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('knowledgeEmbeddings')
    .innerJoin('knowledgeBase', 'knowledgeBase.id', 'knowledgeEmbeddings.knowledgeId')
    .select('knowledgeEmbeddings.id')
    .where('isActive', '=', true)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether any of these products has an embedding yet. */
export async function hasProductEmbeddings(db: Db, productIds: readonly number[]): Promise<boolean> {
  if (productIds.length === 0) return false;
  const row = await db
    .selectFrom('productEmbeddings')
    .select('id')
    .where('productId', 'in', productIds)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** An active knowledge entry and how close it is in meaning to the question (cosine similarity). */
export interface SimilarEntry {
  id: number;
  title: string;
  content: string;
  category: string;
  similarity: number;
}

/** Without pgvector: every active entry's embedding, for the service to compare. */
export async function activeKnowledgeEmbeddings(db: Db) {
  return db
    .selectFrom('knowledgeEmbeddings')
    .innerJoin('knowledgeBase', 'knowledgeBase.id', 'knowledgeEmbeddings.knowledgeId')
    .select(['knowledgeBase.id', 'title', 'knowledgeBase.content', 'category', 'embedding'])
    .where('isActive', '=', true)
    .execute();
}

/** Without pgvector: these products' embeddings, for the service to compare. */
export async function productEmbeddingsOf(db: Db, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('productEmbeddings')
    .select(['productId', 'embedding'])
    .where('productId', 'in', productIds)
    .execute();
}

/**
 * pgvector's cosine similarity (1 - `<=>`) of a stored embedding and the question's. The jsonb
 * text of a vector ('[0.1, 0.2]') is pgvector's own input format, so the stored column is cast as
 * it is: no second copy to keep in step, and an extension installed later works at once. Its
 * schema is named (it need not be on the search_path), and a zero vector's NaN is no similarity.
 */
function cosineSimilarity(pgvector: string, stored: RawBuilder<unknown>, query: readonly number[]) {
  const schema = sql.raw(quoteIdentifier(pgvector));
  const vector = sql`${schema}.vector`;
  return sql<number>`nullif(1 - (cast(${stored}::text as ${vector})
    operator(${schema}.<=>) cast(${JSON.stringify(query)} as ${vector})), 'NaN')`;
}

/**
 * With pgvector: the active entries at least `minSimilarity` close to the question, closest first,
 * ranked by Postgres. Embeddings of another length (another model's) are left out.
 */
export async function nearestKnowledgeByPgvector(
  db: Db,
  pgvector: string,
  input: { query: readonly number[]; minSimilarity: number; limit: number },
): Promise<SimilarEntry[]> {
  const similarity = cosineSimilarity(pgvector, sql`ke.embedding`, input.query);
  const { rows } = await sql<SimilarEntry>`
    select id, title, content, category, similarity from (
      select kb.id, kb.title, kb.content, kb.category, ${similarity} as similarity
      from knowledge_embeddings ke join knowledge_base kb on kb.id = ke.knowledge_id
      where kb.is_active and jsonb_array_length(ke.embedding) = ${input.query.length}
    ) as scored
    where similarity >= ${input.minSimilarity}
    order by similarity desc, id
    limit ${input.limit}`.execute(db);
  return rows.map((row) => ({ ...row, similarity: Number(row.similarity) }));
}

/**
 * With pgvector: those of these products at least `minSimilarity` close to the question, closest
 * first, with their similarity, ranked by Postgres.
 */
export async function productSimilaritiesByPgvector(
  db: Db,
  pgvector: string,
  input: { query: readonly number[]; productIds: readonly number[]; minSimilarity: number },
): Promise<Array<{ productId: number; similarity: number }>> {
  if (input.productIds.length === 0) return [];
  const similarity = cosineSimilarity(pgvector, sql`embedding`, input.query);
  const { rows } = await sql<{ productId: number; similarity: number }>`
    select product_id, similarity from (
      select product_id, ${similarity} as similarity from product_embeddings
      where product_id = any(${sql.val(input.productIds)}::integer[])
        and jsonb_array_length(embedding) = ${input.query.length}
    ) as scored
    where similarity >= ${input.minSimilarity}
    order by similarity desc, product_id`.execute(db);
  return rows.map((row) => ({ productId: row.productId, similarity: Number(row.similarity) }));
}
