import type { Identity } from '@jesus-walks/contracts/common';
import {
  AccountSubscriptionResultSchema,
  AccountSubscriptionSchema,
} from '@jesus-walks/contracts/newsletter';
import type { AdminUser } from '@jesus-walks/contracts/users';
import { identityHeaders, startTestService, type TestService } from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentAndEventsDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { closedPort, outboxFor, startFakeIdentity, tokenOfLink } from '../../testing/helpers';
import { generousClientLimits } from '../rate-limits/rate-limits.testing';
import { SUBSCRIBE_ATTEMPTS_PER_WINDOW } from './newsletter.service';

type Content = TestService<Env, ContentAndEventsDatabase>;
type FakeIdentity = Awaited<ReturnType<typeof startFakeIdentity>>;

const ACCOUNT_URL = '/api/account/newsletter';
const HOUR_AGO = () => new Date(Date.now() - 60 * 60 * 1000);

/** Identity's users; a test changes one's e-mail or verification in place (the fake answers live). */
const accounts: AdminUser[] = [];
let nextId = 7100;

/** A member identity knows, with their own address: verified unless told otherwise. */
function member(name: string, options: { isVerified?: boolean; email?: string } = {}) {
  nextId += 1;
  const user: AdminUser = {
    id: nextId,
    username: name,
    email: options.email ?? `${name}@example.com`,
    isAdmin: false,
    isVerified: options.isVerified ?? true,
  };
  accounts.push(user);
  const identity: Identity = { id: user.id, username: user.username, isAdmin: false };
  return { user, identity };
}

let content: Content;
let identity: FakeIdentity;

beforeAll(async () => {
  identity = await startFakeIdentity(accounts);
  content = await startTestService(service, {
    ...generousClientLimits,
    IDENTITY_URL: identity.url,
    PUBLIC_ORIGIN: 'https://walks.example',
  });
});
afterAll(async () => {
  await content.close();
  await identity.close();
});

async function status(who: Identity, app: Content = content) {
  return app.app.inject({
    method: 'GET',
    url: ACCOUNT_URL,
    headers: await identityHeaders(who, 'GET', ACCOUNT_URL),
  });
}

async function setSubscribed(who: Identity, payload: unknown, app: Content = content) {
  return app.app.inject({
    method: 'PUT',
    url: ACCOUNT_URL,
    headers: await identityHeaders(who, 'PUT', ACCOUNT_URL),
    payload: payload as object,
  });
}

async function statusOf(who: Identity) {
  const response = await status(who);
  expect(response.statusCode).toBe(200);
  return AccountSubscriptionSchema.parse(response.json());
}

async function change(who: Identity, subscribed: boolean) {
  const response = await setSubscribed(who, { subscribed });
  expect(response.statusCode, response.body).toBe(200);
  return AccountSubscriptionResultSchema.parse(response.json());
}

function publicSubscribe(email: string) {
  return content.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email } });
}

async function subscriber(email: string) {
  return content.db.selectFrom('waitlist').selectAll().where('email', '=', email).executeTakeFirst();
}

function pendingMessage(email: string) {
  return `We have sent a confirmation e-mail to ${email}. Please open the link in it to confirm your subscription.`;
}

