import type { JobQueue } from '@jesus-walks/service-kit/jobs';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AiAssistantDatabase } from './db/database';
import type { AgentLimits } from './modules/agent/agent.limits';
import type { Provider } from './modules/agent/agent.types';
import type { Embedder } from './modules/embeddings/embeddings.client';
import type { PgvectorLookup } from './modules/embeddings/embeddings.service';
import type { Peers } from './modules/peers/peers';

/** What the modules of this service work with; app.ts builds it once. */
export interface AssistantDeps {
  db: Kysely<AiAssistantDatabase>;
  /** The service's job queue (the embeddings' refresh). */
  jobs: JobQueue;
  peers: Peers;
  /** Who answers: the built-in provider or an OpenAI-compatible endpoint. */
  provider: Provider;
  /** The model_configs provider conversations are recorded under ('local' for the built-in one). */
  modelConfigProvider: string;
  /** Ranks knowledge and products by meaning when an embedding model is configured. */
  embedder: Embedder | null;
  /** pgvector's schema when this Postgres has it: similarity is then computed in the database. */
  pgvector: PgvectorLookup;
  limits: AgentLimits;
  /** The longest a question waits for its answer (AGENT_TIMEOUT_MS). */
  timeoutMs: number;
  logger: FastifyBaseLogger;
}
