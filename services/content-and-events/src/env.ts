import { defaultPorts } from '@jesus-walks/contracts/services';
import {
  type EnvSource,
  optionalUrl,
  parseEnv,
  portSchema,
  serviceEnvSchema,
} from '@jesus-walks/service-kit/env';
import { mailEnvShape } from '@jesus-walks/service-kit/mailer';
import { z } from 'zod';

export const envSchema = serviceEnvSchema.extend({
  PORT: portSchema(defaultPorts['content-and-events']),
  /** Identity's base URL: members' e-mail addresses for confirmations and the admin lists. */
  IDENTITY_URL: optionalUrl,
  ...mailEnvShape,
  /**
   * Signs the links in e-mails (newsletter confirmation and unsubscribe, a guest's registration
   * cancellation). Unset: derived from INTERNAL_TOKEN (HMAC-SHA256 with a fixed label), so rotating
   * INTERNAL_TOKEN then invalidates links already sent; set it on its own in production to avoid that.
   */
  LINK_SIGNING_KEY: z.string().min(32, 'LINK_SIGNING_KEY must be at least 32 characters').optional(),
});

export type Env = z.infer<typeof envSchema>;

/** The only place this service reads its environment. */
export function loadEnv(source: EnvSource = process.env): Env {
  return parseEnv(envSchema, source);
}
