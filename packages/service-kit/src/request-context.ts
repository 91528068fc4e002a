import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';

/**
 * The request being handled, for code that logs without the request at hand (a service module
 * logging through app.log, a client it calls): the logger's mixin adds its id to every line.
 */
const requestContext = new AsyncLocalStorage<{ reqId: string }>();

/** Runs each request's hooks and handler inside its context. */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    requestContext.run({ reqId: request.id }, done);
  });
}

/**
 * pino's mixin: `reqId` on every line logged while a request is handled, unless the line comes
 * from the request's own logger (Fastify binds `reqId` there already).
 */
export function requestIdMixin(_merge: object, _level: number, logger: Logger): { reqId?: string } {
  const store = requestContext.getStore();
  if (!store || 'reqId' in logger.bindings()) return {};
  return { reqId: store.reqId };
}
