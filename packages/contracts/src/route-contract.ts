import type { z } from 'zod';
import type { ServiceName } from './services';

/**
 * public: anyone; user: a logged-in user; admin: a user with isAdmin;
 * internal: service to service only, with the shared INTERNAL_TOKEN, never exposed by the gateway.
 */
export type Access = 'public' | 'user' | 'admin' | 'internal';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteContract {
  method: HttpMethod;
  /** Fastify-style path, `:name` for a parameter. */
  path: string;
  service: ServiceName;
  access: Access;
  summary: string;
  request?: {
    params?: z.ZodType;
    querystring?: z.ZodType;
    body?: z.ZodType;
  };
  /** Response schema per status; they also strip whatever is not declared. */
  responses: Record<number, z.ZodType>;
}

export function defineRoute<const T extends RouteContract>(route: T): T {
  return route;
}

/**
 * A domain's routes, each under its own name (`eventRoutes.register`): a route is always found by
 * name, never by position, so adding one never re-binds another.
 */
export function defineRoutes<const T extends Record<string, RouteContract>>(routes: T): Readonly<T> {
  return Object.freeze(routes);
}
