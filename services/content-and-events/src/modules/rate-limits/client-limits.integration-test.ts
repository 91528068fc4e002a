import type { Identity } from '@jesus-walks/contracts/common';
import {
  identityHeaders,
  startTestService,
  type TestService,
  testEnvSource,
} from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentAndEventsDatabase } from '../../db/database';
import { type Env, loadEnv } from '../../env';
import { service } from '../../service';
import { insertTestEvent } from '../../testing/helpers';

/**
 * Limits per client: one client can neither empty an event of its seats and waitlist places nor
 * mail newsletter confirmations to strangers in bulk, while a family still registers together.
 */
let content: TestService<Env, ContentAndEventsDatabase>;
/** Small member limits, to reach them quickly. */
let strict: TestService<Env, ContentAndEventsDatabase>;

beforeAll(async () => {
  [content, strict] = await Promise.all([
    startTestService(service),
    startTestService(service, {
      MEMBER_REGISTRATIONS_PER_HOUR: '2',
      NEWSLETTER_SIGNUPS_PER_MEMBER_PER_HOUR: '2',
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([content.close(), strict.close()]);
});

let counter = 0;
function guest() {
  counter += 1;
  return {
    name: `Guest ${counter}`,
    email: `guest${counter}-${Math.random().toString(36).slice(2, 6)}@example.com`,
  };
}

function registerGuest(eventId: number, address: string, body: object = guest(), app = content) {
  return app.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/registrations`,
    payload: body,
    remoteAddress: address,
  });
}

async function registerMember(eventId: number, member: Identity, address: string, app = content) {
  const url = `/api/events/${eventId}/registrations`;
  return app.app.inject({
    method: 'POST',
    url,
    headers: await identityHeaders(member, 'POST', url, address),
    payload: {},
  });
}

async function signUp(
  address: string,
  options: { member?: Identity; app?: TestService<Env, ContentAndEventsDatabase> } = {},
) {
  const url = '/api/newsletter/subscribe';
  counter += 1;
  return (options.app ?? content).app.inject({
    method: 'POST',
    url,
    payload: { email: `reader${counter}@example.com` },
    ...(options.member
      ? { headers: await identityHeaders(options.member, 'POST', url, address) }
      : { remoteAddress: address }),
  });
}

const member = (id: number): Identity => ({ id, username: `member${id}`, isAdmin: false });

describe('guest registrations per client address', () => {
  it('the 11th guest registration from one address in an hour is 429; another address still registers', async () => {
    const events = await Promise.all([1, 2, 3].map(() => insertTestEvent(content.db, { capacity: 50 })));
    const address = '203.0.113.30';
    for (let i = 0; i < 10; i++) {
      const response = await registerGuest(events[i % 3] as number, address);
      expect(response.statusCode, `registration ${i + 1}`).toBe(201);
    }
    const eleventh = await registerGuest(events[0] as number, address);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual({
      message:
        'Too many guest registrations from your network in the last hour. Please try again later, or log in to register.',
      code: 'rate_limited',
    });
    expect((await registerGuest(events[0] as number, '198.51.100.30')).statusCode).toBe(201);
  });

  it('a family of five registers for one event together; the sixth from that address is 429', async () => {
    const eventId = await insertTestEvent(content.db, { capacity: 50 });
    const otherEvent = await insertTestEvent(content.db, { capacity: 50 });
    const address = '203.0.113.31';
    for (let i = 0; i < 5; i++) expect((await registerGuest(eventId, address)).statusCode).toBe(201);
    const sixth = await registerGuest(eventId, address);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'rate_limited' });
    expect(sixth.json().message).toContain('for this event');
    expect((await registerGuest(otherEvent, address)).statusCode).toBe(201);
  });

  it('one client cannot empty a small event, even all at once', async () => {
    const eventId = await insertTestEvent(content.db, { capacity: 4 });
    const address = '203.0.113.32';
    const responses = await Promise.all(Array.from({ length: 20 }, () => registerGuest(eventId, address)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    expect((await registerGuest(eventId, '198.51.100.32')).statusCode).toBe(201);
  });

  it('counts an IPv6 client by its /64', async () => {
    const eventId = await insertTestEvent(content.db, { capacity: 50 });
    for (let i = 1; i <= 5; i++) {
      expect((await registerGuest(eventId, `2001:db8:bbbb:1::${i}`)).statusCode).toBe(201);
    }
    expect((await registerGuest(eventId, '2001:db8:bbbb:1:ffff::9')).statusCode).toBe(429);
  });

  it('does not count registrations that fail', async () => {
    const eventId = await insertTestEvent(content.db, { capacity: 50 });
    const address = '203.0.113.33';
    const same = guest();
    expect((await registerGuest(eventId, address, same)).statusCode).toBe(201);
    for (let i = 0; i < 6; i++) expect((await registerGuest(eventId, address, same)).statusCode).toBe(409);
    expect((await registerGuest(eventId, address)).statusCode).toBe(201);
  });
});

describe('member registrations', () => {
  it("are not held back by guests from the member's address, and are limited per account", async () => {
    const address = '203.0.113.34';
    const events = await Promise.all([1, 2, 3, 4].map(() => insertTestEvent(strict.db, { capacity: 50 })));
    for (let i = 0; i < 5; i++) await registerGuest(events[0] as number, address, guest(), strict);
    expect((await registerGuest(events[0] as number, address, guest(), strict)).statusCode).toBe(429);

    const alice = member(8101);
    expect((await registerMember(events[0] as number, alice, address, strict)).statusCode).toBe(201);
    expect((await registerMember(events[1] as number, alice, address, strict)).statusCode).toBe(201);
    const third = await registerMember(events[2] as number, alice, address, strict);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({
      message: 'You have registered for events too many times in the last hour. Please try again later.',
      code: 'rate_limited',
    });
    // Another member on the same connection is counted on their own.
    expect((await registerMember(events[2] as number, member(8102), address, strict)).statusCode).toBe(201);
  });
});

describe('newsletter sign-ups per client', () => {
  it('the 6th sign-up from one address in an hour is 429; another address still signs up', async () => {
    const address = '203.0.113.35';
    for (let i = 0; i < 5; i++) expect((await signUp(address)).statusCode).toBe(200);
    const sixth = await signUp(address);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({
      message: 'Too many newsletter sign-ups from your network. Please try again in an hour.',
      code: 'rate_limited',
    });
    expect((await signUp('198.51.100.35')).statusCode).toBe(200);
    // Nothing was mailed for the refused one.
    const subscribers = await content.db.selectFrom('waitlist').select('email').execute();
    expect(subscribers.map((row) => row.email)).not.toContain(`reader${counter - 1}@example.com`);
  });

  it('members count per account', async () => {
    const address = '203.0.113.36';
    const bob = member(8201);
    expect((await signUp(address, { member: bob, app: strict })).statusCode).toBe(200);
    expect((await signUp(address, { member: bob, app: strict })).statusCode).toBe(200);
    expect((await signUp(address, { member: bob, app: strict })).statusCode).toBe(429);
    expect((await signUp(address, { member: member(8202), app: strict })).statusCode).toBe(200);
  });
});

describe('settings', () => {
  it('default to limits a family or a small group fits in', () => {
    const env = loadEnv(testEnvSource('postgres://localhost/x'));
    expect(env).toMatchObject({
      GUEST_REGISTRATIONS_PER_ADDRESS_PER_HOUR: 10,
      GUEST_REGISTRATIONS_PER_EVENT_PER_ADDRESS_PER_DAY: 5,
      MEMBER_REGISTRATIONS_PER_HOUR: 30,
      NEWSLETTER_SIGNUPS_PER_ADDRESS_PER_HOUR: 5,
      NEWSLETTER_SIGNUPS_PER_MEMBER_PER_HOUR: 10,
    });
    expect(() =>
      loadEnv(testEnvSource('postgres://localhost/x', { NEWSLETTER_SIGNUPS_PER_ADDRESS_PER_HOUR: '0' })),
    ).toThrow(/NEWSLETTER_SIGNUPS_PER_ADDRESS_PER_HOUR/);
  });
});
