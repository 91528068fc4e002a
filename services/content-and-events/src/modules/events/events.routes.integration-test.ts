import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Event, EventSchema } from '@jesus-walks/contracts/events';
import {
  identityHeaders,
  startTestService,
  type TestService,
  testAdmin,
  testUser,
} from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ContentAndEventsDatabase } from '../../db/database';
import { seed, seededWalkCount } from '../../db/seed';
import type { Env } from '../../env';
import { service } from '../../service';
import { daysFromNow, insertTestEvent, outboxFor, startFakeIdentity } from '../../testing/helpers';

let content: TestService<Env, ContentAndEventsDatabase>;
let identity: Awaited<ReturnType<typeof startFakeIdentity>>;

const member = {
  id: 4101,
  username: 'martha',
  email: 'martha@example.com',
  isAdmin: false,
  isVerified: true,
};

beforeAll(async () => {
  identity = await startFakeIdentity([member]);
  content = await startTestService(service, { IDENTITY_URL: identity.url });
});
afterAll(async () => {
  await content.close();
  await identity.close();
});

const admin = (method: string, url: string) => identityHeaders(testAdmin, method, url);
const user = (method: string, url: string) => identityHeaders(testUser, method, url);

function validInput(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Oat Hill Mine Trail Hike',
    description: 'Up the old mine road above Calistoga with views of the whole valley.',
    location: 'Oat Hill Mine Trailhead, Calistoga, CA',
    date: daysFromNow(15).toISOString(),
    capacity: 15,
    price: 0,
    imageUrl: '/images/events/mount-st-helena.svg',
    ...overrides,
  };
}

function registerGuest(eventId: number, name: string, email: string) {
  return content.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/registrations`,
    payload: { name, email },
  });
}

async function registerMember(eventId: number) {
  return content.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/registrations`,
    headers: await identityHeaders(
      { id: member.id, username: member.username, isAdmin: false },
      'POST',
      `/api/events/${eventId}/registrations`,
    ),
    payload: {},
  });
}

async function getEvent(id: number): Promise<Event> {
  const response = await content.app.inject({ url: `/api/events/${id}` });
  expect(response.statusCode).toBe(200);
  return EventSchema.parse(response.json());
}

describe('GET /api/events', () => {
  it('lists upcoming events soonest first, then past ones latest first, each with seats left', async () => {
    const later = await insertTestEvent(content.db, { date: daysFromNow(30), capacity: 3 });
    const sooner = await insertTestEvent(content.db, { date: daysFromNow(2), capacity: 5 });
    const longAgo = await insertTestEvent(content.db, { date: daysFromNow(-40) });
    const recently = await insertTestEvent(content.db, { date: daysFromNow(-3) });
    await content.db
      .insertInto('registrations')
      .values([
        { eventId: later, userId: 1, status: 'confirmed' },
        { eventId: later, userId: 2, status: 'pending_payment' },
        { eventId: later, userId: 3, status: 'waitlisted' },
        { eventId: later, userId: 4, status: 'cancelled' },
      ])
      .execute();

    const response = await content.app.inject({ url: '/api/events' });
    expect(response.statusCode).toBe(200);
    const events = z.array(EventSchema).parse(response.json());
    const ids = events.map((event) => event.id);
    expect(ids.indexOf(sooner)).toBeLessThan(ids.indexOf(later));
    expect(ids.indexOf(later)).toBeLessThan(ids.indexOf(recently));
    expect(ids.indexOf(recently)).toBeLessThan(ids.indexOf(longAgo));
    const firstPast = events.findIndex((event) => event.isPast);
    expect(events.slice(firstPast).every((event) => event.isPast)).toBe(true);

    const laterEvent = events.find((event) => event.id === later);
    expect(laterEvent).toMatchObject({ capacity: 3, seatsTaken: 2, seatsLeft: 1, waitlistCount: 1 });
    expect(events.find((event) => event.id === sooner)).toMatchObject({ seatsLeft: 5, isPast: false });
    // The spec's client shape is all there.
    expect(Object.keys(laterEvent ?? {})).toEqual(
      expect.arrayContaining(['id', 'title', 'imageUrl', 'date', 'location', 'description']),
    );
  });
});

