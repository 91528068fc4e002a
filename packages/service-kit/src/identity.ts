import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Identity, IdentitySchema } from '@jesus-walks/contracts/common';
import { z } from 'zod';

/**
 * The gateway resolves the session once and forwards who is calling as a signed header on every
 * request it proxies: `v2.<base64url(json)>.<base64url(hmac-sha256)>` (docs/decisions/007).
 * The payload names the user (or null), the client's address, and the method and path the header
 * was issued for, with the time it was issued. A captured header is good for that one request
 * only, for a few seconds: it cannot be replayed on another route or later.
 */
const VERSION = 'v2';
/** How old a header may be: the time from the gateway signing it to the service reading it. */
export const IDENTITY_MAX_AGE_MS = 5_000;
/** Clock skew tolerated for a header dated in the future (hosts keep time with NTP). */
export const IDENTITY_MAX_FUTURE_MS = 1_000;

/** What a verified header says about the request. */
export interface CallerClaims {
  /** The logged-in user; null for an anonymous caller. */
  user: Identity | null;
  /** The client's address as the gateway saw it. */
  clientAddress: string;
}

/** The request a header is bound to: its method and the path the service receives, query excluded. */
export interface IdentityBinding {
  method: string;
  url: string;
}

const PayloadSchema = z.object({
  user: IdentitySchema.nullable(),
  clientAddress: z.string().min(1).max(100),
  method: z.string(),
  path: z.string(),
  iat: z.number(),
});

/**
 * The query string is left out of the binding: the proxy re-encodes it on the way, and it never
 * decides which route, guard or account a request reaches.
 */
export function pathOf(url: string): string {
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? url : url.slice(0, queryAt);
}

function mac(key: string, payload: string): Buffer {
  return createHmac('sha256', key).update(`${VERSION}.${payload}`).digest();
}

export function signIdentity(claims: CallerClaims & IdentityBinding, key: string, now = Date.now()): string {
  const body = {
    user: claims.user,
    clientAddress: claims.clientAddress,
    method: claims.method.toUpperCase(),
    path: pathOf(claims.url),
    iat: now,
  };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${VERSION}.${payload}.${mac(key, payload).toString('base64url')}`;
}

/**
 * The claims of a header value, or null when it is forged, malformed, stale, dated in the future,
 * or was issued for another method or path than this request's.
 */
export function verifyIdentity(
  value: string,
  key: string | readonly string[],
  request: IdentityBinding & { now?: number },
): CallerClaims | null {
  const parts = value.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION) return null;
  const [, payload = '', signature = ''] = parts;
  // Compare the canonical text, not decoded bytes: base64url decoding ignores trailing bits and
  // stray characters, so several spellings would otherwise pass as the same signature.
  const keys = typeof key === 'string' ? [key] : key;
  if (!keys.some((each) => tokensEqual(signature, mac(each, payload).toString('base64url')))) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = PayloadSchema.safeParse(decoded);
  if (!parsed.success) return null;
  const { user, clientAddress, method, path, iat } = parsed.data;
  const age = (request.now ?? Date.now()) - iat;
  if (age > IDENTITY_MAX_AGE_MS || age < -IDENTITY_MAX_FUTURE_MS) return null;
  if (method !== request.method.toUpperCase() || path !== pathOf(request.url)) return null;
  return { user, clientAddress };
}

export function tokensEqual(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
