import { type KnowledgeEntry, knowledgeRoutes } from '@jesus-walks/contracts/assistant';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { notFound } from '@jesus-walks/service-kit/errors';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { Kysely } from 'kysely';
import type { AiAssistantDatabase } from '../../db/database';
import { insertKnowledge, listKnowledge, updateKnowledge } from './knowledge.repository';

type EntryRow = Omit<KnowledgeEntry, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

const toEntry = (row: EntryRow): KnowledgeEntry => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The admins' knowledge base: list, create, edit, deactivate (isActive false). */
export function knowledgeRoutesModule(app: ServiceApp, deps: { db: Kysely<AiAssistantDatabase> }): void {
  registerRoute(app, knowledgeRoutes.list, async () => (await listKnowledge(deps.db)).map(toEntry));
  registerRoute(app, knowledgeRoutes.create, async (request, reply) =>
    reply.code(201).send(toEntry(await insertKnowledge(deps.db, request.body))),
  );
  registerRoute(app, knowledgeRoutes.update, async (request) => {
    const row = await updateKnowledge(deps.db, request.params.id, request.body);
    if (!row) throw notFound('Knowledge entry not found');
    return toEntry(row);
  });
}
