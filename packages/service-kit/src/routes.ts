import type { RouteContract } from '@jesus-walks/contracts/route-contract';
import { routesOf } from '@jesus-walks/contracts/route-table';
import type { ServiceName } from '@jesus-walks/contracts/services';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { z } from 'zod';
import type { ServiceApp } from './create-service';
import { requireAdmin, requireUser } from './guards';

type Infer<T> = T extends z.ZodType ? z.infer<T> : unknown;
type RequestOf<C extends RouteContract> = FastifyRequest<{
  Params: Infer<NonNullable<C['request']>['params']>;
  Querystring: Infer<NonNullable<C['request']>['querystring']>;
  Body: Infer<NonNullable<C['request']>['body']>;
}>;
type SuccessStatus<C extends RouteContract> = Extract<keyof C['responses'], 200 | 201 | 202>;
/** What a handler may return: the body of its success response (or send through reply itself). */
export type ResponseOf<C extends RouteContract> = z.input<C['responses'][SuccessStatus<C>]>;

export type RouteHandler<C extends RouteContract> = (
  request: RequestOf<C>,
  reply: FastifyReply,
) => Promise<ResponseOf<C> | FastifyReply>;

const guards: Record<RouteContract['access'], onRequestHookHandler[]> = {
  public: [],
  internal: [], // the identity plugin checks the internal token for every /internal/* path
  user: [requireUser],
  admin: [requireAdmin],
};

/**
 * Registers a route from its contract: method, path, schemas and guard all come from the route
 * table, so a route cannot drift from what the gateway, the web client and the security tests
 * believe. Guards run on onRequest, before the body is parsed: 401/403 come before 400.
 */
export function registerRoute<C extends RouteContract>(
  app: ServiceApp,
  contract: C,
  handler: RouteHandler<C>,
): void {
  app.route({
    method: contract.method,
    url: contract.path,
    schema: {
      ...(contract.request?.params ? { params: contract.request.params } : {}),
      ...(contract.request?.querystring ? { querystring: contract.request.querystring } : {}),
      ...(contract.request?.body ? { body: contract.request.body } : {}),
      response: contract.responses,
    },
    onRequest: guards[contract.access],
    handler: handler as never,
  });
}

/**
 * Fails start-up (app.ready) when a route of the table that this service owns is not registered:
 * the table is the truth the gateway, the web client and the security tests rely on.
 */
export function verifyRouteTable(app: ServiceApp, service: ServiceName): void {
  app.addHook('onReady', async () => {
    const missing = routesOf(service).filter(
      (route) => !app.hasRoute({ method: route.method, url: route.path }),
    );
    if (missing.length > 0) {
      throw new Error(
        `${service} does not implement: ${missing.map((route) => `${route.method} ${route.path}`).join(', ')}`,
      );
    }
  });
}
