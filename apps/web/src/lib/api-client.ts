import { pathOf, type RouteContract } from '@jesus-walks/contracts/route-contract';
import type { z } from 'zod';

/**
 * The browser's typed client, twin of the services' internal client
 * (packages/service-kit/src/internal-client.ts): one call takes a route contract of
 * packages/contracts, fills its path, sends the request and validates the answer against the
 * contract's success schema. No feature writes an API path by hand or casts an answer.
 *
 * SPEC.md section 7: same origin, the session cookie always goes along, the method is the
 * contract's, a body goes as JSON (no Content-Type without one), a non-OK answer throws
 * `HTTP {status}: {statusText}` unless the call states otherwise (`readResponse`), and a successful
 * answer is read as JSON (as text when the contract's success schema is `z.string()`: CSV).
 */

/** Issue of a 400 answer, as the server's error envelope lists them. */
export interface ApiErrorIssue {
  path: (string | number)[];
  message: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isIssue(value: unknown): value is ApiErrorIssue {
  return (
    isRecord(value) &&
    Array.isArray(value.path) &&
    value.path.every((key) => typeof key === 'string' || typeof key === 'number') &&
    typeof value.message === 'string'
  );
}

/** A non-OK answer. `message` is the spec's generic text; the server's own text is `serverMessage`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly statusText: string;
  /** `message` of the server's `{message, code, issues?}` envelope, when the body had one. */
  readonly serverMessage: string | undefined;
  readonly code: string | undefined;
  readonly issues: ApiErrorIssue[] | undefined;
  readonly body: unknown;

  constructor(status: number, statusText: string, body: unknown) {
    super(`HTTP ${status}: ${statusText}`);
    this.status = status;
    this.statusText = statusText;
    this.body = body;
    const envelope = isRecord(body) ? body : {};
    this.serverMessage =
      typeof envelope.message === 'string' && envelope.message !== '' ? envelope.message : undefined;
    this.code = typeof envelope.code === 'string' ? envelope.code : undefined;
    this.issues = Array.isArray(envelope.issues) ? envelope.issues.filter(isIssue) : undefined;
  }
}

/** Where an answer's shape disagrees with the contract. */
export interface ApiResponseIssue {
  path: PropertyKey[];
  message: string;
}

/**
 * A successful answer that is not what the contract promises: not JSON, or JSON of another shape.
 * Never a silent cast: the caller sees an error, as for a failed call.
 */
export class ApiResponseError extends Error {
  override readonly name = 'ApiResponseError';
  readonly method: string;
  readonly path: string;
  readonly status: number;
  /** What was read (the text when it was not JSON). */
  readonly payload: unknown;
  /** Empty when the answer was not JSON. */
  readonly issues: readonly ApiResponseIssue[];

  constructor(
    message: string,
    details: {
      method: string;
      path: string;
      status: number;
      payload: unknown;
      issues?: readonly ApiResponseIssue[];
    },
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.method = details.method;
    this.path = details.path;
    this.status = details.status;
    this.payload = details.payload;
    this.issues = details.issues ?? [];
  }
}

type RequestPart = keyof NonNullable<RouteContract['request']>;

/** The contract's schema of one request part, or undefined when the route takes none. */
type RequestSchema<C extends RouteContract, K extends RequestPart> = C extends {
  request: { [P in K]: infer S extends z.ZodType };
}
  ? S
  : undefined;

/** Path parameters: a number or its text for each name (the path is text either way). */
export type PathParams<S> = S extends z.ZodType ? { [K in keyof z.input<S>]: string | number } : undefined;

type SuccessSchema<C extends RouteContract> = C['responses'][Extract<keyof C['responses'], 200 | 201 | 202>];

/** What a successful call returns: the contract's 200 (or 201, or 202) schema's output. */
export type ApiAnswer<C extends RouteContract> =
  SuccessSchema<C> extends z.ZodType ? z.output<SuccessSchema<C>> : never;

type ParamsOption<C extends RouteContract> =
  RequestSchema<C, 'params'> extends z.ZodType
    ? { params: PathParams<RequestSchema<C, 'params'>> }
    : { params?: undefined };

type QueryOption<C extends RouteContract> =
  RequestSchema<C, 'querystring'> extends z.ZodType
    ? { query?: z.input<RequestSchema<C, 'querystring'>> }
    : { query?: undefined };

type BodyOption<C extends RouteContract> =
  RequestSchema<C, 'body'> extends z.ZodType
    ? { body: z.input<RequestSchema<C, 'body'>> }
    : { body?: undefined };

export type CallOptions<C extends RouteContract> = ParamsOption<C> &
  QueryOption<C> &
  BodyOption<C> & {
    /** Extra headers (an Idempotency-Key, say). */
    headers?: Record<string, string>;
    signal?: AbortSignal | undefined;
    /** The request outlives the page (fetch keepalive): a call made while the browser leaves it. */
    keepalive?: boolean;
    /**
     * The call states otherwise (SPEC.md section 7): it reads the raw answer itself, whatever its
     * status, instead of the usual 'HTTP {status}: {statusText}' and schema check.
     */
    readResponse?: (response: Response) => Promise<ApiAnswer<C>>;
  };

