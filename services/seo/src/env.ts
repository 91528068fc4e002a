import { defaultPorts } from '@jesus-walks/contracts/services';
import {
  type EnvSource,
  optionalUrl,
  parseEnv,
  portSchema,
  serviceEnvSchema,
} from '@jesus-walks/service-kit/env';
import { z } from 'zod';

export const envSchema = serviceEnvSchema.extend({
  PORT: portSchema(defaultPorts.seo),
  /** Peers asked for sitemap entries (products, events); without them the sitemap lists static pages. */
  CATALOG_AND_ORDERS_URL: optionalUrl,
  CONTENT_AND_EVENTS_URL: optionalUrl,
  /** Google service account; without both, Search Console reports "Not Configured". */
  GOOGLE_CLIENT_EMAIL: z.email().optional(),
  /** PEM key; `\n` escapes (as env files usually carry it) are turned back into newlines. */
  GOOGLE_PRIVATE_KEY: z
    .string()
    .transform((key) => key.replaceAll('\\n', '\n'))
    .optional(),
  /**
   * The Search Console property: a URL prefix (https://example.org/) or a domain
   * (sc-domain:example.org). Defaults to PUBLIC_ORIGIN as a URL prefix.
   */
  SEARCH_CONSOLE_SITE_URL: z.string().min(1).optional(),
  /** Base URL of the Search Console API (googleapis' rootUrl); a local fake in tests. */
  SEARCH_CONSOLE_ROOT_URL: optionalUrl,
  /** Google's OAuth token endpoint for the service account's JWT exchange; a local fake in tests. */
  SEARCH_CONSOLE_TOKEN_URL: optionalUrl,
  /**
   * How long /sitemap.xml and /robots.txt are served from memory before the owners of events and
   * products are asked again (docs/decisions/018-sitemap-cache-and-search-console-history.md).
   */
  /**
   * Where the head check fetches the public pages: the gateway as seen from this service. Defaults
   * to PUBLIC_ORIGIN; in compose and Kubernetes the gateway's internal address, since the public
   * name may not resolve (or may be localhost) inside a container.
   */
  HEAD_CHECK_ORIGIN: optionalUrl,
  SITEMAP_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
});

export type Env = z.infer<typeof envSchema>;

/** The only place this service reads its environment. */
export function loadEnv(source: EnvSource = process.env): Env {
  return parseEnv(envSchema, source);
}
