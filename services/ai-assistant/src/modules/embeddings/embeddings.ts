import type { Product } from '@jesus-walks/contracts/products';
import type { JobQueue } from '@jesus-walks/service-kit/jobs';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import OpenAI from 'openai';
import type { AiAssistantDatabase } from '../../db/database';
import type { KnowledgeHit } from '../knowledge/knowledge.repository';
import type { Peers } from '../peers/peers';

type Db = Kysely<AiAssistantDatabase>;

/** Turns texts into vectors with an embedding model of the OpenAI-compatible endpoint. */
export interface Embedder {
  model: string;
  /** Below this similarity an entry is not about the question. */
  minSimilarity: number;
  embed(texts: readonly string[], signal?: AbortSignal): Promise<number[][]>;
}

export function createEmbedder(options: {
  apiKey: string | undefined;
  baseUrl: string | undefined;
  model: string;
  minSimilarity: number;
  timeoutMs: number;
}): Embedder {
  const client = new OpenAI({
    apiKey: options.apiKey ?? 'not-needed',
    ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
    timeout: options.timeoutMs,
    maxRetries: 1,
  });
  return {
    model: options.model,
    minSimilarity: options.minSimilarity,
    async embed(texts, signal) {
      if (texts.length === 0) return [];
      const response = await client.embeddings.create(
        { model: options.model, input: [...texts], encoding_format: 'float' },
        signal ? { signal } : {},
      );
      return [...response.data].sort((a, b) => a.index - b.index).map((item) => item.embedding);
    },
  };
}

export function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

/** What an entry's embedding is made of: changing any of it refreshes the embedding. */
const knowledgeText = (entry: { title: string; tags: string[]; content: string }) =>
  `${entry.title}\n${entry.tags.join(', ')}\n${entry.content}`;
const productText = (product: { name: string; category: string; description: string }) =>
  `${product.name}. ${product.category}. ${product.description}`;

const BATCH = 64;

async function embedInBatches(embedder: Embedder, texts: readonly string[]): Promise<number[][]> {
  const vectors: number[][] = [];
  for (let start = 0; start < texts.length; start += BATCH) {
    vectors.push(...(await embedder.embed(texts.slice(start, start + BATCH))));
  }
  return vectors;
}

/**
 * Brings the embeddings up to date: active knowledge entries and the catalog's products whose
 * text changed (or that have none) are embedded again; those of deactivated entries and of products
 * no longer on sale are dropped. Answers how many were embedded.
 */
export async function refreshEmbeddings(deps: {
  db: Db;
  embedder: Embedder;
  peers: Peers;
}): Promise<{ knowledge: number; products: number }> {
  const { db, embedder } = deps;
  const entries = await db
    .selectFrom('knowledgeBase')
    .select(['id', 'title', 'tags', 'content'])
    .where('isActive', '=', true)
    .execute();
  const storedKnowledge = new Map(
    (await db.selectFrom('knowledgeEmbeddings').select(['knowledgeId', 'content']).execute()).map((row) => [
      row.knowledgeId,
      row.content,
    ]),
  );
  const staleEntries = entries.filter((entry) => storedKnowledge.get(entry.id) !== knowledgeText(entry));
  const knowledgeVectors = await embedInBatches(embedder, staleEntries.map(knowledgeText));

  const products = await deps.peers.products('embeddings-refresh');
  const storedProducts = new Map(
    (await db.selectFrom('productEmbeddings').select(['productId', 'content']).execute()).map((row) => [
      row.productId,
      row.content,
    ]),
  );
  const staleProducts = products.filter((product) => storedProducts.get(product.id) !== productText(product));
  const productVectors = await embedInBatches(embedder, staleProducts.map(productText));

  await db.transaction().execute(async (trx) => {
    const activeIds = entries.map((entry) => entry.id);
    await trx
      .deleteFrom('knowledgeEmbeddings')
      .where((eb) =>
        eb.or([
          ...(activeIds.length > 0 ? [eb('knowledgeId', 'not in', activeIds)] : [eb.lit(true)]),
          ...(staleEntries.length > 0
            ? [
                eb(
                  'knowledgeId',
                  'in',
                  staleEntries.map((entry) => entry.id),
                ),
              ]
            : []),
        ]),
      )
      .execute();
    if (staleEntries.length > 0) {
      await trx
        .insertInto('knowledgeEmbeddings')
        .values(
          staleEntries.map((entry, i) => ({
            knowledgeId: entry.id,
            content: knowledgeText(entry),
            embedding: JSON.stringify(knowledgeVectors[i] ?? []),
          })),
        )
        .execute();
    }
    // Products: only when the catalog answered (an empty answer may be a catalog that is down).
    if (products.length > 0) {
      const productIds = products.map((product) => product.id);
      await trx
        .deleteFrom('productEmbeddings')
        .where((eb) =>
          eb.or([
            eb('productId', 'not in', productIds),
            ...(staleProducts.length > 0
              ? [
                  eb(
                    'productId',
                    'in',
                    staleProducts.map((product) => product.id),
                  ),
                ]
              : []),
          ]),
        )
        .execute();
      if (staleProducts.length > 0) {
        await trx
          .insertInto('productEmbeddings')
          .values(
            staleProducts.map((product, i) => ({
              productId: product.id,
              content: productText(product),
              embedding: JSON.stringify(productVectors[i] ?? []),
            })),
          )
          .execute();
      }
    }
  });
  return { knowledge: staleEntries.length, products: staleProducts.length };
}

