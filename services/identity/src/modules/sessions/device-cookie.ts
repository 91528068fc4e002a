import { createHmac, randomBytes } from 'node:crypto';
import { tokensEqual } from '@jesus-walks/service-kit/identity';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The device cookie (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a browser
 * that has logged in to an account keeps, for a year, a signed note saying so. While strangers
 * guessing at that account from many addresses have it refusing unknown browsers, the owner's own
 * browser still gets in (auth.service authenticate). It proves nothing on its own: the password is
 * still checked, and the cookie outlives logout on purpose.
 *
 *   device=v1.<user id>.<nonce>.<issued at, seconds>.<HMAC-SHA256>
 *
 * The nonce tells one browser's cookie from another's, so its failures count apart (and a stolen
 * cookie gives only its own few guesses). The key is derived from SESSION_SECRET (and _PREVIOUS
 * while it is rotated) with a fixed label: no new secret to manage, and the session secret never
 * signs anything else directly.
 */
export const DEVICE_COOKIE_NAME = 'device';

const DERIVATION_LABEL = 'jesus-walks/identity/device-cookie/v1';
const VERSION = 'v1';
const FORMAT = /^v1\.([1-9]\d{0,15})\.([A-Za-z0-9_-]{22})\.(0|[1-9]\d{0,11})\.([A-Za-z0-9_-]{43})$/;

/** What a valid device cookie says: this browser logged in to this user at that time. */
export interface DeviceClaim {
  userId: number;
  nonce: string;
}

export interface DeviceCookies {
  /** The claim of the request's device cookie; null when it has none or it is forged or too old. */
  read(request: FastifyRequest): DeviceClaim | null;
  /** Gives the browser a fresh device cookie for this user (after a successful login). */
  issue(reply: FastifyReply, userId: number): void;
  /** Tells the browser to drop its device cookie (its account is deleted: the id names no one). */
  forget(reply: FastifyReply): void;
}

/** The keys device cookies are signed with: one per session secret, the signing one first. */
export function deviceCookieKeys(sessionSecrets: readonly string[]): string[] {
  return sessionSecrets.map((secret) => createHmac('sha256', secret).update(DERIVATION_LABEL).digest('hex'));
}

const mac = (key: string, userId: number, nonce: string, issuedAt: number) =>
  createHmac('sha256', key).update(`${VERSION}.${userId}.${nonce}.${issuedAt}`).digest('base64url');

/** A device cookie's value, signed with the first key. */
export function signDeviceCookie(keys: readonly string[], userId: number, now = new Date()): string {
  const [key = ''] = keys;
  const nonce = randomBytes(16).toString('base64url');
  const issuedAt = Math.floor(now.getTime() / 1000);
  return `${VERSION}.${userId}.${nonce}.${issuedAt}.${mac(key, userId, nonce, issuedAt)}`;
}

/** The claim of a device cookie's value signed with any of the keys and at most `maxAgeMs` old. */
export function verifyDeviceCookie(
  keys: readonly string[],
  value: string,
  options: { maxAgeMs: number; now?: Date },
): DeviceClaim | null {
  const match = FORMAT.exec(value);
  if (!match) return null;
  const [, id = '', nonce = '', issued = '', signature = ''] = match;
  const userId = Number(id);
  const issuedAt = Number(issued);
  if (!keys.some((key) => tokensEqual(signature, mac(key, userId, nonce, issuedAt)))) return null;
  const age = (options.now ?? new Date()).getTime() - issuedAt * 1000;
  // A minute of clock difference between replicas; never one from the future beyond that.
  if (age > options.maxAgeMs || age < -60_000) return null;
  return { userId, nonce };
}

export function createDeviceCookies(options: {
  /** From deviceCookieKeys: the signing key first. */
  keys: readonly string[];
  /** Secure when the site is served over https, like the session cookie. */
  secure: boolean;
  lifetimeDays: number;
}): DeviceCookies {
  const maxAgeMs = options.lifetimeDays * 86_400_000;
  return {
    read(request) {
      const value = request.cookies[DEVICE_COOKIE_NAME];
      return value ? verifyDeviceCookie(options.keys, value, { maxAgeMs }) : null;
    },
    issue(reply, userId) {
      reply.setCookie(DEVICE_COOKIE_NAME, signDeviceCookie(options.keys, userId), {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secure,
        maxAge: maxAgeMs / 1000,
      });
    },
    forget(reply) {
      reply.clearCookie(DEVICE_COOKIE_NAME, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secure,
      });
    },
  };
}
