import { z } from 'zod';

/** Raised when the environment does not satisfy a schema; names every offending key. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export type EnvSource = Record<string, string | undefined>;

/**
 * Parses an environment with a zod schema. Empty strings count as unset, so `FOO=` in a
 * compose file behaves like a missing value and gets the default or the error.
 */
export function parseEnv<S extends z.ZodType>(schema: S, source: EnvSource): z.infer<S> {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const key = issue.path.join('.') || '(root)';
    const missing = issue.code === 'invalid_type' && !(key in cleaned);
    return missing ? `${key} is required but not set` : `${key}: ${issue.message}`;
  });
  throw new ConfigError(problems);
}

export const secret = (name: string) => z.string().min(32, `${name} must be at least 32 characters`);

/**
 * The values a secret is checked against: the current one first, then, while it is rotated, the
 * other one (`*_PREVIOUS`). Only the first ever signs or is sent.
 */
export function acceptedSecrets(current: string, previous: string | undefined): readonly string[] {
  return previous ? [current, previous] : [current];
}

export const booleanFromString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * An http(s) URL. z.url() alone accepts any scheme, so `localhost:3002` (read as scheme
 * `localhost:`) would pass validation and only fail at the first call.
 */
export const httpUrl = z.url({ protocol: /^https?$/ });

/** What every service reads; a service's env.ts extends it with its own keys. */
export const serviceEnvSchema = z.object({
  /** Only chooses defaults ('production': the safe ones); every behaviour has its own named setting. */
  NODE_ENV: z.string().default('development'),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.url(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  INTERNAL_TOKEN: secret('INTERNAL_TOKEN'),
  IDENTITY_SIGNING_KEY: secret('IDENTITY_SIGNING_KEY'),
  /** While a secret is rotated (docs/operations.md): a second value accepted, never used to sign or send. */
  INTERNAL_TOKEN_PREVIOUS: secret('INTERNAL_TOKEN_PREVIOUS').optional(),
  IDENTITY_SIGNING_KEY_PREVIOUS: secret('IDENTITY_SIGNING_KEY_PREVIOUS').optional(),
  PUBLIC_ORIGIN: httpUrl.default('http://localhost:3000'),
  RUN_MIGRATIONS: booleanFromString.default(true),
  /** An OTLP/HTTP collector's base URL (http://collector:4318): tracing is off without it. */
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
});

export const portSchema = (defaultPort: number) =>
  z.coerce.number().int().min(0).max(65535).default(defaultPort);
export const optionalUrl = httpUrl.optional();
