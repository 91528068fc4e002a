import { defaultPorts } from '@jesus-walks/contracts/services';
import { type EnvSource, parseEnv, portSchema, serviceEnvSchema } from '@jesus-walks/service-kit/env';
import { z } from 'zod';

export const envSchema = serviceEnvSchema.extend({
  PORT: portSchema(defaultPorts.identity),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters'),
  /** Idle timeout of a session; every authenticated request pushes it forward. */
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  /** Absolute lifetime of a session, however active it is. */
  SESSION_MAX_DAYS: z.coerce.number().positive().default(30),
});

export type Env = z.infer<typeof envSchema>;

/** The only place this service reads its environment. */
export function loadEnv(source: EnvSource = process.env): Env {
  return parseEnv(envSchema, source);
}
