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
  /**
   * A public GET whose answer is the same for every anonymous caller and whose changes its service
   * announces (a service of `publicReadServices`, with NOTIFY): the gateway may keep the answer
   * until such a change (apps/gateway/src/kept-answers.ts). The service still says, per answer,
   * whether it may be kept (`Cache-Control: public`).
   */
  sharedRead?: true;
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

/** A path's parameters: `:name`, a letter or underscore then letters, digits or underscores. */
const PATH_PARAMETER = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** The name a path parameter's text starts with: it ends at the next '/' or '.'. */
type ParameterName<Text extends string> = Text extends `${infer Name}/${string}`
  ? ParameterName<Name>
  : Text extends `${infer Name}.${string}`
    ? Name
    : Text;

/** The names of a path's parameters: PathParameterNames<'/api/events/:id'> is 'id'. */
export type PathParameterNames<Path extends string> = Path extends `${string}:${infer Rest}`
  ? ParameterName<Rest> | PathParameterNames<Rest>
  : never;

/** The values a path needs, one per parameter. */
export type PathParams<Path extends string> = Record<PathParameterNames<Path>, string | number>;

/**
 * The path of a route (or a path in the route table's style) with each `:name` replaced by its
 * value, URI-encoded: the one way the web client, the internal client, the gateway and the tests
 * fill a path. A parameter without a value is a programming error, thrown.
 */
export function pathOf<const Path extends string>(
  route: { path: Path } | Path,
  params?: PathParams<Path>,
): string {
  const path = typeof route === 'string' ? route : route.path;
  const values = (params ?? {}) as Readonly<Record<string, unknown>>;
  return path.replace(PATH_PARAMETER, (_match, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The path as OpenAPI writes it: `/api/events/{id}`. */
export function openApiPathOf(path: string): string {
  return path.replace(PATH_PARAMETER, '{$1}');
}
