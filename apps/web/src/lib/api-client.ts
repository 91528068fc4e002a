/**
 * Same-origin JSON client (SPEC.md section 7): the session cookie always goes along, the method
 * defaults to GET, a non-OK answer throws `HTTP {status}: {statusText}` and a successful answer is
 * read as JSON. Callers that must read a non-OK answer themselves use `apiFetch`.
 */

/** Issue of a 400 answer, as the server's error envelope lists them. */
export interface ApiErrorIssue {
  path: (string | number)[];
  message: string;
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
    this.issues = Array.isArray(envelope.issues) ? (envelope.issues as ApiErrorIssue[]) : undefined;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  method?: HttpMethod;
  /** Sent as JSON. Leave undefined for no body (no Content-Type is sent then). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The raw response, whatever its status: for the few calls that read error answers themselves. */
export function apiFetch(path: string, options: ApiRequestOptions = {}): Promise<Response> {
  const { method = 'GET', body, headers, signal } = options;
  const hasBody = body !== undefined;
  return fetch(path, {
    method,
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      // Fastify rejects an empty body declared as JSON, so the header goes only with a body.
      ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
    body: hasBody ? JSON.stringify(body) : null,
    signal: signal ?? null,
  });
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return null;
  const text = await response.text();
  if (text === '') return null;
  return JSON.parse(text) as unknown;
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

/** Throws `ApiError` for a non-OK answer; returns the parsed JSON (null for an empty answer). */
export async function parseResponse<T>(response: Response): Promise<T> {
  if (!response.ok) {
    throw new ApiError(response.status, response.statusText, await readErrorBody(response));
  }
  try {
    return (await readBody(response)) as T;
  } catch (error) {
    throw new Error('Invalid JSON response from server', { cause: error });
  }
}

/**
 * The usual call. `T` is what the caller expects back; validate with the contract's schema where
 * the answer drives more than display.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  return parseResponse<T>(await apiFetch(path, options));
}

type BodylessOptions = Omit<ApiRequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, options?: BodylessOptions) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** The server's own message of a failed call, for toasts that prefer it over a fallback text. */
export function getServerMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}