describe('GET /api/account/newsletter', () => {
  it("answers the account's current e-mail and its status, with one call to identity", async () => {
    const { identity: ruth } = member('ruth.status');
    const before = { ...identity.calls };
    expect(await statusOf(ruth)).toEqual({ email: 'ruth.status@example.com', status: 'not_subscribed' });
    expect(identity.calls.get - before.get).toBe(1);
    expect(identity.calls.lookup).toBe(before.lookup);

    // Pending after the public subscribe, subscribed once confirmed, not subscribed after unsubscribing.
    expect((await publicSubscribe('ruth.status@example.com')).statusCode).toBe(200);
    expect((await statusOf(ruth)).status).toBe('pending');
    await content.db
      .updateTable('waitlist')
      .set({ confirmedAt: new Date() })
      .where('email', '=', 'ruth.status@example.com')
      .execute();
    expect((await statusOf(ruth)).status).toBe('subscribed');
    await content.db
      .updateTable('waitlist')
      .set({ unsubscribedAt: new Date() })
      .where('email', '=', 'ruth.status@example.com')
      .execute();
    expect((await statusOf(ruth)).status).toBe('not_subscribed');
  });

  it('matches the address in any case identity spells it (the list stores it lower-cased)', async () => {
    const { identity: caps } = member('caps', { email: 'Caps.Lock@Example.COM' });
    expect(await change(caps, true)).toMatchObject({ email: 'caps.lock@example.com', status: 'subscribed' });
    expect(await statusOf(caps)).toEqual({ email: 'caps.lock@example.com', status: 'subscribed' });
  });
});

describe('PUT /api/account/newsletter with a verified e-mail', () => {
  it('subscribes at once, with no e-mail; subscribing again is fine', async () => {
    const { identity: abigail } = member('abigail');
    expect(await change(abigail, true)).toEqual({
      email: 'abigail@example.com',
      status: 'subscribed',
      message: 'You are now subscribed to Jesus News.',
    });
    expect(await subscriber('abigail@example.com')).toMatchObject({
      confirmedAt: expect.any(Date),
      unsubscribedAt: null,
      confirmationSentAt: null,
    });
    expect(await change(abigail, true)).toEqual({
      email: 'abigail@example.com',
      status: 'subscribed',
      message: 'You are already subscribed to Jesus News.',
    });
    expect(await statusOf(abigail)).toEqual({ email: 'abigail@example.com', status: 'subscribed' });
    expect(await outboxFor(content.db, 'abigail@example.com')).toEqual([]);
  });

  it('confirms a pending request at once (no second e-mail; its link then says it is confirmed)', async () => {
    const { identity: boaz } = member('boaz');
    await publicSubscribe('boaz@example.com');
    const welcome = await outboxFor(content.db, 'boaz@example.com');
    expect(welcome).toHaveLength(1);
    expect(await change(boaz, true)).toMatchObject({
      status: 'subscribed',
      message: 'You are now subscribed to Jesus News.',
    });
    expect(await outboxFor(content.db, 'boaz@example.com')).toHaveLength(1);
    const token = tokenOfLink(welcome[0]?.text ?? '', '/newsletter/confirm');
    const confirm = await content.app.inject({
      method: 'POST',
      url: '/api/newsletter/confirm',
      payload: { token },
    });
    expect(confirm.json()).toMatchObject({ message: 'Your subscription is already confirmed.' });
  });

  it('subscribes again at once an address that unsubscribed earlier, the same row', async () => {
    const { identity: chloe } = member('chloe');
    expect((await change(chloe, true)).status).toBe('subscribed');
    const first = await subscriber('chloe@example.com');
    expect((await change(chloe, false)).status).toBe('not_subscribed');
    expect(await change(chloe, true)).toMatchObject({
      status: 'subscribed',
      message: 'You are now subscribed to Jesus News.',
    });
    expect(await subscriber('chloe@example.com')).toMatchObject({
      id: first?.id,
      unsubscribedAt: null,
      confirmedAt: expect.any(Date),
    });
    expect(await outboxFor(content.db, 'chloe@example.com')).toEqual([]);
  });

  it("is not limited (it sends nothing), even past the address's attempts", async () => {
    const { identity: dorcas } = member('dorcas');
    for (let i = 0; i <= SUBSCRIBE_ATTEMPTS_PER_WINDOW + 1; i++) {
      expect((await change(dorcas, true)).status).toBe('subscribed');
      expect((await change(dorcas, false)).status).toBe('not_subscribed');
    }
    expect(await outboxFor(content.db, 'dorcas@example.com')).toEqual([]);
  });
});

