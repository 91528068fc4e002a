import { type KnowledgeEntry, knowledgeRoutes } from '@jesus-walks/contracts/assistant';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { notFound } from '@jesus-walks/service-kit/errors';
import type { JobQueue } from '@jesus-walks/service-kit/jobs';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { Kysely } from 'kysely';
import type { AiAssistantDatabase } from '../../db/database';
import { requestEmbeddingsRefresh } from '../embeddings/embeddings';
import { insertKnowledge, listKnowledge, updateKnowledge } from './knowledge.repository';

type EntryRow = Omit<KnowledgeEntry, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

const toEntry = (row: EntryRow): KnowledgeEntry => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The admins' knowledge base: list, create, edit, deactivate (isActive false). */
export function knowledgeRoutesModule(
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
  registerRoute(app, knowledgeRoutes.create, async (request, reply) =>
    reply.code(201).send(toEntry(await changing((trx) => insertKnowledge(trx, request.body)))),
  );
  registerRoute(app, knowledgeRoutes.update, async (request) => {
    const row = await changing((trx) => updateKnowledge(trx, request.params.id, request.body));
    if (!row) throw notFound('Knowledge entry not found');
    return toEntry(row);
  });
}