/** The options argument may be left out when the route needs no params and no body. */
type OptionsArgument<C extends RouteContract> =
  Record<string, never> extends CallOptions<C> ? [options?: CallOptions<C>] : [options: CallOptions<C>];

interface LooseOptions {
  params?: Record<string, string | number> | undefined;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal | undefined;
  keepalive?: boolean;
  readResponse?: (response: Response) => Promise<unknown>;
}

function queryString(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** The schema a successful answer is checked with: its status's own, else the 200 or 201 one. */
function successSchema(contract: RouteContract, status: number): z.ZodType | undefined {
  return (
    contract.responses[status] ??
    contract.responses[200] ??
    contract.responses[201] ??
    contract.responses[202]
  );
}

/** A `z.string()` success schema marks a text answer (the CSV exports). */
function isTextSchema(schema: z.ZodType | undefined): boolean {
  return schema?.def.type === 'string';
}

/** Body of an error answer when it is JSON, else its text (or null). Never throws. */
async function readErrorBody(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    if (text === '') return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  } catch {
    return null;
  }
}

/**
 * How a call reaches the API. In the browser: `fetch` on the page's own origin. While the gateway
 * renders a page on the server (entry-server.tsx), the render's own transport: the gateway's API
 * for that request, with the visitor's cookie. A resolver rather than a variable, because renders
 * of different visitors run concurrently.
 */
export interface ApiTransport {
  fetch: (path: string, init: RequestInit) => Promise<Response>;
}

let transportResolver: () => ApiTransport | undefined = () => undefined;

/** Installed once by the server entry; the browser never calls it. */
export function setApiTransportResolver(resolver: () => ApiTransport | undefined): void {
  transportResolver = resolver;
}

/**
 * Calls the route of `contract` and returns its validated answer:
 * `callApi(eventRoutes.register, { params: { id }, body, headers })`.
 */
export async function callApi<C extends RouteContract>(
  contract: C,
  ...[options]: OptionsArgument<C>
): Promise<ApiAnswer<C>> {
  const { params, query, body, headers, signal, keepalive, readResponse } = (options ?? {}) as LooseOptions;
  const path = pathOf(contract.path, params);
  const hasBody = body !== undefined;
  const schema = successSchema(contract, 200);
  const send = transportResolver()?.fetch ?? fetch;
  const response = await send(`${path}${queryString(query)}`, {
    method: contract.method,
    credentials: 'include',
    headers: {
      Accept: isTextSchema(schema) ? 'text/csv, text/plain, */*' : 'application/json',
      // Fastify rejects an empty body declared as JSON, so the header goes only with a body.
      ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
    body: hasBody ? JSON.stringify(body) : null,
    signal: signal ?? null,
    ...(keepalive ? { keepalive: true } : {}),
  });
  if (readResponse) return (await readResponse(response)) as ApiAnswer<C>;
  return (await readUsualAnswer(contract, path, response)) as ApiAnswer<C>;
}

/**
 * What callApi does with an answer when the call reads none itself: a non-OK answer throws
 * ApiError, a successful one is checked against the contract. For a `readResponse` that reads some
 * answers its own way (a stream of server-sent events) and leaves the others as usual.
 */
export async function readApiAnswer<C extends RouteContract>(
  contract: C,
  response: Response,
): Promise<ApiAnswer<C>> {
  const path = response.url ? new URL(response.url, 'http://localhost').pathname : contract.path;
  return (await readUsualAnswer(contract, path, response)) as ApiAnswer<C>;
}

async function readUsualAnswer(contract: RouteContract, path: string, response: Response): Promise<unknown> {
  if (!response.ok) {
    throw new ApiError(response.status, response.statusText, await readErrorBody(response));
  }
  return readAnswer(contract, path, response);
}

async function readAnswer(contract: RouteContract, path: string, response: Response): Promise<unknown> {
  const schema = successSchema(contract, response.status);
  const details = { method: contract.method, path, status: response.status };
  const text = response.status === 204 || response.status === 205 ? '' : await response.text();
  let payload: unknown = text;
  if (!isTextSchema(schema)) {
    try {
      payload = text === '' ? undefined : (JSON.parse(text) as unknown);
    } catch (error) {
      throw new ApiResponseError(
        'Invalid JSON response from server',
        { ...details, payload: text },
        { cause: error },
      );
    }
  }
  if (!schema) {
    throw new ApiResponseError(`No response schema for ${contract.method} ${contract.path}`, {
      ...details,
      payload,
    });
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ path: issue.path, message: issue.message }));
    throw new ApiResponseError('Unexpected response from server', { ...details, payload, issues });
  }
  return parsed.data;
}

/** The server's own message of a failed call, for toasts that prefer it over a fallback text. */
export function getServerMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}
