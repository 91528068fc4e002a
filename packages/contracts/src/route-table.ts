import { authRoutes } from './auth';
import { cartRoutes } from './cart';
import { eventRoutes } from './events';
import { newsletterRoutes } from './newsletter';
import { orderRoutes } from './orders';
import { productRoutes } from './products';
import type { RouteContract } from './route-contract';
import type { ServiceName } from './services';
import { shippingRoutes } from './shipping';
import { userRoutes } from './users';

/** The route table: every HTTP route of every service. Adding a route is one entry here. */
export const routeTable: readonly RouteContract[] = [
  authRoutes,
  userRoutes,
  productRoutes,
  cartRoutes,
  shippingRoutes,
  orderRoutes,
  eventRoutes,
  newsletterRoutes,
].flatMap((domain) => Object.values(domain));

export function routesOf(service: ServiceName): RouteContract[] {
  return routeTable.filter((route) => route.service === service);
}

/** Routes the gateway exposes (everything but internal ones). */
export function publicRouteTable(): RouteContract[] {
  return routeTable.filter((route) => route.access !== 'internal');
}

/**
 * The gateway's proxy map: the static prefix of each exposed route (the path up to its first
 * parameter) and the service that owns it. Prefixes are de-duplicated; two services claiming the
 * same prefix is an error, since a request could not be routed unambiguously.
 */
export function proxyPrefixes(routes: readonly RouteContract[] = publicRouteTable()): Array<{
  prefix: string;
  service: ServiceName;
}> {
  const owners = new Map<string, ServiceName>();
  for (const route of routes) {
    const parameterAt = route.path.indexOf('/:');
    const prefix = parameterAt === -1 ? route.path : route.path.slice(0, parameterAt);
    const owner = owners.get(prefix);
    if (owner && owner !== route.service) {
      throw new Error(`Prefix ${prefix} is claimed by both ${owner} and ${route.service}`);
    }
    owners.set(prefix, route.service);
  }
  return [...owners].map(([prefix, service]) => ({ prefix, service }));
}
