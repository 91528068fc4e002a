import { knowledgeRoutes } from '@jesus-walks/contracts/assistant';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { AssistantDeps } from '../../deps';
import { createKnowledgeEntry, listKnowledgeEntries, updateKnowledgeEntry } from './knowledge.service';

/** The admins' knowledge base: list, create, edit, deactivate (isActive false). */
export function registerKnowledgeRoutes(app: ServiceApp, deps: AssistantDeps): void {
  registerRoute(app, knowledgeRoutes.list, async () => listKnowledgeEntries(deps));
  registerRoute(app, knowledgeRoutes.create, async (request, reply) =>
    reply.code(201).send(await createKnowledgeEntry(deps, request.body, request.identity)),
  );
  registerRoute(app, knowledgeRoutes.update, async (request) =>
    updateKnowledgeEntry(deps, request.params.id, request.body, request.identity),
  );
}
