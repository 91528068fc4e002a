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
  PORT: portSchema(defaultPorts['catalog-and-orders']),
  IDENTITY_URL: optionalUrl,
  /** Order confirmations go through the shared mailer (printed to the console without SMTP_URL). */
  ...mailEnvShape,
  /**
   * Signs the order-status links of confirmation e-mails. Unset: derived from INTERNAL_TOKEN (the
   * same derivation as content-and-events), so rotating INTERNAL_TOKEN invalidates links already
   * sent; set it on its own in production to avoid that.
   */
  LINK_SIGNING_KEY: z.string().min(32, 'LINK_SIGNING_KEY must be at least 32 characters').optional(),
});

export type Env = z.infer<typeof envSchema>;

/** The only place this service reads its environment. */
export function loadEnv(source: EnvSource = process.env): Env {
  return parseEnv(envSchema, source);
}
