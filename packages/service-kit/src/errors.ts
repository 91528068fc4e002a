/**
 * Typed domain errors. Services throw these; the one error handler in create-service maps the
 * code to the HTTP status and the `{message, code, issues?}` body (ARCHITECTURE.md section 6).
 */
export const errorStatus = {
  validation_failed: 400,
  bad_request: 400,
  unauthorized: 401,
  invalid_identity: 401,
  /** A payment the processor refused or that is not completed (card declined, insufficient funds). */
  payment_required: 402,
  card_declined: 402,
  insufficient_funds: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  out_of_stock: 409,
  /** The cart no longer matches what the seller can sell at the prices shown (issues say what changed). */
  cart_changed: 409,
  /** The waiver accepted is no longer the current version: the walker reads the new one and accepts it. */
  waiver_changed: 409,
  business_rule: 422,
  rate_limited: 429,
  internal_error: 500,
  upstream_error: 502,
  upstream_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export interface ErrorIssue {
  path: Array<string | number>;
  message: string;
}

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly issues: ErrorIssue[] | undefined;

  constructor(code: ErrorCode, message: string, issues?: ErrorIssue[], options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DomainError';
    this.code = code;
    this.status = errorStatus[code];
    this.issues = issues;
  }
}

export const badRequest = (message: string, issues?: ErrorIssue[]) =>
  new DomainError('bad_request', message, issues);
export const unauthorized = (message = 'Authentication required') => new DomainError('unauthorized', message);
export const forbidden = (message = 'You do not have permission to do this') =>
  new DomainError('forbidden', message);
export const notFound = (message = 'Not found') => new DomainError('not_found', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const outOfStock = (message: string) => new DomainError('out_of_stock', message);
export const businessRule = (message: string) => new DomainError('business_rule', message);
export const upstreamUnavailable = (message: string) => new DomainError('upstream_unavailable', message);
