import { defaultPorts } from '@jesus-walks/contracts/services';
import {
  type EnvSource,
  optionalUrl,
  parseEnv,
  portSchema,
  serviceEnvSchema,
} from '@jesus-walks/service-kit/env';
import { z } from 'zod';

export const envSchema = serviceEnvSchema.extend({
  PORT: portSchema(defaultPorts['ai-assistant']),
  /** Peer asked for products (recommendations, embeddings); without it the assistant knows none. */
  CATALOG_AND_ORDERS_URL: optionalUrl,
  /** An OpenAI-compatible endpoint; without a key the built-in local assistant answers. */
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_MODEL: z.string().min(1).optional(),
});

export type Env = z.infer<typeof envSchema>;

/** The only place this service reads its environment. */
export function loadEnv(source: EnvSource = process.env): Env {
  return parseEnv(envSchema, source);
}
