/**
 * The six domain services. One name per service, only the case changing:
 * folder and package `catalog-and-orders`, Postgres schema `catalog_and_orders`,
 * gateway variable `CATALOG_AND_ORDERS_URL`.
 */
export const serviceNames = [
  'identity',
  'catalog-and-orders',
  'payments',
  'content-and-events',
  'seo',
  'ai-assistant',
] as const;

export type ServiceName = (typeof serviceNames)[number];

/** Postgres schema owned by a service. */
export function schemaNameOf(service: ServiceName): string {
  return service.replaceAll('-', '_');
}

/** Environment variable holding a service's base URL (gateway, peers, compose). */
export function urlVariableOf(service: ServiceName): string {
  return `${service.replaceAll('-', '_').toUpperCase()}_URL`;
}

/** Port each service listens on by default (compose, development); the gateway takes 3000. */
export const defaultPorts: Record<ServiceName | 'gateway', number> = {
  gateway: 3000,
  identity: 3001,
  'catalog-and-orders': 3002,
  payments: 3003,
  'content-and-events': 3004,
  seo: 3005,
  'ai-assistant': 3006,
};

/**
 * The services whose public reads (what every visitor sees alike) are announced by NOTIFY when
 * they change, each on its channel (its migrations' triggers): their read caches and the
 * gateway's rendered pages keep only what such a change has not touched.
 */
export const publicReadServices = [
  'catalog-and-orders',
  'content-and-events',
] as const satisfies readonly ServiceName[];

/** The NOTIFY channel of a service's public reads. */
export function publicReadChannelOf(service: (typeof publicReadServices)[number]): string {
  return `${schemaNameOf(service)}_public_reads`;
}
