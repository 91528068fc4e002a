import { createHmac } from 'node:crypto';
import type { Identity } from '@jesus-walks/contracts/common';
import { CompactSign, decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
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
  const [protectedHeader = '', payload = '', signature = ''] = header.split('.');
  return [protectedHeader, payload, signature];
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const secret = (text: string) => new TextEncoder().encode(text);
/** The claims signIdentity writes for alice on `route` at `now`. */
const claims = {
  user: alice,
  clientAddress,
  method: 'POST',
  path: '/api/kit/notes',
  iat: now / 1000,
  exp: (now + IDENTITY_MAX_AGE_MS) / 1000,
};
/** Any payload bytes, signed as a compact JWS with any protected header (HS256 and our typ unless told). */
const signRaw = (
  payload: string | Uint8Array,
  header: Record<string, unknown> = {},
  algorithm: 'HS256' | 'HS384' | 'HS512' = 'HS256',
  signingKey = key,
) =>
  new CompactSign(typeof payload === 'string' ? secret(payload) : payload)
    .setProtectedHeader({ alg: algorithm, typ: 'identity+jwt', ...header })
    .sign(secret(signingKey));

describe('signIdentity / verifyIdentity', () => {
  it('round-trips the user and the client address, without the binding or issued-at time', async () => {
    const header = await sign();
    expect(header).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(await verifyIdentity(header, key, at)).toEqual({ user: alice, clientAddress });
    expect(await verifyIdentity(await sign({ ...alice, isAdmin: true }), key, at)).toEqual({
      user: { ...alice, isAdmin: true },
      clientAddress,
    });
  });

  it('is a compact JWS (HS256, typ identity+jwt) whose claims name the user, address, method, path, iat and exp', async () => {
    const header = await sign();
    expect(decodeProtectedHeader(header)).toEqual({ alg: 'HS256', typ: 'identity+jwt' });
    expect(decodeJwt(header)).toEqual(claims);
    // The method is signed upper-case and the path without its query.
    const other = await signIdentity(
      { user: null, clientAddress, method: 'delete', url: '/api/x?y=1' },
      key,
      now,
    );
    expect(decodeJwt(other)).toMatchObject({ user: null, method: 'DELETE', path: '/api/x' });
  });

  it('carries an anonymous caller: no user, still the client address', async () => {
    expect(await verifyIdentity(await sign(null), key, at)).toEqual({ user: null, clientAddress });
  });

  it('is bound to the method and path it was issued for (a replay elsewhere is refused)', async () => {
    const header = await sign();
    expect(await verifyIdentity(header, key, { ...at, method: 'DELETE' })).toBeNull();
    expect(await verifyIdentity(header, key, { ...at, method: 'GET' })).toBeNull();
    expect(await verifyIdentity(header, key, { ...at, url: '/api/kit/admin-notes' })).toBeNull();
    expect(await verifyIdentity(header, key, { ...at, url: '/api/kit/notes/' })).toBeNull();
    expect(await verifyIdentity(header, key, { ...at, url: '/api/kit/%6Eotes' })).toBeNull();
    // The method's case and the query string are not part of the binding (docs/decisions/007).
    expect(await verifyIdentity(header, key, { ...at, method: 'post' })).not.toBeNull();
    expect(await verifyIdentity(header, key, { ...at, url: '/api/kit/notes?page=2' })).not.toBeNull();
  });

  it('refuses a payload changed after signing (promoting oneself to admin)', async () => {
    const [protectedHeader, , signature] = parts(await sign());
    const promoted = encode({ ...claims, user: { ...alice, isAdmin: true } });
    expect(await verifyIdentity(`${protectedHeader}.${promoted}.${signature}`, key, at)).toBeNull();
  });

  it('refuses a signature that is changed in any character, including the last', async () => {
    const [protectedHeader, payload, signature] = parts(await sign());
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (const position of [0, 20, signature.length - 1]) {
      for (const replacement of alphabet) {
        if (replacement === signature[position]) continue;
        const tampered = signature.slice(0, position) + replacement + signature.slice(position + 1);
        expect(
          await verifyIdentity(`${protectedHeader}.${payload}.${tampered}`, key, at),
          `${position}:${replacement}`,
        ).toBeNull();
      }
    }
  });

  it('refuses a signature with extra or missing characters', async () => {
    const [protectedHeader, payload, signature] = parts(await sign());
    for (const changed of [`${signature}A`, `${signature}=`, ` ${signature}`, signature.slice(0, -1), '']) {
      expect(await verifyIdentity(`${protectedHeader}.${payload}.${changed}`, key, at), changed).toBeNull();
    }
  });

  it('refuses a header signed with another key', async () => {
    expect(await verifyIdentity(await sign(alice, now, otherKey), key, at)).toBeNull();
  });

  it('accepts the current key or the previous one while the key is rotated, and no other', async () => {
    const accepted = [key, otherKey];
    for (const signingKey of accepted) {
      expect(await verifyIdentity(await sign(alice, now, signingKey), accepted, at)).toEqual({
        user: alice,
        clientAddress,
      });
    }
    const third = 'a-third-signing-key-for-unit-tests-0123456789';
    expect(await verifyIdentity(await sign(alice, now, third), accepted, at)).toBeNull();
    // The previous key's header is held to the same rules: stale is stale.
    expect(
      await verifyIdentity(await sign(alice, now, otherKey), accepted, {
        ...at,
        now: now + IDENTITY_MAX_AGE_MS + 1,
      }),
    ).toBeNull();
  });

  it('refuses an unsigned token (alg none), whatever its signature part says', async () => {
    const payload = encode(claims);
    const none = encode({ alg: 'none', typ: 'identity+jwt' });
    const [, , signature] = parts(await sign());
    for (const token of [`${none}.${payload}.`, `${none}.${payload}.${signature}`]) {
      expect(await verifyIdentity(token, key, at), token).toBeNull();
    }
  });

  it('refuses another algorithm, even with the right key (only HS256 is accepted)', async () => {
    for (const algorithm of ['HS384', 'HS512'] as const) {
      const token = await signRaw(JSON.stringify(claims), {}, algorithm);
      expect(await verifyIdentity(token, key, at), algorithm).toBeNull();
    }
  });

  it('refuses a JWS of another type, or without one, and critical extensions it does not know', async () => {
    const payload = JSON.stringify(claims);
    expect(await verifyIdentity(await signRaw(payload), key, at)).toEqual({ user: alice, clientAddress });
    expect(await verifyIdentity(await signRaw(payload, { typ: 'JWT' }), key, at)).toBeNull();
    expect(await verifyIdentity(await signRaw(payload, { typ: undefined }), key, at)).toBeNull();
    const jwt = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(secret(key));
    expect(await verifyIdentity(jwt, key, at)).toBeNull();
    // jose will not sign one with an extension it does not know either: signed by hand.
    const byHand = (header: object) => {
      const input = `${encode(header)}.${encode(claims)}`;
      return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
    };
    expect(
      await verifyIdentity(byHand({ alg: 'HS256', typ: 'identity+jwt', 'x-unknown': true }), key, at),
    ).not.toBeNull();
    const critical = byHand({ alg: 'HS256', typ: 'identity+jwt', crit: ['x-unknown'], 'x-unknown': true });
    expect(await verifyIdentity(critical, key, at)).toBeNull();
  });

  it('refuses the former v2 header', async () => {
    const payload = encode({ user: alice, clientAddress, method: 'POST', path: '/api/kit/notes', iat: now });
    const v2 = `v2.${payload}.${createHmac('sha256', key).update(`v2.${payload}`).digest('base64url')}`;
    expect(await verifyIdentity(v2, key, at)).toBeNull();
  });

  it('refuses malformed headers', async () => {
    const [protectedHeader, payload, signature] = parts(await sign());
    for (const value of [
      '',
      '.',
      '..',
      'garbage',
      '%%%.%%%.%%%',
      `${protectedHeader}.${payload}`,
      `${protectedHeader}.${payload}.${signature}.${signature}`,
      `${protectedHeader}..${signature}`,
      `.${payload}.${signature}`,
      `${encode('not an object')}.${payload}.${signature}`,
      `${Buffer.from('not json').toString('base64url')}.${payload}.${signature}`,
    ]) {
      expect(await verifyIdentity(value, key, at), value).toBeNull();
    }
  });

  it('refuses a correctly signed payload that is not a fresh, bound identity', async () => {
    expect(await verifyIdentity(await signRaw(JSON.stringify(claims)), key, at)).toEqual({
      user: alice,
      clientAddress,
    });
    for (const payload of [
      { ...claims, iat: undefined }, // no issued-at time
      { ...claims, iat: String(now / 1000) },
      { ...claims, exp: undefined }, // no expiry
      { ...claims, exp: String(claims.exp) },
      { ...claims, method: undefined }, // not bound to a request
      { ...claims, path: undefined },
      { ...claims, clientAddress: undefined },
      { ...claims, clientAddress: '' },
      { ...claims, user: undefined },
      { ...claims, user: { id: -1, username: 'x', isAdmin: false } },
      { ...claims, user: { id: 1.5, username: 'x', isAdmin: false } },
      { ...claims, user: { id: 1, username: 'x', isAdmin: 'yes' } },
      { ...claims, user: { username: 'x', isAdmin: true } },
      { ...alice, iat: claims.iat, exp: claims.exp }, // the v1 shape
      null,
      [claims],
    ]) {
      const text = JSON.stringify(payload);
      expect(await verifyIdentity(await signRaw(text), key, at), text).toBeNull();
    }
    expect(await verifyIdentity(await signRaw('not json'), key, at)).toBeNull();
  });

  it(`refuses a header older than ${IDENTITY_MAX_AGE_MS} ms, and accepts one just inside the window`, async () => {
    const header = await sign();
    expect(await verifyIdentity(header, key, { ...route, now: now + IDENTITY_MAX_AGE_MS })).not.toBeNull();
    expect(await verifyIdentity(header, key, { ...route, now: now + IDENTITY_MAX_AGE_MS + 1 })).toBeNull();
    expect(await verifyIdentity(header, key, { ...route, now: now + 60_000 })).toBeNull();
    // At a time that is not a whole second too (the claims keep milliseconds).
    const later = now + 123;
    const odd = await sign(alice, later);
    expect(await verifyIdentity(odd, key, { ...route, now: later + IDENTITY_MAX_AGE_MS })).not.toBeNull();
    expect(await verifyIdentity(odd, key, { ...route, now: later + IDENTITY_MAX_AGE_MS + 1 })).toBeNull();
  });

  it('refuses a header past its own exp, even inside the window', async () => {
    const shortLived = await signRaw(JSON.stringify({ ...claims, exp: (now + 1_000) / 1000 }));
    expect(await verifyIdentity(shortLived, key, { ...route, now: now + 1_000 })).not.toBeNull();
    expect(await verifyIdentity(shortLived, key, { ...route, now: now + 1_001 })).toBeNull();
  });

  it(`refuses a header dated more than ${IDENTITY_MAX_FUTURE_MS} ms in the future`, async () => {
    expect(await verifyIdentity(await sign(alice, now + IDENTITY_MAX_FUTURE_MS), key, at)).not.toBeNull();
    expect(await verifyIdentity(await sign(alice, now + IDENTITY_MAX_FUTURE_MS + 1), key, at)).toBeNull();
    expect(await verifyIdentity(await sign(alice, now + 60_000), key, at)).toBeNull();
  });

  it('uses the current time by default', async () => {
    expect(
      await verifyIdentity(await signIdentity({ user: alice, clientAddress, ...route }, key), key, route),
    ).not.toBeNull();
    expect(await verifyIdentity(await sign(alice, Date.now() - 10_000), key, route)).toBeNull();
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