describe('PUT /api/account/newsletter with an unverified e-mail', () => {
  it('sends the double opt-in e-mail and answers pending; its link confirms', async () => {
    const { identity: eli } = member('eli', { isVerified: false });
    expect(await change(eli, true)).toEqual({
      email: 'eli@example.com',
      status: 'pending',
      message: pendingMessage('eli@example.com'),
    });
    expect(await statusOf(eli)).toEqual({ email: 'eli@example.com', status: 'pending' });
    const mails = await outboxFor(content.db, 'eli@example.com');
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Welcome to Jesus News: please confirm your subscription',
    ]);
    expect(mails[0]?.headers['List-Unsubscribe']).toMatch(/one-click-unsubscribe\?token=/);

    // Asking again while pending: the same answer, no second e-mail right away.
    expect(await change(eli, true)).toMatchObject({ status: 'pending' });
    expect(await outboxFor(content.db, 'eli@example.com')).toHaveLength(1);

    const token = tokenOfLink(mails[0]?.text ?? '', '/newsletter/confirm');
    const confirm = await content.app.inject({
      method: 'POST',
      url: '/api/newsletter/confirm',
      payload: { token },
    });
    expect(confirm.statusCode).toBe(200);
    expect(await statusOf(eli)).toEqual({ email: 'eli@example.com', status: 'subscribed' });
    expect(await change(eli, true)).toEqual({
      email: 'eli@example.com',
      status: 'subscribed',
      message: 'You are already subscribed to Jesus News.',
    });
    expect(await outboxFor(content.db, 'eli@example.com')).toHaveLength(1);
  });

  it('leaves a confirmed address subscribed, sending and counting nothing', async () => {
    const { identity: gideon } = member('gideon', { isVerified: false });
    await content.db
      .insertInto('waitlist')
      .values({ email: 'gideon@example.com', confirmedAt: new Date() })
      .execute();
    for (let i = 0; i <= SUBSCRIBE_ATTEMPTS_PER_WINDOW; i++) {
      expect(await change(gideon, true)).toMatchObject({
        status: 'subscribed',
        message: 'You are already subscribed to Jesus News.',
      });
    }
    expect(await subscriber('gideon@example.com')).toMatchObject({ subscribeAttempts: 0 });
    expect(await outboxFor(content.db, 'gideon@example.com')).toEqual([]);
  });

  it('makes an address that unsubscribed earlier confirm again, as the public subscribe does', async () => {
    const { identity: hannah } = member('hannah.back', { isVerified: false });
    await content.db
      .insertInto('waitlist')
      .values({
        email: 'hannah.back@example.com',
        confirmedAt: new Date(Date.now() - 30 * 24 * 60 * 60 * 1000),
        confirmationSentAt: new Date(Date.now() - 30 * 24 * 60 * 60 * 1000),
        unsubscribedAt: HOUR_AGO(),
      })
      .execute();
    expect(await change(hannah, true)).toMatchObject({ status: 'pending' });
    expect(await subscriber('hannah.back@example.com')).toMatchObject({
      confirmedAt: null,
      unsubscribedAt: null,
    });
    expect(await outboxFor(content.db, 'hannah.back@example.com')).toHaveLength(1);
  });

  it('cannot mail an address repeatedly by toggling: one e-mail per resend spacing, whose link still works', async () => {
    const { identity: ira } = member('ira', { isVerified: false });
    expect((await change(ira, true)).status).toBe('pending');
    for (let i = 0; i < 2; i++) {
      expect(await change(ira, false)).toMatchObject({
        status: 'not_subscribed',
        message: 'You have been unsubscribed from Jesus News.',
      });
      expect(await change(ira, true)).toMatchObject({ status: 'pending' });
    }
    const mails = await outboxFor(content.db, 'ira@example.com');
    expect(mails).toHaveLength(1);
    // The first e-mail's link confirms the request that is pending now.
    const token = tokenOfLink(mails[0]?.text ?? '', '/newsletter/confirm');
    await content.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token } });
    expect((await statusOf(ira)).status).toBe('subscribed');

    // Once the spacing has passed, a new request after an unsubscribe gets a new e-mail.
    await change(ira, false);
    await content.db
      .updateTable('waitlist')
      .set({ confirmationSentAt: HOUR_AGO() })
      .where('email', '=', 'ira@example.com')
      .execute();
    expect((await change(ira, true)).status).toBe('pending');
    expect(await outboxFor(content.db, 'ira@example.com')).toHaveLength(2);
  });

  it("limits attempts per address as the public subscribe does (429), sharing the address's count", async () => {
    const { identity: jael } = member('jael', { isVerified: false });
    await publicSubscribe('jael@example.com');
    for (let i = 1; i < SUBSCRIBE_ATTEMPTS_PER_WINDOW; i++) {
      expect((await change(jael, true)).status).toBe('pending');
    }
    const limited = await setSubscribed(jael, { subscribed: true });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: 'Too many subscription attempts for this address. Please try again in an hour.',
      code: 'rate_limited',
    });
    // Unsubscribing is never limited.
    expect((await change(jael, false)).status).toBe('not_subscribed');
    expect(await outboxFor(content.db, 'jael@example.com')).toHaveLength(1);
  });

  it("limits a member's sign-ups per hour as the public subscribe does for members (429)", async () => {
    const strict = await startTestService(service, {
      IDENTITY_URL: identity.url,
      NEWSLETTER_SIGNUPS_PER_MEMBER_PER_HOUR: '2',
    });
    try {
      const { identity: keturah } = member('keturah', { isVerified: false });
      for (let i = 0; i < 2; i++) {
        expect((await setSubscribed(keturah, { subscribed: true }, strict)).statusCode).toBe(200);
        expect((await setSubscribed(keturah, { subscribed: false }, strict)).statusCode).toBe(200);
      }
      const limited = await setSubscribed(keturah, { subscribed: true }, strict);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        message: 'Too many newsletter sign-ups from your account. Please try again in an hour.',
        code: 'rate_limited',
      });
      expect(await outboxFor(strict.db, 'keturah@example.com')).toHaveLength(1);
    } finally {
      await strict.close();
    }
  });
});

