import { headers } from '@jesus-walks/contracts/common';
import { pathOf, type RouteContract } from '@jesus-walks/contracts/route-contract';
import { Agent, request } from 'undici';
import { z } from 'zod';
import { DomainError, type ErrorIssue } from './errors';

type Infer<T> = T extends z.ZodType ? z.input<T> : undefined;
/** Path parameters: a number or its text for each name (the path is text either way). */
export type PathParams<T> = T extends z.ZodType ? { [K in keyof z.input<T>]: string | number } : undefined;
type SuccessSchema<C extends RouteContract> = C['responses'][Extract<keyof C['responses'], 200 | 201>];

export interface CallOptions<C extends RouteContract> {
  params?: PathParams<NonNullable<C['request']>['params']>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: Infer<NonNullable<C['request']>['body']>;
  /** Request id of the incoming request, so logs line up across services. */
  requestId?: string;
  /** Extra headers (the caller's cookie when resolving a session, say). */
  headers?: Record<string, string>;
}

export interface InternalClient {
  call<C extends RouteContract>(contract: C, options?: CallOptions<C>): Promise<z.infer<SuccessSchema<C>>>;
  close(): Promise<void>;
}

export interface InternalClientOptions {
  baseUrl: string;
  internalToken: string;
  timeoutMs?: number;
}

/**
 * A typed client for another service's routes (usually /internal/*). Keeps connections alive,
 * carries INTERNAL_TOKEN and the request id, validates the answer with the contract, and turns
 * failures into domain errors: the peer down -> 503, a peer's 4xx -> the same status and message.
 */
export function createInternalClient(options: InternalClientOptions): InternalClient {
  const timeout = options.timeoutMs ?? 5_000;
  const agent = new Agent({ keepAliveTimeout: 10_000, connectTimeout: Math.min(timeout, 2_000) });
  const base = options.baseUrl.replace(/\/+$/, '');

  return {
    async call(contract, callOptions = {}) {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(callOptions.query ?? {})) {
        if (value !== undefined) search.set(key, String(value));
      }
      const query = search.size > 0 ? `?${search}` : '';
      const url = `${base}${pathOf(contract.path, callOptions.params as Record<string, string | number> | undefined)}${query}`;
      const outgoing: Record<string, string> = {
        [headers.internalToken]: options.internalToken,
        ...(callOptions.requestId ? { [headers.requestId]: callOptions.requestId } : {}),
        ...(callOptions.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...callOptions.headers,
      };
      // With tracing on, undici's instrumentation makes the call's span and adds its traceparent.
      let response: Awaited<ReturnType<typeof request>>;
      try {
        response = await request(url, {
          method: contract.method,
          dispatcher: agent,
          headersTimeout: timeout,
          bodyTimeout: timeout,
          headers: outgoing,
          ...(callOptions.body !== undefined ? { body: JSON.stringify(callOptions.body) } : {}),
        });
      } catch (error) {
        throw new DomainError('upstream_unavailable', `${contract.service} is unavailable`, undefined, {
          cause: error,
        });
      }
      const text = await response.body.text();
      let payload: unknown;
      try {
        payload = text === '' ? undefined : JSON.parse(text);
      } catch {
        throw new DomainError('upstream_error', `${contract.service} answered with invalid JSON`);
      }
      if (response.statusCode >= 400) {
        const message =
          typeof payload === 'object' &&
          payload !== null &&
          'message' in payload &&
          typeof payload.message === 'string'
            ? payload.message
            : `${contract.service} answered ${response.statusCode}`;
        if (response.statusCode === 401 || response.statusCode === 403) {
          // Our own credentials were refused: a misconfiguration between services, not the caller's fault.
          throw new DomainError('upstream_error', `${contract.service} refused the internal call`);
        }
        const code = response.statusCode >= 500 ? 'upstream_error' : statusToCode(response.statusCode);
        // The peer's issues (which item, which field) travel on with its 4xx: the caller may act on them.
        const issues = response.statusCode < 500 ? issuesOf(payload) : undefined;
        throw new DomainError(code, message, issues);
      }
      const schema = contract.responses[response.statusCode] ?? contract.responses[200];
      if (!schema) return payload as never;
      const parsed = schema.safeParse(payload);
      if (!parsed.success) {
        throw new DomainError('upstream_error', `${contract.service} answered an unexpected shape`);
      }
      return parsed.data as never;
    },
    async close() {
      await agent.close();
    },
  };
}

const PeerIssuesSchema = z.array(
  z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }),
);

function issuesOf(payload: unknown): ErrorIssue[] | undefined {
  if (typeof payload !== 'object' || payload === null || !('issues' in payload)) return undefined;
  const parsed = PeerIssuesSchema.safeParse(payload.issues);
  return parsed.success ? parsed.data : undefined;
}

function statusToCode(status: number) {
  switch (status) {
    case 400:
      return 'bad_request' as const;
    case 404:
      return 'not_found' as const;
    case 409:
      return 'conflict' as const;
    case 429:
      return 'rate_limited' as const;
    default:
      return 'business_rule' as const;
  }
}
