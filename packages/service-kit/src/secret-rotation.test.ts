import { headers } from '@jesus-walks/contracts/common';
import { defineRoute } from '@jesus-walks/contracts/route-contract';
import { testUser } from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createService, type ServiceApp } from './create-service';
import { acceptedSecrets, parseEnv, serviceEnvSchema } from './env';
import { signIdentity } from './identity';
import { registerRoute } from './routes';

/**
 * While INTERNAL_TOKEN or IDENTITY_SIGNING_KEY is rotated, a service accepts the current value and
 * the one in *_PREVIOUS, so callers on either side of a rolling update keep working.
 */
const oldKey = 'old-identity-signing-key-0123456789abcdef';
const newKey = 'new-identity-signing-key-0123456789abcdef';
const oldToken = 'old-internal-token-0123456789abcdef-000';
const newToken = 'new-internal-token-0123456789abcdef-000';

const routes = {
  who: defineRoute({
    method: 'GET',
    path: '/api/kit/rotation-who',
    service: 'identity',
    access: 'public',
    summary: 'Who is calling',
    responses: { 200: z.object({ userId: z.number().nullable() }) },
  }),
  internal: defineRoute({
    method: 'GET',
    path: '/internal/kit/rotation',
    service: 'identity',
    access: 'internal',
    summary: 'Internal',
    responses: { 200: z.object({ ok: z.boolean() }) },
  }),
};

let app: ServiceApp;
beforeAll(async () => {
  app = createService({
    name: 'kit-rotation',
    logger: false,
    identitySigningKey: acceptedSecrets(newKey, oldKey),
    internalToken: acceptedSecrets(newToken, oldToken),
  });
  registerRoute(app, routes.who, async (request) => ({ userId: request.identity?.id ?? null }));
  registerRoute(app, routes.internal, async () => ({ ok: true }));
  await app.ready();
});
afterAll(() => app.close());

const identityHeader = (key: string) =>
  signIdentity({ user: testUser, clientAddress: '203.0.113.1', method: 'GET', url: routes.who.path }, key);

describe('rotating the identity signing key and the internal token', () => {
  it('accepts an identity signed with the current key or the previous one, and no other', async () => {
    for (const key of [newKey, oldKey]) {
      const response = await app.inject({
        url: routes.who.path,
        headers: { [headers.identity]: await identityHeader(key) },
      });
      expect(response.json()).toEqual({ userId: testUser.id });
    }
    const forged = await app.inject({
      url: routes.who.path,
      headers: { [headers.identity]: await identityHeader('another-key-entirely-0123456789abcdef') },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('accepts the current internal token or the previous one, and no other', async () => {
    for (const token of [newToken, oldToken]) {
      const response = await app.inject({
        url: routes.internal.path,
        headers: { [headers.internalToken]: token },
      });
      expect(response.statusCode).toBe(200);
    }
    const wrong = await app.inject({
      url: routes.internal.path,
      headers: { [headers.internalToken]: 'not-the-token-0123456789abcdef-0000000' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('reads the previous values from the environment, optional and at least 32 characters', () => {
    const base = {
      DATABASE_URL: 'postgres://localhost/x',
      INTERNAL_TOKEN: newToken,
      IDENTITY_SIGNING_KEY: newKey,
    };
    const env = parseEnv(serviceEnvSchema, {
      ...base,
      INTERNAL_TOKEN_PREVIOUS: oldToken,
      IDENTITY_SIGNING_KEY_PREVIOUS: '',
    });
    expect(acceptedSecrets(env.INTERNAL_TOKEN, env.INTERNAL_TOKEN_PREVIOUS)).toEqual([newToken, oldToken]);
    expect(acceptedSecrets(env.IDENTITY_SIGNING_KEY, env.IDENTITY_SIGNING_KEY_PREVIOUS)).toEqual([newKey]);
    expect(() => parseEnv(serviceEnvSchema, { ...base, INTERNAL_TOKEN_PREVIOUS: 'short' })).toThrow(
      'INTERNAL_TOKEN_PREVIOUS must be at least 32 characters',
    );
  });
});
