import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';
import { DomainError, type ErrorIssue } from './errors';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Enough to name what is wrong; a body full of bad strings does not get a huge answer. */
const MAX_ISSUES = 20;

/**
 * What is wrong with a string as text to store, or null when nothing is. Postgres refuses NUL
 * (U+0000) in text and jsonb, and a lone UTF-16 surrogate has no UTF-8 form (the driver would
 * silently store U+FFFD instead).
 */
export function textProblemOf(value: string): string | null {
  if (value.includes('\u0000')) return 'Must not contain a NUL character (U+0000)';
  if (LONE_SURROGATE.test(value)) return 'Must be valid Unicode text (it has a lone surrogate)';
  return null;
}

interface Visit {
  value: unknown;
  key: string | number;
  parent: Visit | null;
}

function pathOf(visit: Visit): Array<string | number> {
  const path: Array<string | number> = [];
  for (let at: Visit | null = visit; at; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * Every string in a parsed body, query or params (object keys included) that is not storable text,
 * named by its path. Walks with its own stack and builds a path only for a problem: a deeply nested
 * body can neither overflow the call stack nor cost more than one step per value.
 */
export function textIssuesIn(value: unknown, root: string): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  const stack: Visit[] = [{ value, key: root, parent: null }];
  while (stack.length > 0 && issues.length < MAX_ISSUES) {
    const visit = stack.pop() as Visit;
    const current = visit.value;
    if (typeof current === 'string') {
      const problem = textProblemOf(current);
      if (problem) issues.push({ path: pathOf(visit), message: problem });
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) {
        stack.push({ value: current[index], key: index, parent: visit });
      }
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, child] = entries[index] as [string, unknown];
        const keyProblem = textProblemOf(key);
        if (keyProblem) {
          // The key itself cannot be shown as a path safely; name its parent and say which.
          issues.push({ path: pathOf(visit), message: `A field name: ${keyProblem}` });
          continue;
        }
        stack.push({ value: child, key, parent: visit });
      }
    }
  }
  return issues;
}

/**
 * Text every service can store (ARCHITECTURE.md section 6, validation): JSON bodies must be valid
 * UTF-8, and no string in the params, query or body (whatever its content type) may hold a NUL or a
 * lone surrogate. Both answer 400 `validation_failed` naming the field, before the route's schema
 * runs, so no route has to think of it and none can reach the database with such text (a 500).
 */
export function registerTextInputChecks(app: FastifyInstance): void {
  // Fastify's own JSON parser with its prototype-poisoning protection; only the bytes are checked
  // first, since decoding invalid UTF-8 would quietly turn it into U+FFFD.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) {
      done(
        new DomainError('validation_failed', 'The request body is not valid UTF-8 text', [
          { path: ['body'], message: 'Must be valid UTF-8' },
        ]),
        undefined,
      );
      return;
    }
    parseJson(request, bytes.toString('utf8'), done);
  });

  app.addHook('preValidation', async (request) => {
    const issues = [
      ...textIssuesIn(request.params, 'params'),
      ...textIssuesIn(request.query, 'querystring'),
      ...textIssuesIn(request.body, 'body'),
    ].slice(0, MAX_ISSUES);
    if (issues.length > 0) throw new DomainError('validation_failed', 'The request is not valid', issues);
  });
}
