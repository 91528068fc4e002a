import { createHmac } from 'node:crypto';
import type { Identity } from '@jesus-walks/contracts/common';
import { describe, expect, it } from 'vitest';
import {
  IDENTITY_MAX_AGE_MS,
  IDENTITY_MAX_FUTURE_MS,
  signIdentity,
  tokensEqual,
  verifyIdentity,
} from './identity';

const key = 'identity-signing-key-for-unit-tests-0123456789';
const otherKey = 'another-signing-key-for-unit-tests-9876543210';
const alice: Identity = { id: 7, username: 'alice', isAdmin: false };
const now = 1_750_000_000_000;
const clientAddress = '203.0.113.5';
const route = { method: 'POST', url: '/api/kit/notes' };
const at = { ...route, now };
/** A header for alice (or another user) on `route`, issued at `iat`. */
const sign = (user: Identity | null = alice, iat = now, signingKey = key) =>
  signIdentity({ user, clientAddress, ...route }, signingKey, iat);

function parts(header: string): [string, string, string] {
  const [version = '', payload = '', signature = ''] = header.split('.');
  return [version, payload, signature];
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('signIdentity / verifyIdentity', () => {
  it('round-trips the user and the client address, without the binding or issued-at time', () => {
    const header = sign();
    expect(header).toMatch(/^v2\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyIdentity(header, key, at)).toEqual({ user: alice, clientAddress });
    expect(verifyIdentity(sign({ ...alice, isAdmin: true }), key, at)).toEqual({
      user: { ...alice, isAdmin: true },
      clientAddress,
    });
  });

  it('carries an anonymous caller: no user, still the client address', () => {
    expect(verifyIdentity(sign(null), key, at)).toEqual({ user: null, clientAddress });
  });

  it('is bound to the method and path it was issued for (a replay elsewhere is refused)', () => {
    const header = sign();
    expect(verifyIdentity(header, key, { ...at, method: 'DELETE' })).toBeNull();
    expect(verifyIdentity(header, key, { ...at, method: 'GET' })).toBeNull();
    expect(verifyIdentity(header, key, { ...at, url: '/api/kit/admin-notes' })).toBeNull();
    expect(verifyIdentity(header, key, { ...at, url: '/api/kit/notes/' })).toBeNull();
    expect(verifyIdentity(header, key, { ...at, url: '/api/kit/%6Eotes' })).toBeNull();
    // The method's case and the query string are not part of the binding (docs/decisions/007).
    expect(verifyIdentity(header, key, { ...at, method: 'post' })).not.toBeNull();
    expect(verifyIdentity(header, key, { ...at, url: '/api/kit/notes?page=2' })).not.toBeNull();
  });

  it('refuses a payload changed after signing (promoting oneself to admin)', () => {
    const [version, , signature] = parts(sign());
    const promoted = encode({ user: { ...alice, isAdmin: true }, clientAddress, ...route, iat: now });
    expect(verifyIdentity(`${version}.${promoted}.${signature}`, key, at)).toBeNull();
  });

  it('refuses a signature that is changed in any character, including the last', () => {
    const [version, payload, signature] = parts(sign());
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (const position of [0, 20, signature.length - 1]) {
      for (const replacement of alphabet) {
        if (replacement === signature[position]) continue;
        const tampered = signature.slice(0, position) + replacement + signature.slice(position + 1);
        expect(
          verifyIdentity(`${version}.${payload}.${tampered}`, key, at),
          `${position}:${replacement}`,
        ).toBeNull();
      }
    }
  });

  it('refuses a signature with extra or missing characters', () => {
    const [version, payload, signature] = parts(sign());
    expect(verifyIdentity(`${version}.${payload}.${signature}A`, key, at)).toBeNull();
    expect(verifyIdentity(`${version}.${payload}.${signature}=`, key, at)).toBeNull();
    expect(verifyIdentity(`${version}.${payload}.${signature.slice(0, -1)}`, key, at)).toBeNull();
    expect(verifyIdentity(`${version}.${payload}.`, key, at)).toBeNull();
  });

  it('refuses a header signed with another key', () => {
    expect(verifyIdentity(sign(alice, now, otherKey), key, at)).toBeNull();
  });

  it('refuses another version prefix, even when the rest is intact', () => {
    const [, payload, signature] = parts(sign());
    for (const version of ['v1', 'V2', 'v3', '']) {
      expect(verifyIdentity(`${version}.${payload}.${signature}`, key, at)).toBeNull();
    }
  });

  it('refuses malformed headers', () => {
    for (const value of ['', 'v2', 'v2..', 'v2.a.b.c', 'garbage', 'v2.%%%.%%%', `v2.${encode(alice)}`]) {
      expect(verifyIdentity(value, key, at)).toBeNull();
    }
  });

  it('refuses a correctly signed payload that is not a fresh, bound identity', () => {
    // Signed like signIdentity (HMAC-SHA256 over `v2.<payload>`), to reach the checks after the signature.
    const signRaw = (payload: string) =>
      `v2.${payload}.${createHmac('sha256', key).update(`v2.${payload}`).digest('base64url')}`;
    const good = { user: alice, clientAddress, ...route, iat: now };
    const { url, ...bound } = good;
    const claims = { ...bound, path: url };
    expect(verifyIdentity(signRaw(encode(claims)), key, at)).toEqual({ user: alice, clientAddress });
    for (const payload of [
      encode({ ...claims, iat: undefined }), // no issued-at time
      encode({ ...claims, iat: String(now) }),
      encode({ ...claims, method: undefined }), // not bound to a request
      encode({ ...claims, path: undefined }),
      encode({ ...claims, clientAddress: undefined }),
      encode({ ...claims, clientAddress: '' }),
      encode({ ...claims, user: undefined }),
      encode({ ...claims, user: { id: -1, username: 'x', isAdmin: false } }),
      encode({ ...claims, user: { id: 1.5, username: 'x', isAdmin: false } }),
      encode({ ...claims, user: { id: 1, username: 'x', isAdmin: 'yes' } }),
      encode({ ...claims, user: { username: 'x', isAdmin: true } }),
      encode({ ...alice, iat: now }), // the v1 shape
      Buffer.from('not json').toString('base64url'),
      encode(null),
    ]) {
      expect(verifyIdentity(signRaw(payload), key, at), payload).toBeNull();
    }
  });

  it(`refuses a header older than ${IDENTITY_MAX_AGE_MS} ms, and accepts one just inside the window`, () => {
    const header = sign();
    expect(verifyIdentity(header, key, { ...route, now: now + IDENTITY_MAX_AGE_MS })).not.toBeNull();
    expect(verifyIdentity(header, key, { ...route, now: now + IDENTITY_MAX_AGE_MS + 1 })).toBeNull();
    expect(verifyIdentity(header, key, { ...route, now: now + 60_000 })).toBeNull();
  });

  it(`refuses a header dated more than ${IDENTITY_MAX_FUTURE_MS} ms in the future`, () => {
    expect(verifyIdentity(sign(alice, now + IDENTITY_MAX_FUTURE_MS), key, at)).not.toBeNull();
    expect(verifyIdentity(sign(alice, now + IDENTITY_MAX_FUTURE_MS + 1), key, at)).toBeNull();
    expect(verifyIdentity(sign(alice, now + 60_000), key, at)).toBeNull();
  });

  it('uses the current time by default', () => {
    expect(
      verifyIdentity(signIdentity({ user: alice, clientAddress, ...route }, key), key, route),
    ).not.toBeNull();
    expect(verifyIdentity(sign(alice, Date.now() - 10_000), key, route)).toBeNull();
  });
});

describe('tokensEqual', () => {
  it('is true only for the same token', () => {
    const token = 'internal-token-0123456789abcdef0123';
    expect(tokensEqual(token, token)).toBe(true);
    expect(tokensEqual(token.replace(/3$/, '4'), token)).toBe(false);
    expect(tokensEqual(token.slice(0, -1), token)).toBe(false);
    expect(tokensEqual(`${token}x`, token)).toBe(false);
    expect(tokensEqual('', token)).toBe(false);
    expect(tokensEqual(undefined, token)).toBe(false);
  });

  it('compares bytes, so look-alike characters do not match', () => {
    expect(tokensEqual('é', 'e\u0301')).toBe(false);
    expect(tokensEqual('ab', 'ab')).toBe(true);
  });
});
