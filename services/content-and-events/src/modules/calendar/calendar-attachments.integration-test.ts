import { randomUUID } from 'node:crypto';
import { EventQuoteSchema } from '@jesus-walks/contracts/events';
import type { QueuedMail } from '@jesus-walks/test-kit/jobs';
import {
  identityHeaders,
  internalHeader,
  startTestService,
  type TestService,
} from '@jesus-walks/test-kit/test-service';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentAndEventsDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { generousSeatHoldLimits, insertTestEvent, outboxFor, startFakeIdentity } from '../../testing/helpers';
import { generousClientLimits } from '../rate-limits/rate-limits.testing';

/**
 * A seat's confirmation e-mail carries the walk's .ics: in the mail job's data (the outbox), as the
 * worker hands it to SMTP, and named in the printed copy of a development install.
 */
let content: TestService<Env, ContentAndEventsDatabase>;
let identity: Awaited<ReturnType<typeof startFakeIdentity>>;

const member = { id: 5101, username: 'lydia', email: 'lydia@example.com', isAdmin: false, isVerified: true };

beforeAll(async () => {
  identity = await startFakeIdentity([member]);
  content = await startTestService(service, {
    IDENTITY_URL: identity.url,
    ...generousClientLimits,
    ...generousSeatHoldLimits,
  });
});
afterAll(async () => {
  await content.close();
  await identity.close();
});

