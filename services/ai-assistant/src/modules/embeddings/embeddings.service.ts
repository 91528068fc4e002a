import type { Product } from '@jesus-walks/contracts/products';
import type { Kysely } from 'kysely';
import type { AiAssistantDatabase } from '../../db/database';
import type { Peers } from '../peers/peers';
import type { Embedder } from './embeddings.client';
import {
  activeKnowledgeEmbeddings,
  activeKnowledgeTexts,
  embeddedKnowledgeTexts,
  embeddedProductTexts,
  findPgvectorSchema,
  hasKnowledgeEmbeddings,
  hasProductEmbeddings,
  nearestKnowledgeByPgvector,
  productEmbeddingsOf,
  productSimilaritiesByPgvector,
  replaceKnowledgeEmbeddings,
  replaceProductEmbeddings,
  type SimilarEntry,
} from './embeddings.repository';

type Db = Kysely<AiAssistantDatabase>;

/** pgvector's schema in this database (Postgres ranks by meaning), or null (this service does). */
export type PgvectorLookup = () => Promise<string | null>;

/**
 * Looks pgvector up once (the first search after start, migrations applied by then) and keeps the
 * answer; a failed look-up is asked again next time. An extension installed later counts from the
 * next start.
 */
export function pgvectorLookup(deps: { db: Db }): PgvectorLookup {
  let found: Promise<string | null> | undefined;
  return () => {
    found ??= findPgvectorSchema(deps.db).catch((error: unknown) => {
      found = undefined;
      throw error;
    });
    return found;
  };
}

/** What a search by meaning needs: the database, pgvector if it has it, and the embedding model. */
export interface MeaningSearchDeps {
  db: Db;
  pgvector: PgvectorLookup;
  embedder: Embedder;
}

/** Cosine similarity, where Postgres has no pgvector; 0 for a zero vector. */
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
  const entries = await activeKnowledgeTexts(db);
  const storedKnowledge = new Map(
    (await embeddedKnowledgeTexts(db)).map((row) => [row.knowledgeId, row.content]),
  );
  const staleEntries = entries.filter((entry) => storedKnowledge.get(entry.id) !== knowledgeText(entry));
  const knowledgeVectors = await embedInBatches(embedder, staleEntries.map(knowledgeText));

  const products = await deps.peers.products('embeddings-refresh');
  const storedProducts = new Map((await embeddedProductTexts(db)).map((row) => [row.productId, row.content]));
  const staleProducts = products.filter((product) => storedProducts.get(product.id) !== productText(product));
  const productVectors = await embedInBatches(embedder, staleProducts.map(productText));

  await db.transaction().execute(async (trx) => {
    await replaceKnowledgeEmbeddings(trx, {
      activeIds: entries.map((entry) => entry.id),
      replaced: staleEntries.map((entry, i) => ({
        knowledgeId: entry.id,
        content: knowledgeText(entry),
        embedding: knowledgeVectors[i] ?? [],
      })),
    });
    // Products: only when the catalog answered (an empty answer may be a catalog that is down).
    if (products.length > 0) {
      await replaceProductEmbeddings(trx, {
        productIds: products.map((product) => product.id),
        replaced: staleProducts.map((product, i) => ({
          productId: product.id,
          content: productText(product),
          embedding: productVectors[i] ?? [],
        })),
      });
    }
  });
  return { knowledge: staleEntries.length, products: staleProducts.length };
}

/**
 * Active knowledge entries closest in meaning to the text (cosine similarity of embeddings), those
 * at least the embedder's minimum only, best first; null when there are no embeddings yet (the
 * caller then searches the words, and the question is not embedded for nothing). Postgres ranks
 * them where pgvector is installed; elsewhere this service compares every entry's embedding.
 * Embeddings of another length than the question's (another model's) never count.
 */
export async function knowledgeByMeaning(
  deps: MeaningSearchDeps,
  input: { text: string; limit?: number },
): Promise<SimilarEntry[] | null> {
  const { db, embedder } = deps;
  const limit = input.limit ?? 3;
  const pgvector = await deps.pgvector();
  if (!(await hasKnowledgeEmbeddings(db))) return null;
  const [query] = await embedder.embed([input.text]);
  if (!query) return null;
  const { minSimilarity } = embedder;
  if (pgvector) return nearestKnowledgeByPgvector(db, pgvector, { query, minSimilarity, limit });
  return (await activeKnowledgeEmbeddings(db))
    .filter((row) => row.embedding.length === query.length)
    .map(({ embedding, ...entry }) => ({ ...entry, similarity: cosine(query, embedding) }))
    .filter((entry) => entry.similarity >= minSimilarity)
    .sort((a, b) => b.similarity - a.similarity || a.id - b.id)
    .slice(0, limit);
}

/**
 * These products ordered by closeness in meaning to the text, those at least the embedder's
 * minimum only (equally close ones in the order given); null when none of them has an embedding
 * yet (the caller ranks by words). Postgres compares where pgvector is installed.
 */
export async function productsByMeaning(
  deps: MeaningSearchDeps,
  input: { text: string; products: readonly Product[] },
): Promise<Product[] | null> {
  const { db, embedder } = deps;
  if (input.products.length === 0) return [];
  const productIds = input.products.map((product) => product.id);
  const pgvector = await deps.pgvector();
  // Without pgvector the stored vectors are read first: there are then none to compare, or some.
  const stored = pgvector ? [] : await productEmbeddingsOf(db, productIds);
  const embedded = pgvector ? await hasProductEmbeddings(db, productIds) : stored.length > 0;
  if (!embedded) return null;
  const [query] = await embedder.embed([input.text]);
  if (!query) return null;
  const { minSimilarity } = embedder;
  const similarities = pgvector
    ? await productSimilaritiesByPgvector(db, pgvector, { query, productIds, minSimilarity })
    : stored
        .filter((row) => row.embedding.length === query.length)
        .map((row) => ({ productId: row.productId, similarity: cosine(query, row.embedding) }))
        .filter((row) => row.similarity >= minSimilarity);
  const similarity = new Map(similarities.map((row) => [row.productId, row.similarity]));
  return input.products
    .filter((product) => similarity.has(product.id))
    .sort((a, b) => (similarity.get(b.id) ?? 0) - (similarity.get(a.id) ?? 0));
}
