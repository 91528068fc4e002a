import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Identity, IdentitySchema } from '@jesus-walks/contracts/common';

/**
 * The gateway resolves the session once and forwards who is calling as a signed header:
 * `v1.<base64url(json)>.<base64url(hmac-sha256)>`. Services trust nothing else. The issued-at
 * time bounds replay of a captured header to a short window.
 */
const VERSION = 'v1';
export const IDENTITY_MAX_AGE_MS = 60_000;

function mac(key: string, payload: string): Buffer {
  return createHmac('sha256', key).update(`${VERSION}.${payload}`).digest();
}

export function signIdentity(identity: Identity, key: string, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ ...identity, iat: now })).toString('base64url');
  return `${VERSION}.${payload}.${mac(key, payload).toString('base64url')}`;
}

/** The identity in a header value, or null when it is forged, malformed or stale. */
export function verifyIdentity(value: string, key: string, now = Date.now()): Identity | null {
  const parts = value.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION) return null;
  const [, payload = '', signature = ''] = parts;
  // Compare the canonical text, not decoded bytes: base64url decoding ignores trailing bits and
  // stray characters, so several spellings would otherwise pass as the same signature.
  if (!tokensEqual(signature, mac(key, payload).toString('base64url'))) return null;
  try {
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { iat?: unknown };
    if (typeof decoded.iat !== 'number' || Math.abs(now - decoded.iat) > IDENTITY_MAX_AGE_MS) return null;
    const parsed = IdentitySchema.safeParse(decoded);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function tokensEqual(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