describe('PUT /api/account/newsletter: unsubscribing', () => {
  it('unsubscribes at once as the signed link does (the address kept, marked), idempotently', async () => {
    const { identity: lydia } = member('lydia');
    await change(lydia, true);
    expect(await change(lydia, false)).toEqual({
      email: 'lydia@example.com',
      status: 'not_subscribed',
      message: 'You have been unsubscribed from Jesus News.',
    });
    expect(await subscriber('lydia@example.com')).toMatchObject({
      confirmedAt: expect.any(Date),
      unsubscribedAt: expect.any(Date),
    });
    expect(await change(lydia, false)).toEqual({
      email: 'lydia@example.com',
      status: 'not_subscribed',
      message: 'You are not subscribed to Jesus News.',
    });
    expect(await statusOf(lydia)).toEqual({ email: 'lydia@example.com', status: 'not_subscribed' });
    expect(await outboxFor(content.db, 'lydia@example.com')).toEqual([]);
  });

  it('withdraws a pending request (its link then no longer confirms)', async () => {
    const { identity: miriam } = member('miriam', { isVerified: false });
    await change(miriam, true);
    expect((await change(miriam, false)).message).toBe('You have been unsubscribed from Jesus News.');
    const token = tokenOfLink(
      (await outboxFor(content.db, 'miriam@example.com'))[0]?.text ?? '',
      '/newsletter/confirm',
    );
    const confirm = await content.app.inject({
      method: 'POST',
      url: '/api/newsletter/confirm',
      payload: { token },
    });
    expect(confirm.statusCode).toBe(400);
    expect((await statusOf(miriam)).status).toBe('not_subscribed');
  });

  it('stores nothing for an address that was never on the list', async () => {
    const { identity: naomi } = member('naomi');
    expect(await change(naomi, false)).toEqual({
      email: 'naomi@example.com',
      status: 'not_subscribed',
      message: 'You are not subscribed to Jesus News.',
    });
    expect(await subscriber('naomi@example.com')).toBeUndefined();
  });
});

