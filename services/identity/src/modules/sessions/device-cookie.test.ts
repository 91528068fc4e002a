import { describe, expect, it } from 'vitest';
import { deviceCookieKeys, signDeviceCookie, verifyDeviceCookie } from './device-cookie';

const oldSecret = 'old-session-secret-0123456789abcdef-0000';
const newSecret = 'new-session-secret-0123456789abcdef-0000';
const year = 365 * 86_400_000;

describe('device cookies', () => {
  const keys = deviceCookieKeys([newSecret]);

  it('says which user the browser logged in to, with a nonce of its own', () => {
    const first = signDeviceCookie(keys, 42);
    const second = signDeviceCookie(keys, 42);
    expect(first).toMatch(/^v1\.42\.[A-Za-z0-9_-]{22}\.\d+\.[A-Za-z0-9_-]{43}$/);
    const claim = verifyDeviceCookie(keys, first, { maxAgeMs: year });
    expect(claim).toEqual({ userId: 42, nonce: first.split('.')[2] });
    expect(verifyDeviceCookie(keys, second, { maxAgeMs: year })?.nonce).not.toBe(claim?.nonce);
  });

  it('is signed with a key derived from the session secret, never the secret itself', () => {
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toContain(newSecret);
    const withTheSecretItself = signDeviceCookie([newSecret], 42);
    expect(verifyDeviceCookie(keys, withTheSecretItself, { maxAgeMs: year })).toBeNull();
  });

  it('refuses a cookie moved to another user, tampered with, or signed with another key', () => {
    const value = signDeviceCookie(keys, 42);
    const [version, , nonce, issuedAt, mac] = value.split('.');
    const moved = [version, 43, nonce, issuedAt, mac].join('.');
    const tampered = `${value.slice(0, -1)}${value.endsWith('A') ? 'B' : 'A'}`;
    const foreign = signDeviceCookie(deviceCookieKeys(['another-secret-0123456789abcdef-000000']), 42);
    for (const forged of [
      moved,
      tampered,
      foreign,
      `${value} `,
      value.replace('v1.', 'v2.'),
      'garbage',
      '',
    ]) {
      expect(verifyDeviceCookie(keys, forged, { maxAgeMs: year }), forged).toBeNull();
    }
  });

  it('is honoured for its lifetime only, and never from the future', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const value = signDeviceCookie(keys, 7, now);
    const later = (ms: number) => ({ maxAgeMs: year, now: new Date(now.getTime() + ms) });
    expect(verifyDeviceCookie(keys, value, later(year - 1_000))).not.toBeNull();
    expect(verifyDeviceCookie(keys, value, later(year + 1_000))).toBeNull();
    expect(verifyDeviceCookie(keys, value, later(-30_000))).not.toBeNull();
    expect(verifyDeviceCookie(keys, value, later(-120_000))).toBeNull();
  });

  it('keeps working while SESSION_SECRET is rotated: the previous secret verifies, the new one signs', () => {
    const signedBefore = signDeviceCookie(deviceCookieKeys([oldSecret]), 9);
    const rotating = deviceCookieKeys([newSecret, oldSecret]);
    expect(verifyDeviceCookie(rotating, signedBefore, { maxAgeMs: year })?.userId).toBe(9);
    const signedDuring = signDeviceCookie(rotating, 9);
    expect(verifyDeviceCookie(deviceCookieKeys([newSecret]), signedDuring, { maxAgeMs: year })?.userId).toBe(
      9,
    );
    // Once the previous secret is gone, so is what it signed.
    expect(verifyDeviceCookie(deviceCookieKeys([newSecret]), signedBefore, { maxAgeMs: year })).toBeNull();
  });
});