describe('GET /api/events/:id', () => {
  it('answers one event', async () => {
    const id = await insertTestEvent(content.db, { title: 'Ridge Walk', price: 12, capacity: 8 });
    expect(await getEvent(id)).toMatchObject({
      id,
      title: 'Ridge Walk',
      price: 12,
      capacity: 8,
      seatsLeft: 8,
      isCancelled: false,
      isPast: false,
    });
  });

  it('answers JSON 404 for an unknown event and 400 for an id that is not one', async () => {
    const missing = await content.app.inject({ url: '/api/events/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Event not found', code: 'not_found' });
    const malformed = await content.app.inject({ url: '/api/events/abc' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'validation_failed' });
  });
});

describe('POST /api/events (admin)', () => {
  it('creates an event', async () => {
    const response = await content.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: await admin('POST', '/api/events'),
      payload: validInput({ price: 20 }),
    });
    expect(response.statusCode).toBe(201);
    const event = EventSchema.parse(response.json());
    expect(event).toMatchObject({
      title: 'Oat Hill Mine Trail Hike',
      price: 20,
      seatsLeft: 15,
      isPast: false,
    });
    expect(await getEvent(event.id)).toEqual(event);
  });

  it('is refused to visitors (401) and members (403)', async () => {
    const anonymous = await content.app.inject({ method: 'POST', url: '/api/events', payload: validInput() });
    expect(anonymous.statusCode).toBe(401);
    const member = await content.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: await user('POST', '/api/events'),
      payload: validInput(),
    });
    expect(member.statusCode).toBe(403);
    expect(member.json()).toMatchObject({ code: 'forbidden' });
  });

  it('validates every field', async () => {
    const response = await content.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: await admin('POST', '/api/events'),
      payload: {
        title: ' ',
        description: '',
        location: '',
        date: 'next saturday',
        capacity: 0,
        price: -5,
        imageUrl: 'javascript:alert(1)',
      },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json() as { code: string; issues: Array<{ path: string[]; message: string }> };
    expect(body.code).toBe('validation_failed');
    const fields = new Set(body.issues.map((issue) => issue.path.at(-1)));
    for (const field of ['title', 'description', 'location', 'date', 'capacity', 'price', 'imageUrl']) {
      expect(fields, field).toContain(field);
    }
    const fractional = await content.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: await admin('POST', '/api/events'),
      payload: validInput({ price: 9.99 }),
    });
    expect(fractional.statusCode).toBe(400);
    const unknownField = await content.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: await admin('POST', '/api/events'),
      payload: validInput({ seatsLeft: 100 }),
    });
    expect(unknownField.statusCode).toBe(400);
  });

  it('refuses a date in the past', async () => {
    const response = await content.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: await admin('POST', '/api/events'),
      payload: validInput({ date: daysFromNow(-1).toISOString() }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      issues: [{ path: ['body', 'date'], message: 'The event date must be in the future' }],
    });
  });
});

