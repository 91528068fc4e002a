import { defaultPorts } from '@jesus-walks/contracts/services';
import {
  type EnvSource,
  optionalUrl,
  parseEnv,
  portSchema,
  serviceEnvSchema,
} from '@jesus-walks/service-kit/env';
import { mailEnvShape } from '@jesus-walks/service-kit/mailer';
import { linkSigningEnvShape } from '@jesus-walks/service-kit/signed-links';
import type { z } from 'zod';

export const envSchema = serviceEnvSchema.extend({
  PORT: portSchema(defaultPorts['catalog-and-orders']),
  IDENTITY_URL: optionalUrl,
  /** Order confirmations go through the shared mailer (printed to the console without SMTP_URL). */
  ...mailEnvShape,
  /** Signs the links in its e-mails (linkSigningKeys). */
  ...linkSigningEnvShape,
});

export type Env = z.infer<typeof envSchema>;

/** The only place this service reads its environment. */
export function loadEnv(source: EnvSource = process.env): Env {
  return parseEnv(envSchema, source);
}