describe("the account's address is identity's answer of the moment", () => {
  it('follows a changed e-mail: the new address is shown and changed, the old one left as it is', async () => {
    const { user, identity: obed } = member('obed');
    await change(obed, true);
    user.email = 'obed.new@example.com';
    expect(await statusOf(obed)).toEqual({ email: 'obed.new@example.com', status: 'not_subscribed' });
    expect(await change(obed, true)).toMatchObject({ email: 'obed.new@example.com', status: 'subscribed' });
    expect(await change(obed, false)).toMatchObject({
      email: 'obed.new@example.com',
      status: 'not_subscribed',
    });
    expect(await subscriber('obed@example.com')).toMatchObject({ unsubscribedAt: null });
    expect(await subscriber('obed.new@example.com')).toMatchObject({ unsubscribedAt: expect.any(Date) });
  });

  it('follows the verification: unverified asks for a confirmation, verified later confirms at once', async () => {
    const { user, identity: phoebe } = member('phoebe', { isVerified: false });
    expect((await change(phoebe, true)).status).toBe('pending');
    user.isVerified = true;
    expect(await change(phoebe, true)).toMatchObject({
      status: 'subscribed',
      message: 'You are now subscribed to Jesus News.',
    });
    expect(await outboxFor(content.db, 'phoebe@example.com')).toHaveLength(1);
  });

  it('answers 401 when the account is gone, storing nothing', async () => {
    const ghost: Identity = { id: 7099, username: 'ghost', isAdmin: false };
    for (const response of [await status(ghost), await setSubscribed(ghost, { subscribed: true })]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        message: 'Your account no longer exists. Please log in again.',
        code: 'unauthorized',
      });
    }
  });
});

describe('who may call', () => {
  it('answers 401 to a visitor without a session, asking identity nothing', async () => {
    const before = { ...identity.calls };
    expect((await content.app.inject({ method: 'GET', url: ACCOUNT_URL })).statusCode).toBe(401);
    const put = await content.app.inject({ method: 'PUT', url: ACCOUNT_URL, payload: { subscribed: true } });
    expect(put.statusCode).toBe(401);
    expect(put.json()).toEqual({ message: 'Authentication required', code: 'unauthorized' });
    expect(identity.calls).toEqual(before);
  });

  it('checks the body (400)', async () => {
    const { identity: rhoda } = member('rhoda');
    for (const payload of [
      {},
      { subscribed: 'yes' },
      { subscribed: null },
      { subscribed: true, email: 'x@y.z' },
    ]) {
      const response = await setSubscribed(rhoda, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
    }
    expect(await subscriber('rhoda@example.com')).toBeUndefined();
  });
});

describe('identity unreachable or not configured', () => {
  it('answers 503 as the service does elsewhere, changing nothing', async () => {
    const { identity: silas } = member('silas');
    const down = await startTestService(service, { IDENTITY_URL: `http://127.0.0.1:${await closedPort()}` });
    const unset = await startTestService(service);
    try {
      for (const [app, message] of [
        [down, 'identity is unavailable'],
        [unset, 'identity is not configured (IDENTITY_URL)'],
      ] as const) {
        for (const response of [
          await status(silas, app),
          await setSubscribed(silas, { subscribed: true }, app),
        ]) {
          expect(response.statusCode, message).toBe(503);
          expect(response.headers['retry-after']).toBe('5');
          expect(response.json()).toEqual({ message, code: 'upstream_unavailable' });
        }
        expect(await app.db.selectFrom('waitlist').select('id').execute()).toEqual([]);
      }
    } finally {
      await down.close();
      await unset.close();
    }
  });
});
