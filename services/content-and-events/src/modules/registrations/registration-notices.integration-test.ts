import type { Identity } from '@jesus-walks/contracts/common';
import { RegistrationSchema } from '@jesus-walks/contracts/events';
import { jobsOf, queuedMailFor } from '@jesus-walks/test-kit/jobs';
import {
  identityHeaders,
  startTestService,
  type TestService,
  testAdmin,
} from '@jesus-walks/test-kit/test-service';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ContentAndEventsDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import {
  closedPort,
  insertTestEvent,
  outboxFor,
  retryNoticesNow,
  startFakeIdentity,
} from '../../testing/helpers';
import { generousClientLimits } from '../rate-limits/rate-limits.testing';
import { REGISTRATION_NOTICES_QUEUE } from './registration-notices';

type Content = TestService<Env, ContentAndEventsDatabase>;
type FakeIdentity = Awaited<ReturnType<typeof startFakeIdentity>>;

const martha: Identity = { id: 6101, username: 'martha', isAdmin: false };
const peter: Identity = { id: 6102, username: 'peter', isAdmin: false };
const users = [martha, peter].map((who) => ({
  ...who,
  email: `${who.username}@example.com`,
  isVerified: true,
}));

/** "Well under a second": what the request path takes without waiting for identity. */
const FAST_MS = 1_000;

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await run();
  return { result, ms: performance.now() - started };
}

/** A member's seat, written straight to the table (registering a member would ask identity). */
async function insertMemberRegistration(content: Content, eventId: number, who: Identity): Promise<number> {
  const row = await content.db
    .insertInto('registrations')
    .values({ eventId, userId: who.id, status: 'confirmed' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function registerGuest(content: Content, eventId: number, name: string, email: string) {
  return content.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/registrations`,
    payload: { name, email },
  });
}

async function cancelAs(content: Content, eventId: number, registrationId: number, who: Identity) {
  const url = `/api/events/${eventId}/registrations/${registrationId}`;
  return content.app.inject({ method: 'DELETE', url, headers: await identityHeaders(who, 'DELETE', url) });
}

async function adminCall(content: Content, method: 'PUT' | 'DELETE', eventId: number, payload?: object) {
  const url = `/api/events/${eventId}`;
  return content.app.inject({
    method,
    url,
    headers: await identityHeaders(testAdmin, method, url),
    ...(payload ? { payload } : {}),
  });
}

async function until(condition: () => Promise<boolean> | boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('registration notices with identity unreachable', () => {
  let content: Content;
  let port: number;
  let identity: FakeIdentity | undefined;

  beforeAll(async () => {
    port = await closedPort();
    content = await startTestService(service, {
      ...generousClientLimits,
      IDENTITY_URL: `http://127.0.0.1:${port}`,
      PUBLIC_ORIGIN: 'https://walks.example',
    });
  });
  afterAll(async () => {
    await content.close();
    await identity?.close();
  });

  it('a cancellation and an event cancellation succeed at once; the e-mails go out, once, when identity is back', async () => {
    // A member cancels; the guest next in line gets the seat.
    const walk = await insertTestEvent(content.db, { title: 'Outage Walk', capacity: 1 });
    const marthaSeat = await insertMemberRegistration(content, walk, martha);
    const waiting = RegistrationSchema.parse(
      (await registerGuest(content, walk, 'Wren', 'wren.outage@example.com')).json(),
    );
    expect(waiting.status).toBe('waitlisted');
    const cancel = await timed(() => cancelAs(content, walk, marthaSeat, martha));
    expect(cancel.result.statusCode).toBe(200);
    expect(cancel.result.json()).toMatchObject({ id: marthaSeat, status: 'cancelled' });
    expect(cancel.ms).toBeLessThan(FAST_MS);

    // An admin cancels another event with a member and a guest registered.
    const rainedOut = await insertTestEvent(content.db, { title: 'Outage Rained Out Walk' });
    await insertMemberRegistration(content, rainedOut, peter);
    await registerGuest(content, rainedOut, 'Gil', 'gil.outage@example.com');
    const deleted = await timed(() => adminCall(content, 'DELETE', rainedOut));
    expect(deleted.result.statusCode).toBe(200);
    expect(deleted.result.json()).toEqual({ outcome: 'cancelled', notified: 2 });
    expect(deleted.ms).toBeLessThan(FAST_MS);

    // Both notices failed their first attempt and wait for a retry; nothing was sent yet.
    await until(async () => {
      const jobs = await jobsOf(content.db, REGISTRATION_NOTICES_QUEUE);
      return jobs.length === 2 && jobs.every((job) => job.state === 'retry');
    }, 'both notices to wait for a retry');
    for (const email of ['martha@example.com', 'peter@example.com']) {
      expect(await queuedMailFor(content.db, email), email).toEqual([]);
    }

    // Identity is back (same address); the retries send every e-mail.
    identity = await startFakeIdentity(users, { port });
    await retryNoticesNow(content.db);
    const subjects = async (email: string) =>
      (await outboxFor(content.db, email)).map((mail) => mail.subject);
    expect(await subjects('martha@example.com')).toEqual(['Registration cancelled: Outage Walk']);
    expect(await subjects('wren.outage@example.com')).toEqual([
      "You're on the waitlist: Outage Walk",
      'A seat opened up: Outage Walk',
    ]);
    expect(await subjects('peter@example.com')).toEqual(['Cancelled: Outage Rained Out Walk']);
    expect(await subjects('gil.outage@example.com')).toEqual([
      "You're registered: Outage Rained Out Walk",
      'Cancelled: Outage Rained Out Walk',
    ]);
    const jobs = await jobsOf(content.db, REGISTRATION_NOTICES_QUEUE);
    expect(jobs.map((job) => job.state)).toEqual(['completed', 'completed']);
    expect(identity.calls.lookup).toBe(2);
  });

  it('a notice retried after its e-mails were queued sends nothing twice', async () => {
    const walk = await insertTestEvent(content.db, { title: 'Twice Walk' });
    await registerGuest(content, walk, 'Tam', 'tam.twice@example.com');
    expect((await adminCall(content, 'DELETE', walk)).statusCode).toBe(200);
    await outboxFor(content.db, 'tam.twice@example.com');
    const [notice] = (await jobsOf(content.db, REGISTRATION_NOTICES_QUEUE)).slice(-1);
    expect(notice?.state).toBe('completed');

    // As if the process had died after the e-mails' transaction committed, before the job completed.
    await sql`update job set state = 'retry', completed_on = null, start_after = now()
      where id = ${notice?.id}`.execute(content.db);
    const noticeNow = async () =>
      (await jobsOf(content.db, REGISTRATION_NOTICES_QUEUE)).find((job) => job.id === notice?.id);
    await until(async () => (await noticeNow())?.state === 'completed', 'the notice to run again');
    const again = await noticeNow();
    expect(again?.output).toEqual({ queued: 0, alreadyQueued: true });
    expect((await outboxFor(content.db, 'tam.twice@example.com')).map((mail) => mail.subject)).toEqual([
      "You're registered: Twice Walk",
      'Cancelled: Twice Walk',
    ]);
  });
});

