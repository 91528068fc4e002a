import { ErrorResponseSchema } from '@jesus-walks/contracts/common';
import {
  identityHeaders,
  startTestService,
  type TestService,
  testAdmin,
} from '@jesus-walks/test-kit/test-service';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentAndEventsDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { daysFromNow, insertTestEvent, startFakeIdentity } from '../../testing/helpers';
import { generousClientLimits } from '../rate-limits/rate-limits.testing';

/**
 * The calendars as a subscriber's calendar and a visitor's download read them: every answer parsed
 * by ical.js, a maintained iCalendar library, never by the writer that made it.
 */
let content: TestService<Env, ContentAndEventsDatabase>;
let identity: Awaited<ReturnType<typeof startFakeIdentity>>;

beforeAll(async () => {
  identity = await startFakeIdentity([]);
  content = await startTestService(service, { IDENTITY_URL: identity.url, ...generousClientLimits });
});
afterAll(async () => {
  await content.close();
  await identity.close();
});

/**
 * Asks for the feed built from the database now (as the gateway does after a change): a row a test
 * inserted itself is announced by NOTIFY, which this process may not have heard yet.
 */
const afresh = { 'cache-control': 'no-cache' };

const feed = (headers: Record<string, string> = {}) => content.app.inject({ url: '/events.ics', headers });

/** The feed's (or a file's) walks by id, as ical.js reads them. */
function walksOf(text: string): Map<number, { vevent: ICAL.Component; event: ICAL.Event }> {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return new Map(
    calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      return [Number(/^walk-(\d+)@/.exec(event.uid)?.[1]), { vevent, event }];
    }),
  );
}

async function feedWalk(id: number, headers: Record<string, string> = {}) {
  const response = await feed(headers);
  expect(response.statusCode).toBe(200);
  return walksOf(response.body).get(id);
}

