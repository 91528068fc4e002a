import { timingSafeEqual, webcrypto } from 'node:crypto';
import { type Identity, IdentitySchema } from '@jesus-walks/contracts/common';
import { errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

/**
 * The gateway resolves the session once and forwards who is calling as a signed header on every
 * request it proxies: a compact JWS (a JWT, HS256 over IDENTITY_SIGNING_KEY) signed and verified
 * with jose (docs/decisions/007). Its claims name the user (or null), the client's address, and
 * the method and path the header was issued for, with the time it was issued. A captured header is
 * good for that one request only, for a few seconds: it cannot be replayed on another route or
 * later.
 */
/** The JWS `typ`: a JWT of this kind only, never another token signed with the same key. */
const IDENTITY_TYP = 'identity+jwt';
const ALGORITHM = 'HS256';
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

/** The JWT's claims: ours, and iat/exp as NumericDates with milliseconds (RFC 7519 allows fractions). */
const ClaimsSchema = z.object({
  user: IdentitySchema.nullable(),
  clientAddress: z.string().min(1).max(100),
  method: z.string(),
  path: z.string(),
  iat: z.number(),
  exp: z.number(),
});

/**
 * The query string is left out of the binding: the proxy re-encodes it on the way, and it never
 * decides which route, guard or account a request reaches.
 */
export function pathOf(url: string): string {
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? url : url.slice(0, queryAt);
}

/**
 * Each key imported once as a WebCrypto HMAC key: the gateway signs on every request, and jose
 * would import a raw secret again on each call. A process holds one or two keys (while rotated).
 */
const cryptoKeys = new Map<string, Promise<webcrypto.CryptoKey>>();
function cryptoKeyOf(key: string): Promise<webcrypto.CryptoKey> {
  let imported = cryptoKeys.get(key);
  if (!imported) {
    imported = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(key),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    cryptoKeys.set(key, imported);
  }
  return imported;
}

const toSeconds = (ms: number) => ms / 1000;
const toMs = (seconds: number) => Math.round(seconds * 1000);

export async function signIdentity(
  claims: CallerClaims & IdentityBinding,
  key: string,
  now = Date.now(),
): Promise<string> {
  return new SignJWT({
    user: claims.user,
    clientAddress: claims.clientAddress,
    method: claims.method.toUpperCase(),
    path: pathOf(claims.url),
  })
    .setProtectedHeader({ alg: ALGORITHM, typ: IDENTITY_TYP })
    .setIssuedAt(toSeconds(now))
    .setExpirationTime(toSeconds(now + IDENTITY_MAX_AGE_MS))
    .sign(await cryptoKeyOf(key));
}

/**
 * The claims of a header value, or null when it is forged, malformed, stale, dated in the future,
 * or was issued for another method or path than this request's. While the key is rotated, `key`
 * lists the accepted ones and each is tried in turn.
 */
export async function verifyIdentity(
  value: string,
  key: string | readonly string[],
  request: IdentityBinding & { now?: number },
): Promise<CallerClaims | null> {
  // One spelling per signature: base64url decoding ignores a last character's spare bits, so
  // several texts would otherwise pass as the same signature (the header and payload are signed
  // as text, so they have only one).
  const signature = value.slice(value.lastIndexOf('.') + 1);
  if (signature === '' || Buffer.from(signature, 'base64url').toString('base64url') !== signature)
    return null;
  const now = request.now ?? Date.now();
  for (const each of typeof key === 'string' ? [key] : key) {
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(value, await cryptoKeyOf(each), {
        algorithms: [ALGORITHM],
        typ: IDENTITY_TYP,
        requiredClaims: ['iat', 'exp'],
        currentDate: new Date(now),
        // jose compares exp in whole seconds; the millisecond rules below are the ones that decide.
        clockTolerance: toSeconds(IDENTITY_MAX_FUTURE_MS),
      }));
    } catch (error) {
      if (error instanceof errors.JWSSignatureVerificationFailed) continue; // perhaps the other key
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
    return claimsFor(payload, request.method, request.url, now);
  }
  return null;
}

function claimsFor(payload: unknown, method: string, url: string, now: number): CallerClaims | null {
  const parsed = ClaimsSchema.safeParse(payload);
  if (!parsed.success) return null;
  const claims = parsed.data;
  const age = now - toMs(claims.iat);
  if (age > IDENTITY_MAX_AGE_MS || age < -IDENTITY_MAX_FUTURE_MS || now > toMs(claims.exp)) return null;
  if (claims.method !== method.toUpperCase() || claims.path !== pathOf(url)) return null;
  return { user: claims.user, clientAddress: claims.clientAddress };
}

export function tokensEqual(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