describe('PUT /api/events/:id (admin)', () => {
  it('updates an event', async () => {
    const id = await insertTestEvent(content.db);
    const response = await content.app.inject({
      method: 'PUT',
      url: `/api/events/${id}`,
      headers: await admin('PUT', `/api/events/${id}`),
      payload: validInput({ title: 'Renamed Walk', capacity: 30, imageUrl: null }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, title: 'Renamed Walk', capacity: 30, imageUrl: null });
  });

  it('answers 404 for an unknown event, 401 and 403 without admin rights', async () => {
    const missing = await content.app.inject({
      method: 'PUT',
      url: '/api/events/999999',
      headers: await admin('PUT', '/api/events/999999'),
      payload: validInput(),
    });
    expect(missing.statusCode).toBe(404);
    const id = await insertTestEvent(content.db);
    expect(
      (await content.app.inject({ method: 'PUT', url: `/api/events/${id}`, payload: validInput() }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await content.app.inject({
          method: 'PUT',
          url: `/api/events/${id}`,
          headers: await user('PUT', `/api/events/${id}`),
          payload: validInput(),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('keeps a past event editable without moving it, but never moves an event into the past', async () => {
    const pastDate = daysFromNow(-5);
    const past = await insertTestEvent(content.db, { date: pastDate });
    const kept = await content.app.inject({
      method: 'PUT',
      url: `/api/events/${past}`,
      headers: await admin('PUT', `/api/events/${past}`),
      payload: validInput({ date: pastDate.toISOString(), description: 'What a morning it was.' }),
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ description: 'What a morning it was.', isPast: true });

    const upcoming = await insertTestEvent(content.db);
    const moved = await content.app.inject({
      method: 'PUT',
      url: `/api/events/${upcoming}`,
      headers: await admin('PUT', `/api/events/${upcoming}`),
      payload: validInput({ date: daysFromNow(-2).toISOString() }),
    });
    expect(moved.statusCode).toBe(400);
  });

  it('refuses a capacity below the seats taken (422), and gives new seats to the waitlist', async () => {
    const id = await insertTestEvent(content.db, { capacity: 2 });
    for (const email of ['a1@example.com', 'a2@example.com', 'a3@example.com', 'a4@example.com']) {
      const response = await content.app.inject({
        method: 'POST',
        url: `/api/events/${id}/registrations`,
        payload: { name: 'Walker', email },
      });
      expect(response.statusCode).toBe(201);
    }
    const tooSmall = await content.app.inject({
      method: 'PUT',
      url: `/api/events/${id}`,
      headers: await admin('PUT', `/api/events/${id}`),
      payload: validInput({ capacity: 1 }),
    });
    expect(tooSmall.statusCode).toBe(422);
    expect(tooSmall.json()).toEqual({
      message: 'Capacity cannot be lower than the 2 seats already taken.',
      code: 'business_rule',
    });

    const larger = await content.app.inject({
      method: 'PUT',
      url: `/api/events/${id}`,
      headers: await admin('PUT', `/api/events/${id}`),
      payload: validInput({ capacity: 3 }),
    });
    expect(larger.statusCode).toBe(200);
    expect(larger.json()).toMatchObject({ capacity: 3, seatsTaken: 3, seatsLeft: 0, waitlistCount: 1 });
    const promoted = await outboxFor(content.db, 'a3@example.com');
    expect(promoted.map((mail) => mail.subject)).toEqual([
      expect.stringContaining("You're on the waitlist"),
      expect.stringContaining('A seat opened up'),
    ]);
  });

  it('tells registrants when the date or meeting place changes', async () => {
    const id = await insertTestEvent(content.db, { title: 'Moving Walk', location: 'Old Spot, Napa' });
    await registerGuest(id, 'Ruth', 'ruth.moving@example.com');
    await registerMember(id);
    const response = await content.app.inject({
      method: 'PUT',
      url: `/api/events/${id}`,
      headers: await admin('PUT', `/api/events/${id}`),
      payload: validInput({ title: 'Moving Walk', location: 'New Spot, Napa' }),
    });
    expect(response.statusCode).toBe(200);
    for (const email of ['ruth.moving@example.com', member.email]) {
      const mails = await outboxFor(content.db, email);
      const changed = mails.find((mail) => mail.subject === 'Updated details: Moving Walk');
      expect(changed?.text, email).toContain('We now meet at New Spot, Napa (was Old Spot, Napa).');
    }
  });

  it('refuses to change a cancelled event (422)', async () => {
    const id = await insertTestEvent(content.db, { cancelledAt: new Date() });
    const response = await content.app.inject({
      method: 'PUT',
      url: `/api/events/${id}`,
      headers: await admin('PUT', `/api/events/${id}`),
      payload: validInput(),
    });
    expect(response.statusCode).toBe(422);
  });
});

describe('DELETE /api/events/:id (admin)', () => {
  it('deletes an event nobody registered for', async () => {
    const id = await insertTestEvent(content.db);
    const response = await content.app.inject({
      method: 'DELETE',
      url: `/api/events/${id}`,
      headers: await admin('DELETE', `/api/events/${id}`),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ outcome: 'deleted', notified: 0 });
    expect((await content.app.inject({ url: `/api/events/${id}` })).statusCode).toBe(404);
  });

  it('cancels an event with registrations instead, tells every registrant, and closes registration', async () => {
    const id = await insertTestEvent(content.db, { title: 'Rained Out Walk', capacity: 1 });
    await registerGuest(id, 'Ann', 'ann.rain@example.com');
    await registerGuest(id, 'Bo', 'bo.rain@example.com');
    await registerMember(id);

    const response = await content.app.inject({
      method: 'DELETE',
      url: `/api/events/${id}`,
      headers: await admin('DELETE', `/api/events/${id}`),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ outcome: 'cancelled', notified: 3 });
    for (const email of ['ann.rain@example.com', 'bo.rain@example.com', member.email]) {
      const mails = await outboxFor(content.db, email);
      expect(mails.at(-1)?.subject, email).toBe('Cancelled: Rained Out Walk');
    }
    expect(await getEvent(id)).toMatchObject({ isCancelled: true });

    const late = await content.app.inject({
      method: 'POST',
      url: `/api/events/${id}/registrations`,
      payload: { name: 'Cy', email: 'cy.rain@example.com' },
    });
    expect(late.statusCode).toBe(422);
    expect(late.json()).toEqual({
      message: 'This event has been cancelled, so registration is closed.',
      code: 'business_rule',
    });

    const again = await content.app.inject({
      method: 'DELETE',
      url: `/api/events/${id}`,
      headers: await admin('DELETE', `/api/events/${id}`),
    });
    expect(again.json()).toEqual({ outcome: 'cancelled', notified: 0 });
  });

  it('answers 404 for an unknown event, 401 and 403 without admin rights', async () => {
    expect(
      (
        await content.app.inject({
          method: 'DELETE',
          url: '/api/events/999999',
          headers: await admin('DELETE', '/api/events/999999'),
        })
      ).statusCode,
    ).toBe(404);
    const id = await insertTestEvent(content.db);
    expect((await content.app.inject({ method: 'DELETE', url: `/api/events/${id}` })).statusCode).toBe(401);
    expect(
      (
        await content.app.inject({
          method: 'DELETE',
          url: `/api/events/${id}`,
          headers: await user('DELETE', `/api/events/${id}`),
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('demo seed', () => {
  it('adds at least six upcoming walks and two past ones with shipped images, once', async () => {
    const fresh = await startTestService(service);
    try {
      await seed(fresh.db);
      await seed(fresh.db);
      const events = z.array(EventSchema).parse((await fresh.app.inject({ url: '/api/events' })).json());
      expect(events).toHaveLength(seededWalkCount);
      expect(events.filter((event) => !event.isPast).length).toBeGreaterThanOrEqual(6);
      expect(events.filter((event) => event.isPast).length).toBeGreaterThanOrEqual(2);
      expect(events.some((event) => event.price > 0)).toBe(true);
      for (const event of events) {
        expect(event.imageUrl).toMatch(/^\/images\/events\/[a-z-]+\.svg$/);
        const file = fileURLToPath(
          new URL(`../../../../../apps/web/public${event.imageUrl}`, import.meta.url),
        );
        expect(existsSync(file), file).toBe(true);
        expect(event.description.length).toBeGreaterThan(80);
      }
    } finally {
      await fresh.close();
    }
  });
});