/**
 * Active knowledge entries closest in meaning to the question (cosine similarity of embeddings),
 * best first; null when there are no embeddings yet (the caller falls back to full-text search).
 */
export async function semanticKnowledge(
  db: Db,
  embedder: Embedder,
  text: string,
  limit = 3,
): Promise<KnowledgeHit[] | null> {
  const rows = await db
    .selectFrom('knowledgeEmbeddings')
    .innerJoin('knowledgeBase', 'knowledgeBase.id', 'knowledgeEmbeddings.knowledgeId')
    .select(['knowledgeBase.id', 'title', 'knowledgeBase.content', 'category', 'embedding'])
    .where('isActive', '=', true)
    .execute();
  if (rows.length === 0) return null;
  const [query] = await embedder.embed([text]);
  if (!query) return null;
  return rows
    .map((row) => ({
      id: row.id,
      title: row.title,
      content: row.content,
      category: row.category,
      rank: cosine(query, row.embedding),
    }))
    .filter((hit) => hit.rank >= embedder.minSimilarity)
    .sort((a, b) => b.rank - a.rank)
    .slice(0, limit);
}

/**
 * These products ordered by closeness in meaning to the question, those close enough only; null
 * when none of them has an embedding yet (the caller ranks by words).
 */
export async function semanticProducts(
  db: Db,
  embedder: Embedder,
  text: string,
  products: readonly Product[],
): Promise<Product[] | null> {
  if (products.length === 0) return [];
  const rows = await db
    .selectFrom('productEmbeddings')
    .select(['productId', 'embedding'])
    .where(
      'productId',
      'in',
      products.map((product) => product.id),
    )
    .execute();
  if (rows.length === 0) return null;
  const [query] = await embedder.embed([text]);
  if (!query) return null;
  const similarity = new Map(rows.map((row) => [row.productId, cosine(query, row.embedding)]));
  return products
    .filter((product) => (similarity.get(product.id) ?? 0) >= embedder.minSimilarity)
    .sort((a, b) => (similarity.get(b.id) ?? 0) - (similarity.get(a.id) ?? 0));
}

export const EMBEDDINGS_REFRESH_JOB = 'assistant-embeddings-refresh';

/**
 * The refresh as a job: every 15 minutes (the catalog changes in another service) and right after
 * an admin changes the knowledge base (enqueued in that write's transaction).
 */
export function scheduleEmbeddingsRefresh(
  jobs: JobQueue,
  deps: { db: Db; embedder: Embedder; peers: Peers; logger: FastifyBaseLogger },
): void {
  jobs.work(EMBEDDINGS_REFRESH_JOB, async () => refreshEmbeddings(deps), {
    retryLimit: 2,
    retryDelaySeconds: 30,
  });
  jobs.schedule(EMBEDDINGS_REFRESH_JOB, '*/15 * * * *');
}

/** Asks for a refresh soon (one queued at a time). */
export async function requestEmbeddingsRefresh(jobs: JobQueue, db: Db): Promise<void> {
  await jobs.enqueue(db, EMBEDDINGS_REFRESH_JOB, {}, { singletonKey: 'refresh' });
}
