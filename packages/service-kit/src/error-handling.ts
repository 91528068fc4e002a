import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, type ErrorIssue } from './errors';

/**
 * The seconds a 503 asks a client to wait (Retry-After): a restarting service or database is back
 * within seconds. Every 503, from a service, the gateway or a closing app, says the same.
 */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = '5';

/**
 * The one error-to-HTTP map (ARCHITECTURE.md section 6): every error answer is
 * `{message, code, issues?}`; 5xx are logged with the request's context and their text hidden.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: ErrorIssue[] = error.validation.map((issue) => ({
        path: [
          ...(error.validationContext ? [error.validationContext] : []),
          ...issue.instancePath.split('/').filter(Boolean),
        ],
        message: issue.message ?? 'Invalid value',
      }));
      return reply.code(400).send({ message: 'The request is not valid', code: 'validation_failed', issues });
    }
    if (error instanceof DomainError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      if (error.status === 503) reply.header('retry-after', UNAVAILABLE_RETRY_AFTER_SECONDS);
      return reply.code(error.status).send({
        message: error.message,
        code: error.code,
        ...(error.issues ? { issues: error.issues } : {}),
      });
    }
    if (isUnstorableTextError(error)) {
      // A backstop: the text input checks refuse such strings first, but text can reach the
      // database by other ways (a header, a decoded token), and it is still the client's input.
      request.log.warn({ err: error }, 'text the database cannot store');
      return reply.code(400).send({
        message: 'The request contains characters that cannot be stored',
        code: 'validation_failed',
      });
    }
    if (isDatabaseUnavailableError(error)) {
      // Postgres restarting or out of reach: the request may well succeed in a moment, and a 503
      // with Retry-After says so to clients and load balancers alike (a 500 says "our bug").
      request.log.error({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', UNAVAILABLE_RETRY_AFTER_SECONDS).send({
        message: 'The service is unavailable right now. Please try again shortly.',
        code: 'database_unavailable',
      });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, payload too large, unsupported media type...):
      // their messages are written for clients and never carry internals.
      const code = status === 429 ? 'rate_limited' : status === 404 ? 'not_found' : 'bad_request';
      return reply.code(status).send({ message: error.message, code });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(500)
      .send({ message: 'Something went wrong on our side. Please try again.', code: 'internal_error' });
  });
}

/**
 * Postgres refusing the characters of a value: 22021 character_not_in_repertoire (NUL, invalid
 * UTF-8), 22P05 untranslatable_character (NUL as a jsonb \u0000 escape).
 */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

function isUnstorableTextError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && UNSTORABLE_TEXT.has(code);
}

/**
 * Errors of a database that cannot be reached, not of a query: connection exceptions (class 08),
 * the server shutting down or starting (57P01-57P03), refused or dropped sockets, and pg's own
 * messages for a connection cut or not obtained in time.
 */
const DATABASE_DOWN_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
]);
const DATABASE_DOWN_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

function isDatabaseUnavailableError(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (DATABASE_DOWN_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
    return true;
  return typeof message === 'string' && DATABASE_DOWN_MESSAGES.test(message);
}

/** JSON 404 for unknown routes. */
export function sendJsonNotFound(request: FastifyRequest, reply: FastifyReply): void {
  reply
    .code(404)
    .send({ message: `No route for ${request.method} ${request.url.split('?')[0]}`, code: 'not_found' });
}