describe('no identity call while an event row is locked', () => {
  let content: Content;
  let identity: FakeIdentity;
  /** One entry per lookup identity received: was any event row locked at that moment? */
  const lockedDuringLookup: boolean[] = [];

  /** Tries to lock every event row without waiting: fails (55P03) when a transaction holds one. */
  async function someEventLocked(): Promise<boolean> {
    try {
      await content.db.transaction().execute(async (trx) => {
        await sql`select id from events for update nowait`.execute(trx);
      });
      return false;
    } catch (error) {
      if ((error as { code?: string }).code === '55P03') return true;
      throw error;
    }
  }

  beforeAll(async () => {
    identity = await startFakeIdentity(users, {
      delayMs: 2_000,
      onLookup: async () => {
        lockedDuringLookup.push(await someEventLocked());
      },
    });
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
  afterEach(() => {
    expect(lockedDuringLookup.length).toBeGreaterThan(0);
    expect(lockedDuringLookup).not.toContain(true);
    lockedDuringLookup.length = 0;
  });

  it('a slow identity never holds up a registration for the event a member just cancelled', async () => {
    const walk = await insertTestEvent(content.db, { title: 'Slow Walk', capacity: 1 });
    const marthaSeat = await insertMemberRegistration(content, walk, martha);
    await registerGuest(content, walk, 'Wes', 'wes.slow@example.com');

    const before = identity.calls.lookup;
    const cancelling = timed(() => cancelAs(content, walk, marthaSeat, martha));
    // Identity is now answering (slowly) the lookup for the cancellation's e-mails...
    await until(() => identity.calls.lookup > before, 'the lookup of the cancelled member');
    // ...while another registration for the same event goes through at once.
    const registering = await timed(() => registerGuest(content, walk, 'Ada', 'ada.slow@example.com'));
    expect(registering.result.statusCode).toBe(201);
    expect(registering.result.json()).toMatchObject({ status: 'waitlisted' });
    expect(registering.ms).toBeLessThan(FAST_MS);
    const cancel = await cancelling;
    expect(cancel.result.statusCode).toBe(200);
    expect(cancel.ms).toBeLessThan(FAST_MS);

    expect((await outboxFor(content.db, 'martha@example.com')).map((mail) => mail.subject)).toEqual([
      'Registration cancelled: Slow Walk',
    ]);
    expect((await outboxFor(content.db, 'wes.slow@example.com')).at(-1)?.subject).toBe(
      'A seat opened up: Slow Walk',
    );
  });

  it("an admin's change of place and cancellation answer at once, the members told after the lock", async () => {
    const walk = await insertTestEvent(content.db, { title: 'Slow Moving Walk', location: 'Old Spot, Napa' });
    await insertMemberRegistration(content, walk, peter);
    const current = (await content.app.inject({ url: `/api/events/${walk}` })).json();
    const moved = await timed(() =>
      adminCall(content, 'PUT', walk, {
        title: current.title,
        description: current.description,
        location: 'New Spot, Napa',
        date: current.date,
        capacity: current.capacity,
        price: current.price,
        imageUrl: current.imageUrl,
      }),
    );
    expect(moved.result.statusCode).toBe(200);
    expect(moved.ms).toBeLessThan(FAST_MS);
    // Told once identity answers (the next change waits, so no lock is held while it is asked).
    expect((await outboxFor(content.db, 'peter@example.com')).map((mail) => mail.subject)).toEqual([
      'Updated details: Slow Moving Walk',
    ]);

    const deleted = await timed(() => adminCall(content, 'DELETE', walk));
    expect(deleted.result.json()).toEqual({ outcome: 'cancelled', notified: 1 });
    expect(deleted.ms).toBeLessThan(FAST_MS);

    const mails = await outboxFor(content.db, 'peter@example.com');
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Updated details: Slow Moving Walk',
      'Cancelled: Slow Moving Walk',
    ]);
    expect(mails[0]?.text).toContain('We now meet at New Spot, Napa (was Old Spot, Napa).');
  });
});
