import type { AssistantContext, KnowledgeEntry, KnowledgeInput } from '@jesus-walks/contracts/assistant';
import type { Identity } from '@jesus-walks/contracts/common';
import { diffChanges, recordAudit } from '@jesus-walks/service-kit/audit';
import { notFound } from '@jesus-walks/service-kit/errors';
import type { AssistantDeps } from '../../deps';
import type { Embedder } from '../embeddings/embeddings.client';
import { requestEmbeddingsRefresh } from '../embeddings/embeddings.jobs';
import { knowledgeByMeaning } from '../embeddings/embeddings.service';
import { knowledgeSeeds } from './knowledge.content';
import {
  findKnowledgeForUpdate,
  insertKnowledge,
  insertMissingKnowledge,
  listKnowledge,
  searchKnowledge as searchKnowledgeText,
  updateKnowledge,
} from './knowledge.repository';
import type { KnowledgeHit } from './knowledge.types';

type Db = AssistantDeps['db'];

/** The entries a context prefers when ranking by words (half as high again). */
const preferredCategories: Record<AssistantContext, string[]> = {
  wine: ['wine'],
  customerService: ['orders', 'shop'],
  general: [],
};

/**
 * The entries that answer these words, best first: by meaning when an embedding model is
 * configured and the entries are embedded (Postgres ranks with pgvector where it has it), else
 * by Postgres full-text search (ts_rank over the GIN-indexed search vector, the context's
 * categories first). An embedding endpoint that fails leaves the full-text search to answer.
 */
export async function searchKnowledge(
  deps: Pick<AssistantDeps, 'db' | 'pgvector' | 'logger'> & { embedder: Embedder | null },
  input: { words: readonly string[]; context: AssistantContext },
): Promise<KnowledgeHit[]> {
  const { words, context } = input;
  if (deps.embedder && words.length > 0) {
    try {
      const similar = await knowledgeByMeaning(
        { db: deps.db, pgvector: deps.pgvector, embedder: deps.embedder },
        { text: words.join(' ') },
      );
      if (similar) return similar.map(({ similarity, ...entry }) => ({ ...entry, rank: similarity }));
    } catch (error) {
      deps.logger.warn({ err: error }, 'assistant: embeddings unavailable, full-text search ranks');
    }
  }
  return searchKnowledgeText(deps.db, words, { preferredCategories: preferredCategories[context] });
}

/**
 * Adds the group's entries that are missing (by seed key): the knowledge base is what the
 * assistant answers from, so every start does it; an admin's edits and deactivations stay.
 */
export async function seedKnowledge(deps: Pick<AssistantDeps, 'db'>): Promise<void> {
  await insertMissingKnowledge(deps.db, knowledgeSeeds);
}

type EntryRow = Omit<KnowledgeEntry, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

const toEntry = (row: EntryRow): KnowledgeEntry => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const auditActor = (actor: Identity | null) => (actor ? { id: actor.id, username: actor.username } : null);

/** A change and the refresh of the embeddings it calls for (with an embedding model) commit together. */
function changing<T>(
  deps: Pick<AssistantDeps, 'db' | 'jobs' | 'embedder'>,
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  return deps.db.transaction().execute(async (trx) => {
    const result = await work(trx);
    if (result && deps.embedder) await requestEmbeddingsRefresh(deps, trx);
    return result;
  });
}

export async function listKnowledgeEntries(deps: Pick<AssistantDeps, 'db'>): Promise<KnowledgeEntry[]> {
  return (await listKnowledge(deps.db)).map(toEntry);
}

/** Adds an entry, recorded in the activity record; the assistant answers from it at once. */
export async function createKnowledgeEntry(
  deps: Pick<AssistantDeps, 'db' | 'jobs' | 'embedder'>,
  input: KnowledgeInput,
  actor: Identity | null,
): Promise<KnowledgeEntry> {
  const row = await changing(deps, async (trx) => {
    const created = await insertKnowledge(trx, input);
    await recordAudit(trx, {
      actor: auditActor(actor),
      action: 'knowledge.created',
      target: { type: 'knowledge', id: created.id, label: created.title },
      summary: `Added "${created.title}" to the assistant's knowledge (${created.category}${created.isActive ? '' : ', inactive'}).`,
      changes: {
        title: { from: null, to: created.title },
        category: { from: null, to: created.category },
        tags: { from: null, to: created.tags },
        isActive: { from: null, to: created.isActive },
      },
    });
    return created;
  });
  return toEntry(row);
}

/** Edits an entry (isActive false deactivates it), recorded when anything changed; 404 when unknown. */
export async function updateKnowledgeEntry(
  deps: Pick<AssistantDeps, 'db' | 'jobs' | 'embedder'>,
  id: number,
  input: KnowledgeInput,
  actor: Identity | null,
): Promise<KnowledgeEntry> {
  const row = await changing(deps, async (trx) => {
    const before = await findKnowledgeForUpdate(trx, id);
    if (!before) return undefined;
    const after = await updateKnowledge(trx, id, input);
    if (!after) return undefined;
    // The text itself can be long: the record says it changed, the entry keeps the new one.
    const changes = diffChanges(before, after, ['title', 'category', 'tags', 'isActive']);
    if (before.content !== after.content) changes.content = { from: 'previous text', to: 'new text' };
    if (Object.keys(changes).length > 0) {
      const deactivated = before.isActive && !after.isActive;
      await recordAudit(trx, {
        actor: auditActor(actor),
        action: deactivated ? 'knowledge.deactivated' : 'knowledge.updated',
        target: { type: 'knowledge', id: after.id, label: after.title },
        summary: deactivated
          ? `Deactivated "${after.title}": the assistant no longer answers from it.`
          : `Edited "${after.title}" in the assistant's knowledge: ${Object.keys(changes).join(', ')}.`,
        changes,
      });
    }
    return after;
  });
  if (!row) throw notFound('Knowledge entry not found');
  return toEntry(row);
}
