import { defaultPorts } from '@jesus-walks/contracts/services';
import {
  booleanFromString,
  type EnvSource,
  optionalUrl,
  parseEnv,
  portSchema,
  secret,
  serviceEnvSchema,
} from '@jesus-walks/service-kit/env';
import { mailEnvShape } from '@jesus-walks/service-kit/mailer';
import { linkSigningEnvShape } from '@jesus-walks/service-kit/signed-links';
import { z } from 'zod';

export const envSchema = serviceEnvSchema.extend({
  PORT: portSchema(defaultPorts.identity),
  SESSION_SECRET: secret('SESSION_SECRET'),
  /** While SESSION_SECRET is rotated: cookies signed with this one stay valid (and are re-signed). */
  SESSION_SECRET_PREVIOUS: secret('SESSION_SECRET_PREVIOUS').optional(),
  /** Idle timeout of a session; every authenticated request pushes it forward. */
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  /** Absolute lifetime of a session, however active it is. */
  SESSION_MAX_DAYS: z.coerce.number().positive().default(30),
  /**
   * Password guessing spread over many addresses (OWASP device cookies): failed logins to one
   * account from browsers without its device cookie, from every address together, may number this
   * many within LOGIN_LOCKOUT_WINDOW_MINUTES; one more and such browsers are refused for that long
   * (and the owner is e-mailed). A browser holding the account's device cookie has the same
   * allowance of its own. Not below 10, the guesses one address has at an account: one stranger
   * alone can never lock the owner out.
   */
  LOGIN_LOCKOUT_FAILURES: z.coerce.number().int().min(10).max(1000).default(10),
  /** The window failures count in, and how long a lockout lasts; within the day attempts are kept. */
  LOGIN_LOCKOUT_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  /** How long a device cookie (signed with a key derived from SESSION_SECRET) is honoured. */
  DEVICE_COOKIE_DAYS: z.coerce.number().int().min(1).max(400).default(365),
  /** The first administrator, created at start-up when no user has that username. */
  ADMIN_USERNAME: z.string().trim().min(3).optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  /**
   * Development only: forgot-password answers with the reset token itself (the spec's development
   * toast). Never in production, where it would let anyone reset anyone's password.
   */
  EXPOSE_RESET_TOKEN: booleanFromString.default(false),
  /**
   * The audited peers whose activity records `GET /api/admin/audit-log` gathers. Unset: that
   * service's entries are missing and the page lists it as unavailable. The same services answer
   * for a member's data (contracts/privacy.ts): unset, a download or an account's erasure waits
   * for it (its job retries).
   */
  CATALOG_AND_ORDERS_URL: optionalUrl,
  PAYMENTS_URL: optionalUrl,
  CONTENT_AND_EVENTS_URL: optionalUrl,
  AI_ASSISTANT_URL: optionalUrl,
  ...mailEnvShape,
  /** Signs the links of its e-mails (linkSigningKeys): confirming an e-mail address. */
  ...linkSigningEnvShape,
});

export type Env = z.infer<typeof envSchema>;

/** The only place this service reads its environment. */
export function loadEnv(source: EnvSource = process.env): Env {
  return parseEnv(envSchema, source);
}
