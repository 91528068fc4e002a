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
   * service's entries are missing and the page lists it as unavailable.
   */
  CATALOG_AND_ORDERS_URL: optionalUrl,
  PAYMENTS_URL: optionalUrl,
  CONTENT_AND_EVENTS_URL: optionalUrl,
  AI_ASSISTANT_URL: optionalUrl,
  ...mailEnvShape,
});

export type Env = z.infer<typeof envSchema>;

/** The only place this service reads its environment. */
export function loadEnv(source: EnvSource = process.env): Env {
  return parseEnv(envSchema, source);
}
