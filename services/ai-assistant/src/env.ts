import { defaultPorts } from '@jesus-walks/contracts/services';
import {
  type EnvSource,
  optionalUrl,
  parseEnv,
  portSchema,
  serviceEnvSchema,
} from '@jesus-walks/service-kit/env';
import { z } from 'zod';

/** A count a limit allows: a whole number from 1. */
const limitSchema = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

export const envSchema = serviceEnvSchema.extend({
  PORT: portSchema(defaultPorts['ai-assistant']),
  /** Peer asked for products (live prices and stock) and a member's own orders; without it the assistant knows none. */
  CATALOG_AND_ORDERS_URL: optionalUrl,
  /** Peer asked for upcoming events with seats left; without it the assistant lists none. */
  CONTENT_AND_EVENTS_URL: optionalUrl,
  /**
   * An OpenAI-compatible endpoint (a key, a base URL or both; a local endpoint may need no key).
   * Without either the built-in assistant answers.
   */
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: optionalUrl,
  /**
   * The endpoint's model: a context's own (OPENAI_MODEL_<CONTEXT>), else the active 'openai' model
   * config's (model_configs, with its temperature and max tokens), else this, else gpt-4o-mini.
   */
  OPENAI_MODEL: z.string().min(1).optional(),
  OPENAI_MODEL_WINE: z.string().min(1).optional(),
  OPENAI_MODEL_CUSTOMER_SERVICE: z.string().min(1).optional(),
  OPENAI_MODEL_GENERAL: z.string().min(1).optional(),
  /**
   * An embedding model of the endpoint (e.g. text-embedding-3-small): knowledge is then ranked by
   * meaning, and a job keeps the knowledge and product embeddings up to date. Without it, Postgres
   * full-text search ranks.
   */
  OPENAI_EMBEDDING_MODEL: z.string().min(1).optional(),
  /** The least cosine similarity at which an entry is taken to be about the question. */
  OPENAI_EMBEDDING_MIN_SIMILARITY: z.coerce.number().min(0).max(1).default(0.35),
  /**
   * Who answers: 'auto' (the endpoint when OPENAI_API_KEY or OPENAI_BASE_URL is set, else the
   * built-in assistant), or one of them always ('built-in' with an endpoint still uses its
   * embedding model, when one is set, to rank).
   */
  ASSISTANT_PROVIDER: z.enum(['auto', 'built-in', 'openai']).default('auto'),
  /** The longest a question waits for its answer: beyond it, 504 with a plain message. */
  AGENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
  /**
   * Questions per client, counted in this service's database so every replica shares them (429
   * beyond). Every caller counts per client address (an IPv6 client per /64); a member also per
   * account, and every conversation on its own.
   */
  AGENT_QUESTIONS_PER_ADDRESS_PER_HOUR: limitSchema(120),
  AGENT_QUESTIONS_PER_MEMBER_PER_HOUR: limitSchema(60),
  AGENT_QUESTIONS_PER_CONVERSATION_PER_HOUR: limitSchema(30),
});

export type Env = z.infer<typeof envSchema>;

/** The only place this service reads its environment. */
export function loadEnv(source: EnvSource = process.env): Env {
  return parseEnv(envSchema, source);
}
