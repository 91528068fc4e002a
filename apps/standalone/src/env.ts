import { fileURLToPath } from 'node:url';
import {
  booleanFromString,
  type EnvSource,
  httpUrl,
  parseEnv,
  portSchema,
} from '@jesus-walks/service-kit/env';
import { type MailSettings, mailEnvShape, mailSettingsOf } from '@jesus-walks/service-kit/mailer';
import { z } from 'zod';

export const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

export const envSchema = z.object({
  /** Where the site is served: http://localhost:3000 by default. */
  PORT: portSchema(3000),
  /** localhost keeps the site on this machine; 0.0.0.0 serves the network. */
  HOST: z.string().default('localhost'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** An existing Postgres server; when unset an embedded one keeps its data in DATA_DIR/postgres. */
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().default(`${repositoryRoot}.data`),
  /** Port of the embedded Postgres (127.0.0.1 only); 0 picks a free one. */
  EMBEDDED_POSTGRES_PORT: portSchema(0),
  SEED_DEMO_DATA: booleanFromString.default(true),
  PUBLIC_ORIGIN: httpUrl.optional(),
  /** Generated once and kept in DATA_DIR/secrets.json when not given. */
  INTERNAL_TOKEN: z.string().min(32).optional(),
  IDENTITY_SIGNING_KEY: z.string().min(32).optional(),
  SESSION_SECRET: z.string().min(32).optional(),
});

export type Env = z.infer<typeof envSchema> & {
  /** Everything else in the environment (provider keys, SMTP_URL, ADMIN_*), passed on to the services. */
  passthrough: EnvSource;
  /** How the services will send e-mail (read from the same variables), said once at start-up. */
  mail: MailSettings;
};

/** The services' mail variables, read here only to say where e-mail goes. */
const mailSchema = z.object({ ...mailEnvShape, NODE_ENV: z.string().default('development') });

/** The only place the standalone runner reads its environment. */
export function loadEnv(source: EnvSource = process.env): Env {
  return {
    ...parseEnv(envSchema, source),
    passthrough: { ...source },
    mail: mailSettingsOf(parseEnv(mailSchema, source)),
  };
}
