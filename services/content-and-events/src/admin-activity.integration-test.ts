import { type AuditEntry, AuditLogPageSchema } from '@jesus-walks/contracts/audit';
import type { Identity } from '@jesus-walks/contracts/common';
import { EventSchema, RegistrationSchema } from '@jesus-walks/contracts/events';
import {
  identityHeaders,
  internalHeader,
  startTestService,
  type TestService,
  testAdmin,
} from '@jesus-walks/test-kit/test-service';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentAndEventsDatabase } from './db/database';
import type { Env } from './env';
import { generousClientLimits } from './modules/rate-limits/rate-limits.testing';
import { service } from './service';
import { daysFromNow, insertTestEvent, startFakeIdentity } from './testing/helpers';

// The activity record of every admin mutation of content-and-events: who, what, the target and
// what changed, written in the mutation's transaction and read back through the internal route
// identity gathers from.

let content: TestService<Env, ContentAndEventsDatabase>;
let identity: Awaited<ReturnType<typeof startFakeIdentity>>;

const martha: Identity = { id: 6101, username: 'martha', isAdmin: false };
const peter: Identity = { id: 6102, username: 'peter', isAdmin: false };
const adminActor = { id: testAdmin.id, username: testAdmin.username };

beforeAll(async () => {
  identity = await startFakeIdentity([
    { ...martha, email: 'martha@example.com', isVerified: true },
    { ...peter, email: 'peter@example.com', isVerified: true },
  ]);
  content = await startTestService(service, { ...generousClientLimits, IDENTITY_URL: identity.url });
});
afterAll(async () => {
  await content.close();
  await identity.close();
});

