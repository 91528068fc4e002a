/**
 * Where each deployable of the standalone listens and what environment it gets: all the
 * supervisor (main.ts) needs before starting the processes, without loading any service's code.
 */
import { type ServiceName, serviceNames, urlVariableOf } from '@jesus-walks/contracts/services';
import { freePort } from '@jesus-walks/local-postgres/network';
import type { EnvSource } from '@jesus-walks/service-kit/env';

export interface StackSecrets {
  INTERNAL_TOKEN: string;
  IDENTITY_SIGNING_KEY: string;
  SESSION_SECRET: string;
}

export interface PlanOptions {
  databaseUrl: string;
  host: string;
  port: number;
  publicOrigin: string;
  secrets: StackSecrets;
  logLevel: string;
  /** Extra environment for the services and gateway (provider keys, WEB_DIST_DIR, ...). */
  environment?: EnvSource;
}

/** The address to show for the gateway: localhost when it listens on every interface. */
export function siteUrl(host: string, port: number): string {
  const displayHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${displayHost.includes(':') ? `[${displayHost}]` : displayHost}:${port}`;
}

export interface StackPlan {
  /** Each service's loopback port. */
  ports: Record<ServiceName, number>;
  /** Each service's base URL, e.g. http://127.0.0.1:41234. */
  urls: Record<ServiceName, string>;
  /**
   * The services' environment: the shared one, the database, a small pool each, every service's
   * URL (each listens on its own URL's port); with `port`, one service's own.
   */
  serviceEnvironment(port?: number): EnvSource;
  /** The gateway's environment: the shared one, the public host and port, its database. */
  gatewayEnvironment(): EnvSource;
}

/** The loopback port a service listens on: its URL's, as every other deployable reaches it. */
export function servicePortOf(env: EnvSource, name: ServiceName): number {
  const url = env[urlVariableOf(name)];
  const port = url ? Number(new URL(url).port) : Number.NaN;
  if (!Number.isInteger(port) || port <= 0) throw new Error(`${urlVariableOf(name)} names no port`);
  return port;
}

/** Free loopback ports for the services and every deployable's environment. */
export async function planStack(options: PlanOptions): Promise<StackPlan> {
  const free = await Promise.all(serviceNames.map(() => freePort()));
  const ports = Object.fromEntries(serviceNames.map((name, i) => [name, free[i] ?? 0])) as Record<
    ServiceName,
    number
  >;
  const urls = Object.fromEntries(
    serviceNames.map((name) => [name, `http://127.0.0.1:${ports[name]}`]),
  ) as Record<ServiceName, string>;
  const shared: EnvSource = {
    ...options.environment,
    ...options.secrets,
    LOG_LEVEL: options.logLevel,
    PUBLIC_ORIGIN: options.publicOrigin,
    ...Object.fromEntries(serviceNames.map((name) => [urlVariableOf(name), urls[name]])),
  };
  return {
    ports,
    urls,
    serviceEnvironment: (port) => ({
      ...shared,
      DATABASE_URL: options.databaseUrl,
      HOST: '127.0.0.1',
      ...(port !== undefined && { PORT: String(port) }),
      DATABASE_POOL_MAX: '5',
    }),
    gatewayEnvironment: () => ({
      ...shared,
      HOST: options.host,
      PORT: String(options.port),
      DATABASE_URL: options.databaseUrl,
    }),
  };
}
