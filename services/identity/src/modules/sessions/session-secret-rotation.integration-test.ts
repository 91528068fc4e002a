import { internalHeader, startTestService, type TestService } from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { createSessionCookie } from './session-cookie.testing';

/**
 * SESSION_SECRET rotated (docs/operations.md): with the new secret current and the old one in
 * SESSION_SECRET_PREVIOUS, a browser's cookie signed with either still resolves to its session.
 */
const oldSecret = 'old-session-secret-0123456789abcdef-0000';
const newSecret = 'new-session-secret-0123456789abcdef-0000';
let identity: TestService<Env, IdentityDatabase>;
let userId: number;

beforeAll(async () => {
  identity = await startTestService(service, {
    SESSION_SECRET: newSecret,
    SESSION_SECRET_PREVIOUS: oldSecret,
  });
  ({ id: userId } = await identity.db
    .insertInto('users')
    .values({ username: 'rotating', email: 'rotating@example.com', password: 'not-a-real-hash' })
    .returning('id')
    .executeTakeFirstOrThrow());
});
afterAll(() => identity?.close());

const resolve = async (cookie: string) =>
  (
    await identity.app.inject({ url: '/internal/sessions/resolve', headers: { cookie, ...internalHeader } })
  ).json();

describe('rotating SESSION_SECRET', () => {
  it('keeps sessions whose cookie the previous secret signed, and those of the new one', async () => {
    expect(await resolve(await createSessionCookie(identity.db, userId, oldSecret))).toMatchObject({
      identity: { id: userId, username: 'rotating' },
    });
    expect(await resolve(await createSessionCookie(identity.db, userId, newSecret))).toMatchObject({
      identity: { id: userId },
    });
  });

  it('refuses a cookie signed with any other secret', async () => {
    const other = await createSessionCookie(identity.db, userId, 'some-other-secret-0123456789abcdef-00000');
    expect(await resolve(other)).toEqual({ identity: null });
  });
});
