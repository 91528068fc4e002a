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
import { z } from 'zod';

/** A count a limit allows: a whole number from 1. */
const limitSchema = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

export const envSchema = serviceEnvSchema.extend({
  PORT: portSchema(defaultPorts['catalog-and-orders']),
  IDENTITY_URL: optionalUrl,
  /** Order confirmations go through the shared mailer (printed to the console without SMTP_URL). */
  ...mailEnvShape,
  /** Signs the links in its e-mails (linkSigningKeys). */
  ...linkSigningEnvShape,
  /**
   * A checkout holds its stock while the buyer pays: long enough to type a card, short enough that
   * an abandoned one gives the stock back soon (the browser also releases it when it leaves).
   */
  STOCK_HOLD_MINUTES: z.coerce.number().int().min(1).max(120).default(10),
  /**
   * What one client (a browser's address, or a member from any address) may hold at once, so that
   * nobody can hold all the stock: units of one product, and checkouts open. 422 and 429 beyond.
   */
  STOCK_HOLD_UNITS_PER_PRODUCT_PER_CLIENT: limitSchema(10),
  STOCK_HOLD_CHECKOUTS_PER_CLIENT: limitSchema(3),
  /**
   * Links to claim guest orders one member may ask for per hour (each is an e-mail to their own
   * address): enough for a lost e-mail or two, not a way to flood an inbox. 429 beyond.
   */
  ORDER_CLAIM_LINKS_PER_MEMBER_PER_HOUR: limitSchema(3),
});

export type Env = z.infer<typeof envSchema>;

/** The only place this service reads its environment. */
export function loadEnv(source: EnvSource = process.env): Env {
  return parseEnv(envSchema, source);
}
