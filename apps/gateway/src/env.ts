import { defaultPorts, type ServiceName, serviceNames, urlVariableOf } from '@jesus-walks/contracts/services';
import {
  booleanFromString,
  type EnvSource,
  httpUrl,
  parseEnv,
  portSchema,
} from '@jesus-walks/service-kit/env';
import { z } from 'zod';

const serviceUrls = Object.fromEntries(serviceNames.map((name) => [urlVariableOf(name), httpUrl])) as Record<
  string,
  typeof httpUrl
>;

export const envSchema = z.object({
  HOST: z.string().default('0.0.0.0'),
  PORT: portSchema(defaultPorts.gateway),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  INTERNAL_TOKEN: z.string().min(32, 'INTERNAL_TOKEN must be at least 32 characters'),
  IDENTITY_SIGNING_KEY: z.string().min(32, 'IDENTITY_SIGNING_KEY must be at least 32 characters'),
  /** The site's own origin: state-changing requests from any other origin are refused. */
  PUBLIC_ORIGIN: httpUrl.default('http://localhost:3000'),
  /** Where the web app's build is (apps/web/dist). */
  WEB_DIST_DIR: z.string().default(new URL('../../web/dist', import.meta.url).pathname),
  /** The server render's bundle (`pnpm build` writes it beside the web build). */
  WEB_SERVER_ENTRY: z
    .string()
    .default(new URL('../../web/dist-server/entry-server.js', import.meta.url).pathname),
  /**
   * The gateway's schema (its role's own), where replicas share the API rate limit's counts, and
   * where it hears the services' changes (LISTEN) to keep rendered pages. Set it whenever more than
   * one gateway runs; without it each process counts alone, and every page is rendered each time.
   */
  DATABASE_URL: z.url().optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(2),
  RUN_MIGRATIONS: booleanFromString.default(true),
  /**
   * The bearer token a Prometheus scraper presents for the gateway's /metrics (the gateway is the
   * one deployable the internet reaches). Without it the gateway has no /metrics.
   */
  METRICS_TOKEN: z.string().min(32, 'METRICS_TOKEN must be at least 32 characters').optional(),
  /** An OTLP/HTTP collector's base URL: tracing is off without it. */
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
  /** API requests per minute per client address. */
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  /** How long a service may take to answer before the gateway gives up (the assistant is the slowest). */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /** Trust X-Forwarded-* from a reverse proxy in front (the client address for rate limits). */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  ...serviceUrls,
});

export type Env = z.infer<typeof envSchema> & {
  /** Base URL of each service, from IDENTITY_URL, CATALOG_AND_ORDERS_URL, ... */
  upstreams: Record<ServiceName, string>;
};

/** The only place the gateway reads its environment. */
export function loadEnv(source: EnvSource = process.env): Env {
  const parsed = parseEnv(envSchema, source);
  const values = parsed as Record<string, unknown>;
  const upstreams = Object.fromEntries(
    serviceNames.map((name) => [name, String(values[urlVariableOf(name)])]),
  );
  return { ...parsed, upstreams: upstreams as Record<ServiceName, string> };
}