async function asAdmin(method: 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await content.app.inject({
    method,
    url,
    headers: await identityHeaders(testAdmin, method, url),
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('GET /events.ics', () => {
  it('is a calendar to subscribe to: upcoming walks, cancelled ones marked, and the last 60 days', async () => {
    const upcoming = await insertTestEvent(content.db, {
      title: 'Vineyard Loop',
      date: new Date('2099-05-04T13:30:00Z'),
      durationMinutes: 150,
      meetingLatitude: 38.2975,
      meetingLongitude: -122.2869,
    });
    const cancelled = await insertTestEvent(content.db, { date: daysFromNow(20), cancelledAt: new Date() });
    const recent = await insertTestEvent(content.db, { date: daysFromNow(-30) });
    const old = await insertTestEvent(content.db, { date: daysFromNow(-90) });

    const response = await feed(afresh);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=300');
    const calendar = new ICAL.Component(ICAL.parse(response.body));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Jesus Walks — walks');
    expect(calendar.getFirstPropertyValue('x-published-ttl')).toBe('PT1H');
    const walks = walksOf(response.body);
    expect([...walks.keys()]).toEqual(expect.arrayContaining([upcoming, cancelled, recent]));
    expect(walks.has(old)).toBe(false);

    const vineyard = walks.get(upcoming);
    expect(vineyard?.event.uid).toBe(`walk-${upcoming}@localhost`);
    expect(vineyard?.event.summary).toBe('Vineyard Loop');
    expect(vineyard?.event.startDate.zone?.tzid).toBe('UTC');
    expect(vineyard?.event.startDate.toJSDate().toISOString()).toBe('2099-05-04T13:30:00.000Z');
    expect(vineyard?.event.endDate.toJSDate().toISOString()).toBe('2099-05-04T16:00:00.000Z');
    expect(vineyard?.vevent.getFirstPropertyValue('geo')).toEqual([38.2975, -122.2869]);
    expect(vineyard?.vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(vineyard?.vevent.getFirstPropertyValue('url')).toBe(`http://localhost:3000/events/${upcoming}`);
    // Walks whose leader gave no meeting point have no GEO.
    expect(walks.get(recent)?.vevent.hasProperty('geo')).toBe(false);
    expect(walks.get(cancelled)?.vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
  });

  it('answers 304 to a calendar that has it, until a walk changes', async () => {
    const first = await feed();
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect((await feed({ 'if-none-match': etag })).statusCode).toBe(304);
    await insertTestEvent(content.db, { title: 'Added later' });
    // Heard through NOTIFY (migration 0013), as a change by another replica or a job would be.
    await expect
      .poll(async () => (await feed({ 'if-none-match': etag })).statusCode, { timeout: 3_000 })
      .toBe(200);
  });

  it('keeps a walk’s UID through a move and a cancellation, its SEQUENCE growing, and drops a deleted one', async () => {
    const eventId = await insertTestEvent(content.db, {
      title: 'Oat Hill Mine Trail Hike',
      date: daysFromNow(15),
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    });
    const before = await feedWalk(eventId, afresh);
    expect(before?.event.uid).toBe(`walk-${eventId}@localhost`);

    // Moved a day later by an admin: a guest has registered, so the walk is later cancelled, not deleted.
    const guest = await content.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/registrations`,
      payload: { name: 'Ruth', email: 'ruth@example.com' },
    });
    expect(guest.statusCode, guest.body).toBe(201);
    const movedTo = daysFromNow(16);
    await asAdmin('PUT', `/api/events/${eventId}`, {
      title: 'Oat Hill Mine Trail Hike',
      description: 'A walk for the tests.',
      location: 'Napa, CA',
      date: movedTo.toISOString(),
      capacity: 10,
      price: 0,
    });
    const moved = await feedWalk(eventId);
    expect(moved?.event.uid).toBe(before?.event.uid);
    expect(moved?.event.sequence).toBeGreaterThan(before?.event.sequence ?? Number.POSITIVE_INFINITY);
    expect(moved?.event.startDate.toJSDate().getTime()).toBe(Math.floor(movedTo.getTime() / 1000) * 1000);

    await asAdmin('DELETE', `/api/events/${eventId}`);
    const cancelled = await feedWalk(eventId);
    expect(cancelled?.event.uid).toBe(before?.event.uid);
    expect(cancelled?.vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(cancelled?.event.sequence).toBeGreaterThan(moved?.event.sequence ?? Number.POSITIVE_INFINITY);

    // A walk nobody registered for is deleted outright: it leaves the feed.
    const unwanted = await insertTestEvent(content.db);
    expect(await feedWalk(unwanted, afresh)).toBeDefined();
    await asAdmin('DELETE', `/api/events/${unwanted}`);
    expect(await feedWalk(unwanted)).toBeUndefined();
  });
});

describe('GET /api/events/:id/calendar.ics', () => {
  it('downloads one walk as the feed has it, named after its title, with ETag and 304', async () => {
    const eventId = await insertTestEvent(content.db, { title: 'Sunrise Prayer Walk: Stags Leap' });
    const url = `/api/events/${eventId}/calendar.ics`;
    const response = await content.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="sunrise-prayer-walk-stags-leap.ics"',
    );
    expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=300');
    const walks = walksOf(response.body);
    expect([...walks.keys()]).toEqual([eventId]);
    const fromFeed = await feedWalk(eventId, afresh);
    expect(walks.get(eventId)?.event.uid).toBe(fromFeed?.event.uid);
    expect(walks.get(eventId)?.event.sequence).toBe(fromFeed?.event.sequence);
    // A file to import, not a calendar to subscribe to.
    expect(new ICAL.Component(ICAL.parse(response.body)).hasProperty('x-wr-calname')).toBe(false);

    const unchanged = await content.app.inject({
      url,
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(unchanged.statusCode).toBe(304);
  });

  it('answers 404 for a walk that does not exist, and 400 for an id that is not one', async () => {
    const unknown = await content.app.inject({ url: '/api/events/987654/calendar.ics' });
    expect(unknown.statusCode).toBe(404);
    expect(ErrorResponseSchema.parse(unknown.json()).code).toBe('not_found');
    expect((await content.app.inject({ url: '/api/events/abc/calendar.ics' })).statusCode).toBe(400);
  });
});
