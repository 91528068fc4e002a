import { createHmac } from 'node:crypto';
import type { Identity } from '@jesus-walks/contracts/common';
import { describe, expect, it } from 'vitest';
import { IDENTITY_MAX_AGE_MS, signIdentity, tokensEqual, verifyIdentity } from './identity';

const key = 'identity-signing-key-for-unit-tests-0123456789';
const otherKey = 'another-signing-key-for-unit-tests-9876543210';
const alice: Identity = { id: 7, username: 'alice', isAdmin: false };
const now = 1_750_000_000_000;

function parts(header: string): [string, string, string] {
  const [version = '', payload = '', signature = ''] = header.split('.');
  return [version, payload, signature];
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('signIdentity / verifyIdentity', () => {
  it('round-trips an identity, without the issued-at time', () => {
    const header = signIdentity(alice, key, now);
    expect(header).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyIdentity(header, key, now)).toEqual(alice);
    expect(verifyIdentity(signIdentity({ ...alice, isAdmin: true }, key, now), key, now)).toEqual({
      ...alice,
      isAdmin: true,
    });
  });

  it('refuses a payload changed after signing (promoting oneself to admin)', () => {
    const [version, , signature] = parts(signIdentity(alice, key, now));
    const promoted = encode({ ...alice, isAdmin: true, iat: now });
    expect(verifyIdentity(`${version}.${promoted}.${signature}`, key, now)).toBeNull();
  });

  it('refuses a signature that is changed in any character, including the last', () => {
    const header = signIdentity(alice, key, now);
    const [version, payload, signature] = parts(header);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (const position of [0, 20, signature.length - 1]) {
      for (const replacement of alphabet) {
        if (replacement === signature[position]) continue;
        const tampered = signature.slice(0, position) + replacement + signature.slice(position + 1);
        expect(
          verifyIdentity(`${version}.${payload}.${tampered}`, key, now),
          `${position}:${replacement}`,
        ).toBeNull();
      }
    }
  });

  it('refuses a signature with extra or missing characters', () => {
    const [version, payload, signature] = parts(signIdentity(alice, key, now));
    expect(verifyIdentity(`${version}.${payload}.${signature}A`, key, now)).toBeNull();
    expect(verifyIdentity(`${version}.${payload}.${signature}=`, key, now)).toBeNull();
    expect(verifyIdentity(`${version}.${payload}.${signature.slice(0, -1)}`, key, now)).toBeNull();
    expect(verifyIdentity(`${version}.${payload}.`, key, now)).toBeNull();
  });

  it('refuses a header signed with another key', () => {
    expect(verifyIdentity(signIdentity(alice, otherKey, now), key, now)).toBeNull();
  });

  it('refuses another version prefix, even when the rest is intact', () => {
    const [, payload, signature] = parts(signIdentity(alice, key, now));
    for (const version of ['v2', 'V1', 'v0', '']) {
      expect(verifyIdentity(`${version}.${payload}.${signature}`, key, now)).toBeNull();
    }
  });

  it('refuses malformed headers', () => {
    for (const value of ['', 'v1', 'v1..', 'v1.a.b.c', 'garbage', 'v1.%%%.%%%', `v1.${encode(alice)}`]) {
      expect(verifyIdentity(value, key, now)).toBeNull();
    }
  });

  it('refuses a correctly signed payload that is not a fresh identity', () => {
    // Signed like signIdentity (HMAC-SHA256 over `v1.<payload>`), to reach the checks after the signature.
    const signRaw = (payload: string) =>
      `v1.${payload}.${createHmac('sha256', key).update(`v1.${payload}`).digest('base64url')}`;
    expect(verifyIdentity(signRaw(encode({ ...alice, iat: now })), key, now)).toEqual(alice);
    for (const payload of [
      encode({ ...alice }), // no issued-at time
      encode({ ...alice, iat: String(now) }),
      encode({ id: -1, username: 'x', isAdmin: false, iat: now }),
      encode({ id: 1.5, username: 'x', isAdmin: false, iat: now }),
      encode({ id: 1, username: 'x', isAdmin: 'yes', iat: now }),
      encode({ username: 'x', isAdmin: true, iat: now }),
      Buffer.from('not json').toString('base64url'),
      encode(null),
    ]) {
      expect(verifyIdentity(signRaw(payload), key, now), payload).toBeNull();
    }
  });

  it(`refuses a header older than ${IDENTITY_MAX_AGE_MS} ms, and accepts one just inside the window`, () => {
    const header = signIdentity(alice, key, now);
    expect(verifyIdentity(header, key, now + IDENTITY_MAX_AGE_MS)).toEqual(alice);
    expect(verifyIdentity(header, key, now + IDENTITY_MAX_AGE_MS + 1)).toBeNull();
    expect(verifyIdentity(header, key, now + 120_000)).toBeNull();
  });

  it('refuses a header dated in the future beyond the same window', () => {
    const header = signIdentity(alice, key, now + 120_000);
    expect(verifyIdentity(header, key, now)).toBeNull();
    expect(verifyIdentity(signIdentity(alice, key, now + 1_000), key, now)).toEqual(alice);
  });

  it('uses the current time by default', () => {
    expect(verifyIdentity(signIdentity(alice, key), key)).toEqual(alice);
    expect(verifyIdentity(signIdentity(alice, key, Date.now() - 120_000), key)).toBeNull();
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
