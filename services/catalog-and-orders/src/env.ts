import { defaultPorts } from '@jesus-walks/contracts/services';
import {
  type EnvSource,
  optionalUrl,
  parseEnv,
  portSchema,
  serviceEnvSchema,
} from '@jesus-walks/service-kit/env';
import type { z } from 'zod';

export const envSchema = serviceEnvSchema.extend({
  PORT: portSchema(defaultPorts['catalog-and-orders']),
  IDENTITY_URL: optionalUrl,
  PAYMENTS_URL: optionalUrl,
});

export type Env = z.infer<typeof envSchema>;

/** The only place this service reads its environment. */
export function loadEnv(source: EnvSource = process.env): Env {
  return parseEnv(envSchema, source);
}
