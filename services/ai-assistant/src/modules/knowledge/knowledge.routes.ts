import { type KnowledgeEntry, knowledgeRoutes } from '@jesus-walks/contracts/assistant';
import { diffChanges, recordAudit } from '@jesus-walks/service-kit/audit';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { notFound } from '@jesus-walks/service-kit/errors';
import type { JobQueue } from '@jesus-walks/service-kit/jobs';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { Kysely } from 'kysely';
import type { AiAssistantDatabase } from '../../db/database';
import { requestEmbeddingsRefresh } from '../embeddings/embeddings';
import {
  findKnowledgeForUpdate,
  insertKnowledge,
  listKnowledge,
  updateKnowledge,
} from './knowledge.repository';

type EntryRow = Omit<KnowledgeEntry, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

const toEntry = (row: EntryRow): KnowledgeEntry => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The admins' knowledge base: list, create, edit, deactivate (isActive false). */
export function registerKnowledgeRoutes(
  app: ServiceApp,
  deps: { db: Kysely<AiAssistantDatabase>; jobs: JobQueue; embeddings: boolean },
): void {
  /** A change and the refresh of the embeddings it calls for commit together. */
  const changing = <T>(work: (trx: Kysely<AiAssistantDatabase>) => Promise<T>) =>
    deps.db.transaction().execute(async (trx) => {
      const result = await work(trx);
      if (result && deps.embeddings) await requestEmbeddingsRefresh(deps.jobs, trx);
      return result;
    });

  registerRoute(app, knowledgeRoutes.list, async () => (await listKnowledge(deps.db)).map(toEntry));
  registerRoute(app, knowledgeRoutes.create, async (request, reply) => {
    const actor = request.identity;
    const row = await changing(async (trx) => {
      const created = await insertKnowledge(trx, request.body);
      await recordAudit(trx, {
        actor: actor ? { id: actor.id, username: actor.username } : null,
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
    return reply.code(201).send(toEntry(row));
  });
  registerRoute(app, knowledgeRoutes.update, async (request) => {
    const actor = request.identity;
    const row = await changing(async (trx) => {
      const before = await findKnowledgeForUpdate(trx, request.params.id);
      if (!before) return undefined;
      const after = await updateKnowledge(trx, request.params.id, request.body);
      if (!after) return undefined;
      // The text itself can be long: the record says it changed, the entry keeps the new one.
      const changes = diffChanges(before, after, ['title', 'category', 'tags', 'isActive']);
      if (before.content !== after.content) changes.content = { from: 'previous text', to: 'new text' };
      if (Object.keys(changes).length > 0) {
        const deactivated = before.isActive && !after.isActive;
        await recordAudit(trx, {
          actor: actor ? { id: actor.id, username: actor.username } : null,
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
  });
}