async function as(who: Identity | null, method: string, url: string, payload?: unknown) {
  return content.app.inject({
    method: method as 'GET',
    url,
    headers: who ? await identityHeaders(who, method, url) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** The record of one target, newest first, as identity reads it. */
async function recordOf(type: string, id: number): Promise<AuditEntry[]> {
  const response = await content.app.inject({
    url: `/internal/audit-log/content-and-events?targetType=${type}&targetId=${id}`,
    headers: internalHeader,
  });
  expect(response.statusCode).toBe(200);
  return AuditLogPageSchema.pick({ entries: true }).parse(response.json()).entries;
}

async function recordCount(): Promise<number> {
  const row = await content.db
    .selectFrom('auditLog')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One instant for every form sent: the same date is no change. */
const walkDate = daysFromNow(20).toISOString();

function eventInput(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Vineyard Loop',
    description: 'Through the vines at first light.',
    location: 'Yountville, CA',
    date: walkDate,
    capacity: 2,
    price: 0,
    imageUrl: '/images/events/vineyard-loop.svg',
    ...overrides,
  };
}

async function register(eventId: number, who: Identity | { name: string; email: string }) {
  const url = `/api/events/${eventId}/registrations`;
  const response =
    'id' in who
      ? await as(who, 'POST', url, {})
      : await content.app.inject({ method: 'POST', url, payload: who });
  expect(response.statusCode).toBe(201);
  return RegistrationSchema.parse(response.json());
}

async function addSubscriber(email: string): Promise<number> {
  const row = await content.db
    .insertInto('waitlist')
    .values({ email, confirmedAt: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('events', () => {
  it('records a created event with every field it was given', async () => {
    const response = await as(testAdmin, 'POST', '/api/events', eventInput({ price: 25 }));
    expect(response.statusCode).toBe(201);
    const event = EventSchema.parse(response.json());
    const [entry, ...rest] = await recordOf('event', event.id);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      service: 'content-and-events',
      actor: adminActor,
      action: 'event.created',
      target: { type: 'event', id: String(event.id), label: 'Vineyard Loop' },
    });
    expect(entry?.summary).toMatch(/^Created the event "Vineyard Loop" on .+ with 2 seats at \$25\.$/);
    expect(entry?.changes).toEqual({
      title: { from: null, to: 'Vineyard Loop' },
      description: { from: null, to: 'Through the vines at first light.' },
      location: { from: null, to: 'Yountville, CA' },
      date: { from: null, to: event.date },
      capacity: { from: null, to: 2 },
      price: { from: null, to: 25 },
      imageUrl: { from: null, to: '/images/events/vineyard-loop.svg' },
      // The reminders it was given by default (decision 035).
      earlyReminderDays: { from: null, to: 2 },
      dayReminderTime: { from: null, to: '07:00:00' },
    });
  });

  it('records an update as the fields that changed, and nothing for a save without changes', async () => {
    const created = EventSchema.parse((await as(testAdmin, 'POST', '/api/events', eventInput())).json());
    await register(created.id, martha);
    await register(created.id, peter);
    await register(created.id, { name: 'Lydia Waiting', email: 'lydia@example.com' });
    const url = `/api/events/${created.id}`;
    const updated = await as(
      testAdmin,
      'PUT',
      url,
      eventInput({ title: 'Vineyard Loop at Dawn', capacity: 3 }),
    );
    expect(updated.statusCode).toBe(200);

    const [entry] = await recordOf('event', created.id);
    expect(entry).toMatchObject({
      actor: adminActor,
      action: 'event.updated',
      target: { type: 'event', id: String(created.id), label: 'Vineyard Loop at Dawn' },
      summary:
        'Changed the title and capacity of the event "Vineyard Loop at Dawn". 1 person moved off the waitlist into the new seats.',
      changes: {
        title: { from: 'Vineyard Loop', to: 'Vineyard Loop at Dawn' },
        capacity: { from: 2, to: 3 },
      },
    });

    const before = await recordCount();
    const again = await as(
      testAdmin,
      'PUT',
      url,
      eventInput({ title: 'Vineyard Loop at Dawn', capacity: 3 }),
    );
    expect(again.statusCode).toBe(200);
    expect(await recordCount()).toBe(before);
  });

  it('records a deletion and a cancellation, each once', async () => {
    const empty = await insertTestEvent(content.db, { title: 'Nobody Came' });
    expect((await as(testAdmin, 'DELETE', `/api/events/${empty}`)).json()).toEqual({
      outcome: 'deleted',
      notified: 0,
    });
    expect(await recordOf('event', empty)).toMatchObject([
      {
        actor: adminActor,
        action: 'event.deleted',
        target: { type: 'event', id: String(empty), label: 'Nobody Came' },
        summary: 'Deleted the event "Nobody Came" (nobody was registered).',
        changes: null,
      },
    ]);

    const full = await insertTestEvent(content.db, { title: 'Rained Out' });
    await register(full, martha);
    await register(full, { name: 'Lydia', email: 'lydia.rain@example.com' });
    expect((await as(testAdmin, 'DELETE', `/api/events/${full}`)).json()).toEqual({
      outcome: 'cancelled',
      notified: 2,
    });
    // Cancelling it again changes nothing and records nothing.
    expect((await as(testAdmin, 'DELETE', `/api/events/${full}`)).statusCode).toBe(200);
    expect(await recordOf('event', full)).toMatchObject([
      {
        actor: adminActor,
        action: 'event.cancelled',
        target: { type: 'event', id: String(full), label: 'Rained Out' },
        summary: 'Cancelled the event "Rained Out"; its 2 registrants are told by e-mail.',
        changes: { cancelled: { from: false, to: true } },
      },
    ]);
  });
});

describe('registrations', () => {
  it("records an admin cancelling someone's registration, named as identity knows them", async () => {
    const eventId = await insertTestEvent(content.db, { title: 'Cedar Roughs', capacity: 1 });
    const seated = await register(eventId, martha);
    await register(eventId, { name: 'Next Inline', email: 'next@example.com' });
    const response = await as(testAdmin, 'DELETE', `/api/events/${eventId}/registrations/${seated.id}`);
    expect(response.statusCode).toBe(200);
    expect(await recordOf('registration', seated.id)).toMatchObject([
      {
        actor: adminActor,
        action: 'registration.cancelled',
        target: { type: 'registration', id: String(seated.id), label: 'martha' },
        summary:
          'Cancelled martha\'s registration for "Cedar Roughs". Their seat went to the next person on the waitlist.',
        changes: { status: { from: 'confirmed', to: 'cancelled' } },
      },
    ]);
  });

  it("names a guest by the name they gave, and records nothing for a member's own cancellation", async () => {
    const eventId = await insertTestEvent(content.db, { title: 'Skyline Park' });
    const guest = await register(eventId, { name: 'Phoebe Guest', email: 'phoebe@example.com' });
    await as(testAdmin, 'DELETE', `/api/events/${eventId}/registrations/${guest.id}`);
    expect((await recordOf('registration', guest.id)).map((entry) => entry.target.label)).toEqual([
      'Phoebe Guest',
    ]);

    const own = await register(eventId, peter);
    const before = await recordCount();
    expect((await as(peter, 'DELETE', `/api/events/${eventId}/registrations/${own.id}`)).statusCode).toBe(
      200,
    );
    expect(await recordCount()).toBe(before);
  });

  it('records someone moved off the waitlist, with the capacity raised at a full event', async () => {
    const eventId = await insertTestEvent(content.db, { title: 'Full Moon Walk', capacity: 1 });
    await register(eventId, martha);
    const waiting = await register(eventId, peter);
    const url = `/api/events/${eventId}/registrations/${waiting.id}/promote`;
    expect((await as(testAdmin, 'POST', url)).statusCode).toBe(200);
    expect(await recordOf('registration', waiting.id)).toMatchObject([
      {
        actor: adminActor,
        action: 'registration.promoted',
        target: { type: 'registration', id: String(waiting.id), label: 'peter' },
        summary:
          'Gave peter a seat at "Full Moon Walk" from the waitlist. The event was full, so its capacity went from 1 to 2.',
        changes: { status: { from: 'waitlisted', to: 'confirmed' }, capacity: { from: 1, to: 2 } },
      },
    ]);
  });

  it('records a seat given from a free one without a capacity change', async () => {
    const eventId = await insertTestEvent(content.db, { title: 'Open Seat Walk', capacity: 1, price: 10 });
    await register(eventId, martha);
    const waiting = await register(eventId, { name: 'Tabitha', email: 'tabitha@example.com' });
    await content.db.updateTable('events').set({ capacity: 2 }).where('id', '=', eventId).execute();
    await as(testAdmin, 'POST', `/api/events/${eventId}/registrations/${waiting.id}/promote`);
    expect(await recordOf('registration', waiting.id)).toMatchObject([
      {
        summary: 'Gave Tabitha a seat at "Open Seat Walk" from the waitlist.',
        changes: { status: { from: 'waitlisted', to: 'pending_payment' } },
      },
    ]);
  });
});

describe('subscribers', () => {
  it('records a removal labelled with the address', async () => {
    const id = await addSubscriber('ruth@example.com');
    const response = await as(testAdmin, 'DELETE', `/api/newsletter/subscribers/${id}`);
    expect(response.statusCode).toBe(200);
    expect(await recordOf('subscriber', id)).toMatchObject([
      {
        actor: adminActor,
        action: 'subscriber.removed',
        target: { type: 'subscriber', id: String(id), label: 'ruth@example.com' },
        summary: 'Removed ruth@example.com from the newsletter.',
        changes: { status: { from: 'confirmed', to: 'removed' } },
      },
    ]);
  });
});

describe('a mutation that fails records nothing', () => {
  it('refused by a rule, a conflict, a missing target or a missing right', async () => {
    const eventId = await insertTestEvent(content.db, { capacity: 2 });
    const seated = await register(eventId, martha);
    await register(eventId, peter);
    const before = await recordCount();
    const answers = await Promise.all([
      as(testAdmin, 'POST', '/api/events', eventInput({ date: daysFromNow(-1).toISOString() })),
      as(testAdmin, 'PUT', `/api/events/${eventId}`, eventInput({ capacity: 1 })),
      as(testAdmin, 'PUT', '/api/events/999999', eventInput()),
      as(testAdmin, 'DELETE', '/api/events/999999'),
      as(testAdmin, 'POST', `/api/events/${eventId}/registrations/${seated.id}/promote`),
      as(testAdmin, 'DELETE', `/api/events/${eventId}/registrations/999999`),
      as(testAdmin, 'DELETE', '/api/newsletter/subscribers/999999'),
      as(martha, 'DELETE', `/api/events/${eventId}`),
      as(null, 'POST', '/api/events', eventInput()),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 422, 404, 404, 409, 404, 404, 403, 401]);
    expect(await recordCount()).toBe(before);
  });

  it('and a change whose record cannot be written is not made', async () => {
    const eventId = await insertTestEvent(content.db, { capacity: 1 });
    await register(eventId, martha);
    const waiting = await register(eventId, peter);
    const subscriber = await addSubscriber('kept@example.com');
    await sql`create function refuse_audit() returns trigger language plpgsql as $$
      begin raise exception 'the activity record is unavailable'; end $$`.execute(content.db);
    await sql`create trigger refuse_audit before insert on audit_log
      for each row execute function refuse_audit()`.execute(content.db);
    try {
      const answers = await Promise.all([
        as(testAdmin, 'POST', `/api/events/${eventId}/registrations/${waiting.id}/promote`),
        as(testAdmin, 'DELETE', `/api/newsletter/subscribers/${subscriber}`),
        as(testAdmin, 'PUT', `/api/events/${eventId}`, eventInput({ capacity: 5 })),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([500, 500, 500]);
    } finally {
      await sql`drop trigger refuse_audit on audit_log`.execute(content.db);
      await sql`drop function refuse_audit()`.execute(content.db);
    }
    const event = await content.db
      .selectFrom('events')
      .select(['capacity', 'title'])
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow();
    expect(event.capacity).toBe(1);
    const registration = await content.db
      .selectFrom('registrations')
      .select('status')
      .where('id', '=', waiting.id)
      .executeTakeFirstOrThrow();
    expect(registration.status).toBe('waitlisted');
    const kept = await content.db.selectFrom('waitlist').select('id').where('id', '=', subscriber).execute();
    expect(kept).toHaveLength(1);
  });
});
