import { schemaNameOf } from '@jesus-walks/contracts/services';
import { registerAuditLogRoute } from '@jesus-walks/service-kit/audit';
import { createService, type ServiceApp } from '@jesus-walks/service-kit/create-service';
import { acceptedSecrets } from '@jesus-walks/service-kit/env';
import { verifyRouteTable } from '@jesus-walks/service-kit/routes';
import type { ServiceDeps } from '@jesus-walks/service-kit/service-definition';
import type { Kysely } from 'kysely';
import type { AiAssistantDatabase } from './db/database';
import { migrations } from './db/migrations/index';
import type { AssistantDeps } from './deps';
import type { Env } from './env';
import { agentLimitsOf, scheduleAgentLimitsCleanUp } from './modules/agent/agent.limits';
import { registerAgentRoutes } from './modules/agent/agent.routes';
import { createBuiltInProvider } from './modules/agent/built-in.provider';
import { createOpenAiProvider } from './modules/agent/openai.provider';
import { createEmbedder } from './modules/embeddings/embeddings.client';
import { scheduleEmbeddingsRefresh } from './modules/embeddings/embeddings.jobs';
import { pgvectorLookup } from './modules/embeddings/embeddings.service';
import { registerKnowledgeRoutes } from './modules/knowledge/knowledge.routes';
import { seedKnowledge } from './modules/knowledge/knowledge.service';
import { createPeers } from './modules/peers/peers';
import { scheduleConversationRetention } from './modules/privacy/privacy.jobs';
import { registerPrivacyRoutes } from './modules/privacy/privacy.routes';

/** Builds the ai-assistant service; never listens (main.ts, the standalone runner and tests do). */
export async function buildApp(env: Env, deps: ServiceDeps<AiAssistantDatabase>): Promise<ServiceApp> {
  const app = createService({
    name: 'ai-assistant',
    logger: deps.logger,
    identitySigningKey: acceptedSecrets(env.IDENTITY_SIGNING_KEY, env.IDENTITY_SIGNING_KEY_PREVIOUS),
    internalToken: acceptedSecrets(env.INTERNAL_TOKEN, env.INTERNAL_TOKEN_PREVIOUS),
    otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT,
    database: { db: deps.db as Kysely<unknown>, schema: schemaNameOf('ai-assistant'), migrations },
    jobs: deps.jobs,
  });
  const peers = createPeers({
    catalogUrl: env.CATALOG_AND_ORDERS_URL,
    eventsUrl: env.CONTENT_AND_EVENTS_URL,
    internalToken: env.INTERNAL_TOKEN,
    // A peer never takes the whole of a question's time.
    timeoutMs: Math.min(5_000, env.AGENT_TIMEOUT_MS),
    logger: app.log,
  });
  app.addHook('onClose', async () => {
    await peers.close();
  });
  // The knowledge base is what the assistant answers from, not demo data: every start adds the
  // entries that are missing (an admin's edits and deactivations stay).
  app.addHook('onReady', async () => {
    try {
      await seedKnowledge(deps);
    } catch (error) {
      // Migrations not applied yet (RUN_MIGRATIONS=false): readiness says so; the next start seeds.
      app.log.warn({ err: error }, 'knowledge base not seeded');
    }
  });
  scheduleAgentLimitsCleanUp(deps.jobs, deps.db);
  // A visitor's conversations are kept 30 days after their last message, no longer.
  scheduleConversationRetention(deps.jobs, deps);

  const endpoint = env.OPENAI_API_KEY !== undefined || env.OPENAI_BASE_URL !== undefined;
  const chat = env.ASSISTANT_PROVIDER === 'openai' || (env.ASSISTANT_PROVIDER === 'auto' && endpoint);
  const embedder =
    endpoint && env.OPENAI_EMBEDDING_MODEL
      ? createEmbedder({
          apiKey: env.OPENAI_API_KEY,
          baseUrl: env.OPENAI_BASE_URL,
          model: env.OPENAI_EMBEDDING_MODEL,
          minSimilarity: env.OPENAI_EMBEDDING_MIN_SIMILARITY,
          timeoutMs: Math.min(10_000, env.AGENT_TIMEOUT_MS),
        })
      : null;
  const assistant: AssistantDeps = {
    db: deps.db,
    jobs: deps.jobs,
    peers,
    provider: chat
      ? createOpenAiProvider({
          apiKey: env.OPENAI_API_KEY,
          baseUrl: env.OPENAI_BASE_URL,
          contextModels: {
            ...(env.OPENAI_MODEL_WINE ? { wine: env.OPENAI_MODEL_WINE } : {}),
            ...(env.OPENAI_MODEL_CUSTOMER_SERVICE
              ? { customerService: env.OPENAI_MODEL_CUSTOMER_SERVICE }
              : {}),
            ...(env.OPENAI_MODEL_GENERAL ? { general: env.OPENAI_MODEL_GENERAL } : {}),
          },
          defaultModel: env.OPENAI_MODEL ?? 'gpt-4o-mini',
          timeoutMs: env.AGENT_TIMEOUT_MS,
        })
      : createBuiltInProvider(),
    modelConfigProvider: chat ? 'openai' : 'local',
    embedder,
    pgvector: pgvectorLookup(deps),
    limits: agentLimitsOf(env),
    timeoutMs: env.AGENT_TIMEOUT_MS,
    logger: app.log,
  };
  if (embedder) scheduleEmbeddingsRefresh({ ...assistant, embedder });
  registerAgentRoutes(app, assistant);
  registerKnowledgeRoutes(app, assistant);
  registerAuditLogRoute(app, 'ai-assistant', deps.db);
  registerPrivacyRoutes(app, assistant);
  verifyRouteTable(app, 'ai-assistant');
  return app;
}