function registerGuest(eventId: number, email: string) {
  return content.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/registrations`,
    payload: { name: 'Guest', email },
  });
}

/**
 * The e-mail's one calendar, read by ical.js: the walk it describes. (A seat's e-mail also carries
 * its ticket's QR code, an inline image: decision 040.)
 */
function calendarOf(mail: QueuedMail | undefined) {
  const files = (mail?.attachments ?? []).filter((attachment) => attachment.cid === undefined);
  expect(files).toHaveLength(1);
  const file = files[0];
  expect(file?.contentType).toBe('text/calendar; charset=utf-8; method=PUBLISH');
  const vevent = new ICAL.Component(ICAL.parse(file?.content ?? '')).getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('No VEVENT in the attachment');
  return { filename: file?.filename, vevent, event: new ICAL.Event(vevent) };
}

describe('the confirmation e-mail', () => {
  it("carries a guest's walk as an .ics, the same event as the feed's", async () => {
    const eventId = await insertTestEvent(content.db, { title: 'Skyline Park Ridge Walk' });
    expect((await registerGuest(eventId, 'anna@example.com')).statusCode).toBe(201);
    const [mail] = await outboxFor(content.db, 'anna@example.com');
    expect(mail?.subject).toBe("You're registered: Skyline Park Ridge Walk");
    const calendar = calendarOf(mail);
    expect(calendar.filename).toBe('skyline-park-ridge-walk.ics');
    expect(calendar.event.uid).toBe(`walk-${eventId}@localhost`);
    expect(calendar.event.summary).toBe('Skyline Park Ridge Walk');
    expect(calendar.vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');

    const download = await content.app.inject({ url: `/api/events/${eventId}/calendar.ics` });
    expect(download.body).toBe(mail?.attachments?.find((file) => file.cid === undefined)?.content);
    // Without SMTP the e-mail is printed, the file named but not shown.
    expect(content.notices.join('\n')).toMatch(
      /Attachment: skyline-park-ridge-walk\.ics \(text\/calendar; charset=utf-8; method=PUBLISH, \d+ bytes\)/,
    );
  });

  it("carries a member's, and a seat to pay on the day's; not a place on the waitlist", async () => {
    const eventId = await insertTestEvent(content.db, { capacity: 2, price: 15 });
    const url = `/api/events/${eventId}/registrations`;
    const registered = await content.app.inject({
      method: 'POST',
      url,
      headers: await identityHeaders(
        { id: member.id, username: member.username, isAdmin: false },
        'POST',
        url,
      ),
      payload: {},
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(calendarOf((await outboxFor(content.db, member.email))[0]).event.uid).toBe(
      `walk-${eventId}@localhost`,
    );
    expect((await registerGuest(eventId, 'ben@example.com')).statusCode).toBe(201);
    const [reserved] = await outboxFor(content.db, 'ben@example.com');
    expect(reserved?.subject).toMatch(/^Seat reserved/);
    calendarOf(reserved);

    expect((await registerGuest(eventId, 'chloe@example.com')).statusCode).toBe(201);
    const [waiting] = await outboxFor(content.db, 'chloe@example.com');
    expect(waiting?.subject).toMatch(/^You're on the waitlist/);
    expect(waiting?.attachments).toBeUndefined();
  });

  it('carries the walk of a seat paid at checkout (its receipt)', async () => {
    const eventId = await insertTestEvent(content.db, { title: 'Paid Walk', price: 25 });
    const quote = await content.app.inject({
      method: 'POST',
      url: '/internal/event-quotes',
      headers: internalHeader,
      payload: {
        eventId,
        buyer: { name: 'Dora', email: 'dora@example.com' },
        holder: { address: '192.0.2.77', userId: null },
      },
    });
    expect(quote.statusCode, quote.body).toBe(201);
    const fulfilled = await content.app.inject({
      method: 'POST',
      url: `/internal/event-quotes/${EventQuoteSchema.parse(quote.json()).quoteId}/fulfil`,
      headers: internalHeader,
      payload: {
        paymentId: randomUUID(),
        amountPaid: '25.00',
        paymentMethod: 'stripe',
        buyer: { userId: null, email: null, fullName: null, phone: null },
        shippingAddress: {},
      },
    });
    expect(fulfilled.statusCode, fulfilled.body).toBe(200);
    const [receipt] = await outboxFor(content.db, 'dora@example.com');
    expect(receipt?.subject).toBe("You're registered: Paid Walk (paid $25.00)");
    const calendar = calendarOf(receipt);
    expect(calendar.filename).toBe('paid-walk.ics');
    expect(calendar.event.uid).toBe(`walk-${eventId}@localhost`);
  });
});

describe('what a change to the walk tells its people', () => {
  const adminCall = async (method: 'PUT' | 'DELETE', eventId: number, payload?: object) => {
    const url = `/api/events/${eventId}`;
    const response = await content.app.inject({
      method,
      url,
      headers: await identityHeaders({ id: 1, username: 'admin', isAdmin: true }, method, url),
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const walkInput = (overrides: object = {}) => ({
    title: 'Moving Mesa',
    description: 'Up the mesa.',
    location: 'Mesa trailhead',
    date: '2030-09-14T16:00:00.000Z',
    capacity: 1,
    price: 0,
    meetingPoint: { latitude: 38.5, longitude: -122.4 },
    ...overrides,
  });

  it('moved: the seat holder gets the new .ics (same UID, higher SEQUENCE) and the map link; the waitlist is told, without one', async () => {
    const eventId = await insertTestEvent(content.db, {
      title: 'Moving Mesa',
      location: 'Mesa trailhead',
      date: new Date('2030-09-14T16:00:00.000Z'),
      capacity: 1,
      meetingLatitude: 38.5,
      meetingLongitude: -122.4,
    });
    await registerGuest(eventId, 'seated.mesa@example.com');
    await registerGuest(eventId, 'waiting.mesa@example.com');
    const [confirmation] = await outboxFor(content.db, 'seated.mesa@example.com');
    const sequenceBefore = calendarOf(confirmation).event.sequence;

    // Only the point on the map moves: that is the meeting point too.
    await adminCall('PUT', eventId, walkInput({ meetingPoint: { latitude: 38.51, longitude: -122.41 } }));
    const seated = await outboxFor(content.db, 'seated.mesa@example.com');
    const changed = seated.find((mail) => mail.subject === 'Updated details: Moving Mesa');
    expect(changed?.text).toContain(
      'The meeting point on the map: https://www.google.com/maps/search/?api=1&query=38.51%2C-122.41',
    );
    const calendar = calendarOf(changed);
    expect(calendar.event.uid).toBe(`walk-${eventId}@localhost`);
    expect(calendar.event.sequence).toBeGreaterThan(sequenceBefore);
    const geo = calendar.vevent.getFirstPropertyValue('geo') as number[] | null;
    expect(geo).toEqual([38.51, -122.41]);
    const waiting = (await outboxFor(content.db, 'waiting.mesa@example.com')).find(
      (mail) => mail.subject === 'Updated details: Moving Mesa',
    );
    expect(waiting?.text).toContain('The meeting point on the map:');
    expect(waiting?.attachments).toBeUndefined();

    // Saved again unchanged: nobody is told anything.
    await adminCall('PUT', eventId, walkInput({ meetingPoint: { latitude: 38.51, longitude: -122.41 } }));
    expect(
      (await outboxFor(content.db, 'seated.mesa@example.com')).filter((mail) =>
        mail.subject.startsWith('Updated'),
      ),
    ).toHaveLength(1);

    // More seats: the first on the waitlist gets one, and the walk for their calendar.
    await adminCall(
      'PUT',
      eventId,
      walkInput({ capacity: 2, meetingPoint: { latitude: 38.51, longitude: -122.41 } }),
    );
    const promoted = (await outboxFor(content.db, 'waiting.mesa@example.com')).at(-1);
    expect(promoted?.subject).toMatch(/seat/i);
    expect(calendarOf(promoted).event.uid).toBe(`walk-${eventId}@localhost`);
  });

  it('cancelled: each seat holder gets the walk as cancelled for their calendar', async () => {
    const eventId = await insertTestEvent(content.db, {
      title: 'Called Off Col',
    });
    await registerGuest(eventId, 'seated.col@example.com');
    await adminCall('DELETE', eventId);
    const cancelled = (await outboxFor(content.db, 'seated.col@example.com')).find(
      (mail) => mail.subject === 'Cancelled: Called Off Col',
    );
    const calendar = calendarOf(cancelled);
    expect(calendar.event.uid).toBe(`walk-${eventId}@localhost`);
    expect(calendar.vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
  });
});
