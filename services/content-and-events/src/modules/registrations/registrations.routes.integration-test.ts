import type { Identity } from '@jesus-walks/contracts/common';
import {
  EventRegistrationsSchema,
  MyRegistrationSchema,
  RegistrationSchema,
  WaitlistPromotionSchema,
} from '@jesus-walks/contracts/events';
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
import type { Env } from '../../env';
import { service } from '../../service';
import {
  daysFromNow,
  insertTestEvent,
  outboxFor,
  startFakeIdentity,
  tokenOfLink,
} from '../../testing/helpers';
import { generousClientLimits } from '../rate-limits/rate-limits.testing';

let content: TestService<Env, ContentAndEventsDatabase>;
let identity: Awaited<ReturnType<typeof startFakeIdentity>>;

const martha: Identity = { id: 5101, username: 'martha', isAdmin: false };
const peter: Identity = { id: 5102, username: 'peter', isAdmin: false };
const unknownMember: Identity = { id: 5199, username: 'ghost', isAdmin: false };
const users = [
  { ...martha, email: 'martha@example.com', isVerified: true },
  { ...peter, email: 'peter@example.com', isVerified: true },
];

beforeAll(async () => {
  identity = await startFakeIdentity(users);
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

async function registerAs(
  eventId: number,
  who: Identity | { name: string; email: string; party?: string[] },
  headers = {},
) {
  const isMember = 'id' in who;
  return content.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/registrations`,
    headers: {
      ...(isMember ? await identityHeaders(who, 'POST', `/api/events/${eventId}/registrations`) : {}),
      ...headers,
    },
    payload: isMember ? {} : who,
  });
}

async function cancelAs(eventId: number, registrationId: number, who?: Identity) {
  return content.app.inject({
    method: 'DELETE',
    url: `/api/events/${eventId}/registrations/${registrationId}`,
    headers: who
      ? await identityHeaders(who, 'DELETE', `/api/events/${eventId}/registrations/${registrationId}`)
      : {},
  });
}

async function statuses(eventId: number) {
  const rows = await content.db
    .selectFrom('registrations')
    .select(['id', 'status'])
    .where('eventId', '=', eventId)
    .orderBy('id')
    .execute();
  return rows;
}

describe('POST /api/events/:id/registrations', () => {
  it('registers a guest with name and e-mail and sends the confirmation e-mail with a cancel link', async () => {
    const eventId = await insertTestEvent(content.db, { title: 'Guest Walk' });
    const response = await registerAs(eventId, { name: 'Lydia Grant', email: ' Lydia@Example.com ' });
    expect(response.statusCode).toBe(201);
    const registration = RegistrationSchema.parse(response.json());
    expect(registration).toMatchObject({ eventId, status: 'confirmed', waitlistPosition: null });

    const stored = await content.db
      .selectFrom('registrations')
      .selectAll()
      .where('id', '=', registration.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ userId: null, guestName: 'Lydia Grant', guestEmail: 'lydia@example.com' });

    const [mail] = await outboxFor(content.db, 'lydia@example.com');
    expect(mail).toMatchObject({ subject: "You're registered: Guest Walk", transport: 'log' });
    expect(mail?.text).toContain('Hi Lydia Grant,');
    expect(mail?.text).toContain(`https://walks.example/events/${eventId}?cancel=`);
  });

  it('registers a logged-in member and writes to the e-mail identity has for them', async () => {
    const eventId = await insertTestEvent(content.db, { title: 'Member Walk' });
    const response = await registerAs(eventId, martha);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'confirmed' });
    const mails = await outboxFor(content.db, 'martha@example.com');
    expect(mails.at(-1)?.subject).toBe("You're registered: Member Walk");
    expect(mails.at(-1)?.text).not.toContain('?cancel=');
  });

  it('still registers a member identity cannot find (no e-mail then)', async () => {
    const eventId = await insertTestEvent(content.db);
    const response = await registerAs(eventId, unknownMember);
    expect(response.statusCode).toBe(201);
  });

  it('needs a guest to give a name and a valid e-mail (400 with the issues)', async () => {
    const eventId = await insertTestEvent(content.db);
    const nothing = await content.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/registrations`,
      payload: {},
    });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({
      code: 'validation_failed',
      message: 'Please give your name and e-mail address to register as a guest, or log in.',
      issues: [
        { path: ['body', 'name'], message: expect.any(String) },
        { path: ['body', 'email'], message: expect.any(String) },
      ],
    });
    const badEmail = await registerAs(eventId, { name: 'Ann', email: 'not-an-email' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().issues).toEqual([
      { path: ['body', 'email'], message: 'Please enter a valid email address' },
    ]);
    const extra = await content.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/registrations`,
      payload: { name: 'Ann', email: 'ann@example.com', status: 'confirmed' },
    });
    expect(extra.statusCode).toBe(400);
    expect(await statuses(eventId)).toEqual([]);
  });

  it('answers 404 for an unknown event', async () => {
    const response = await registerAs(999999, { name: 'Ann', email: 'ann404@example.com' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Event not found', code: 'not_found' });
  });

  it('refuses a past event with a clear message (422)', async () => {
    const eventId = await insertTestEvent(content.db, { date: daysFromNow(-1) });
    const response = await registerAs(eventId, { name: 'Ann', email: 'late@example.com' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'This event has already taken place, so registration is closed.',
      code: 'business_rule',
    });
  });

  it('registers each person once per event (409), a guest whatever the case of the e-mail', async () => {
    const eventId = await insertTestEvent(content.db);
    expect((await registerAs(eventId, martha)).statusCode).toBe(201);
    const again = await registerAs(eventId, martha);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'You are already registered for this event.', code: 'conflict' });

    expect((await registerAs(eventId, { name: 'Jo', email: 'jo@example.com' })).statusCode).toBe(201);
    const guestAgain = await registerAs(eventId, { name: 'Jo B.', email: 'JO@example.COM' });
    expect(guestAgain.statusCode).toBe(409);
    expect(guestAgain.json()).toEqual({
      message: 'This e-mail address is already registered for this event.',
      code: 'conflict',
    });
  });

  it('gives a paid event the status pending_payment', async () => {
    const eventId = await insertTestEvent(content.db, { title: 'Picnic Walk', price: 25 });
    const response = await registerAs(eventId, { name: 'Ann', email: 'ann.paid@example.com' });
    expect(response.json()).toMatchObject({ status: 'pending_payment' });
    const [mail] = await outboxFor(content.db, 'ann.paid@example.com');
    expect(mail?.subject).toBe('Seat reserved: Picnic Walk ($25.00 due on the day)');
  });

  it('waitlists registrations once the event is full, in order', async () => {
    const eventId = await insertTestEvent(content.db, { capacity: 1, title: 'Tiny Walk' });
    expect((await registerAs(eventId, { name: 'A', email: 'full-a@example.com' })).json()).toMatchObject({
      status: 'confirmed',
    });
    expect((await registerAs(eventId, { name: 'B', email: 'full-b@example.com' })).json()).toMatchObject({
      status: 'waitlisted',
      waitlistPosition: 1,
    });
    expect((await registerAs(eventId, { name: 'C', email: 'full-c@example.com' })).json()).toMatchObject({
      status: 'waitlisted',
      waitlistPosition: 2,
    });
    const [mail] = await outboxFor(content.db, 'full-c@example.com');
    expect(mail?.subject).toBe("You're on the waitlist: Tiny Walk");
    expect(mail?.text).toContain('number 2 in line');
    const event = await content.app.inject({ url: `/api/events/${eventId}` });
    expect(event.json()).toMatchObject({ seatsLeft: 0, seatsTaken: 1, waitlistCount: 2 });
  });
});

describe('Idempotency-Key', () => {
  it('answers a retry with the first answer, without a second registration or e-mail', async () => {
    const eventId = await insertTestEvent(content.db);
    const key = { 'idempotency-key': 'retry-0001-abcdef' };
    const guest = { name: 'Retry Ruth', email: 'retry@example.com' };
    const first = await registerAs(eventId, guest, key);
    const second = await registerAs(eventId, guest, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await statuses(eventId)).toHaveLength(1);
    expect(await outboxFor(content.db, 'retry@example.com')).toHaveLength(1);
    // Without the key, the same request is a duplicate.
    expect((await registerAs(eventId, guest)).statusCode).toBe(409);
  });

  it('answers simultaneous retries with one registration', async () => {
    const eventId = await insertTestEvent(content.db);
    const key = { 'idempotency-key': 'simultaneous-0002' };
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => registerAs(eventId, { name: 'Sim', email: 'sim@example.com' }, key)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(responses.map((response) => response.json().id)).size).toBe(1);
    expect(await statuses(eventId)).toHaveLength(1);
  });

  it('keeps keys per member', async () => {
    const eventId = await insertTestEvent(content.db);
    const key = { 'idempotency-key': 'shared-key-0003' };
    const first = await registerAs(eventId, martha, key);
    const other = await registerAs(eventId, peter, key);
    expect(first.statusCode).toBe(201);
    expect(other.statusCode).toBe(201);
    expect(other.json().id).not.toBe(first.json().id);
  });

  it("keeps guests' keys apart: another guest's key neither replays nor blocks a registration", async () => {
    const eventId = await insertTestEvent(content.db);
    const guestAt = (remoteAddress: string, who: { name: string; email: string }) =>
      content.app.inject({
        method: 'POST',
        url: `/api/events/${eventId}/registrations`,
        headers: { 'idempotency-key': 'common-guest-key-0005' },
        remoteAddress,
        payload: who,
      });
    const first = await guestAt('198.51.100.7', { name: 'Anna', email: 'anna.guest@example.com' });
    const other = await guestAt('203.0.113.9', { name: 'Ben', email: 'ben.guest@example.com' });
    expect(first.statusCode).toBe(201);
    expect(other.statusCode, other.body).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(other.json().id).not.toBe(first.json().id);
    // The first guest's retry is still answered from the first answer.
    const retry = await guestAt('198.51.100.7', { name: 'Anna', email: 'anna.guest@example.com' });
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
  });

  it('refuses a key reused for a different request (422) and a malformed key (400)', async () => {
    const eventId = await insertTestEvent(content.db);
    const key = { 'idempotency-key': 'reused-key-0004' };
    expect((await registerAs(eventId, { name: 'A', email: 'reuse-a@example.com' }, key)).statusCode).toBe(
      201,
    );
    const reused = await registerAs(eventId, { name: 'B', email: 'reuse-b@example.com' }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({
      message: 'This Idempotency-Key was already used for a different request.',
      code: 'business_rule',
    });
    const malformed = await registerAs(
      eventId,
      { name: 'C', email: 'reuse-c@example.com' },
      {
        'idempotency-key': 'short',
      },
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      code: 'validation_failed',
      issues: [{ path: ['headers', 'idempotency-key'] }],
    });
  });
});

describe('DELETE /api/events/:id/registrations/:registrationId', () => {
  it('lets the owner cancel, and gives the seat to the first on the waitlist', async () => {
    const eventId = await insertTestEvent(content.db, { capacity: 1, title: 'Swap Walk' });
    const mine = RegistrationSchema.parse((await registerAs(eventId, martha)).json());
    const waiting = RegistrationSchema.parse(
      (await registerAs(eventId, { name: 'Wa', email: 'wait-1@example.com' })).json(),
    );
    const waitingToo = RegistrationSchema.parse(
      (await registerAs(eventId, { name: 'Wb', email: 'wait-2@example.com' })).json(),
    );
    const response = await cancelAs(eventId, mine.id, martha);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: mine.id, status: 'cancelled', waitlistPosition: null });
    expect(await statuses(eventId)).toEqual([
      { id: mine.id, status: 'cancelled' },
      { id: waiting.id, status: 'confirmed' },
      { id: waitingToo.id, status: 'waitlisted' },
    ]);
    expect((await outboxFor(content.db, 'wait-1@example.com')).at(-1)?.subject).toBe(
      'A seat opened up: Swap Walk',
    );
    expect((await outboxFor(content.db, 'martha@example.com')).at(-1)?.subject).toBe(
      'Registration cancelled: Swap Walk',
    );
    // Twice is not an error, and promotes nobody else.
    expect((await cancelAs(eventId, mine.id, martha)).statusCode).toBe(200);
    expect((await statuses(eventId)).at(-1)).toEqual({ id: waitingToo.id, status: 'waitlisted' });
  });

  it('promotes a waitlisted registration of a paid event to pending_payment', async () => {
    const eventId = await insertTestEvent(content.db, { capacity: 1, price: 15 });
    const first = RegistrationSchema.parse((await registerAs(eventId, martha)).json());
    const second = RegistrationSchema.parse((await registerAs(eventId, peter)).json());
    expect(second.status).toBe('waitlisted');
    await cancelAs(eventId, first.id, martha);
    expect((await statuses(eventId)).at(-1)).toEqual({ id: second.id, status: 'pending_payment' });
  });

  it("refuses someone else's registration (403), lets an admin cancel it", async () => {
    const eventId = await insertTestEvent(content.db);
    const mine = RegistrationSchema.parse((await registerAs(eventId, martha)).json());
    const refused = await cancelAs(eventId, mine.id, peter);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'You can only cancel your own registration.',
      code: 'forbidden',
    });
    const byAdmin = await cancelAs(eventId, mine.id, testAdmin);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ status: 'cancelled' });
  });

  it('answers 401 to visitors and 404 for an unknown registration or one of another event', async () => {
    const eventId = await insertTestEvent(content.db);
    const otherEvent = await insertTestEvent(content.db);
    const mine = RegistrationSchema.parse((await registerAs(eventId, martha)).json());
    expect((await cancelAs(eventId, mine.id)).statusCode).toBe(401);
    expect((await cancelAs(eventId, 999999, martha)).statusCode).toBe(404);
    expect((await cancelAs(otherEvent, mine.id, martha)).statusCode).toBe(404);
    expect((await cancelAs(999999, mine.id, martha)).statusCode).toBe(404);
  });

  it('refuses to cancel once the event has taken place (422)', async () => {
    const eventId = await insertTestEvent(content.db, { date: daysFromNow(-2) });
    const row = await content.db
      .insertInto('registrations')
      .values({ eventId, userId: martha.id, status: 'confirmed' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const response = await cancelAs(eventId, row.id, martha);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'This event has already taken place.',
      code: 'business_rule',
    });
  });

  it('lets a cancelled registrant register again, at the back of the line', async () => {
    const eventId = await insertTestEvent(content.db, { capacity: 1 });
    const mine = RegistrationSchema.parse((await registerAs(eventId, martha)).json());
    await cancelAs(eventId, mine.id, martha);
    await registerAs(eventId, peter);
    const again = await registerAs(eventId, martha);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ id: mine.id, status: 'waitlisted', waitlistPosition: 1 });
  });
});

describe('POST /api/events/:id/registrations/cancel (guest link)', () => {
  it("cancels a guest's registration with the link of the confirmation e-mail", async () => {
    const eventId = await insertTestEvent(content.db, { capacity: 1, title: 'Link Walk' });
    const guest = RegistrationSchema.parse(
      (await registerAs(eventId, { name: 'G', email: 'link@example.com' })).json(),
    );
    await registerAs(eventId, peter);
    const [mail] = await outboxFor(content.db, 'link@example.com');
    const token = tokenOfLink(mail?.text ?? '', `/events/${eventId}`);

    const response = await content.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/registrations/cancel`,
      payload: { token },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: guest.id, status: 'cancelled' });
    expect((await statuses(eventId)).map((row) => row.status)).toEqual(['cancelled', 'confirmed']);
  });

  it('refuses a forged token or one for another event (400)', async () => {
    const eventId = await insertTestEvent(content.db);
    const otherEvent = await insertTestEvent(content.db);
    await registerAs(eventId, { name: 'G', email: 'forged@example.com' });
    const [mail] = await outboxFor(content.db, 'forged@example.com');
    const token = tokenOfLink(mail?.text ?? '', `/events/${eventId}`);
    for (const [id, candidate] of [
      [eventId, `${token.slice(0, -2)}xx`],
      [otherEvent, token],
      [eventId, 'nonsense'],
    ] as const) {
      const response = await content.app.inject({
        method: 'POST',
        url: `/api/events/${id}/registrations/cancel`,
        payload: { token: candidate },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'This cancellation link is not valid.',
        code: 'bad_request',
      });
    }
  });
});

describe('GET /api/events/my-registrations', () => {
  it("lists the member's own registrations with their events", async () => {
    const eventId = await insertTestEvent(content.db, { title: 'Listed Walk' });
    await registerAs(eventId, peter);
    const response = await content.app.inject({
      url: '/api/events/my-registrations',
      headers: await identityHeaders(peter, 'GET', '/api/events/my-registrations'),
    });
    expect(response.statusCode).toBe(200);
    const list = z.array(MyRegistrationSchema).parse(response.json());
    const mine = list.find((entry) => entry.eventId === eventId);
    expect(mine).toMatchObject({
      status: 'confirmed',
      event: { id: eventId, title: 'Listed Walk' },
      ticketPath: expect.stringMatching(/^\/tickets\/.+/),
    });
    // The seat's ticket: its page's data names this walk and the member's first name only.
    const ticket = await content.app.inject({ url: `/api${mine?.ticketPath ?? ''}` });
    expect(ticket.statusCode, ticket.body).toBe(200);
    expect(ticket.json()).toMatchObject({ walk: { id: eventId, title: 'Listed Walk' }, firstName: 'peter' });
    // A place on the waitlist is no seat: no ticket.
    const full = await insertTestEvent(content.db, { title: 'Full Walk', capacity: 1 });
    await registerAs(full, martha);
    await registerAs(full, peter);
    const again = z.array(MyRegistrationSchema).parse(
      (
        await content.app.inject({
          url: '/api/events/my-registrations',
          headers: await identityHeaders(peter, 'GET', '/api/events/my-registrations'),
        })
      ).json(),
    );
    expect(again.find((entry) => entry.eventId === full)).toMatchObject({
      status: 'waitlisted',
      ticketPath: null,
    });
    const others = await content.app.inject({
      url: '/api/events/my-registrations',
      headers: await identityHeaders(testUser, 'GET', '/api/events/my-registrations'),
    });
    expect(others.json()).toEqual([]);
  });

  it('answers 401 to visitors', async () => {
    expect((await content.app.inject({ url: '/api/events/my-registrations' })).statusCode).toBe(401);
  });
});

describe('admin registration lists', () => {
  it('lists an event’s registrations with status, contact and waitlist position', async () => {
    const eventId = await insertTestEvent(content.db, { capacity: 2 });
    await registerAs(eventId, martha);
    await registerAs(eventId, { name: 'Guest, "Quoted"', email: 'quoted@example.com' });
    await registerAs(eventId, { name: '=cmd|calc', email: 'formula@example.com' });
    await registerAs(eventId, unknownMember);

    const response = await content.app.inject({
      url: `/api/events/${eventId}/registrations`,
      headers: await identityHeaders(testAdmin, 'GET', `/api/events/${eventId}/registrations`),
    });
    expect(response.statusCode).toBe(200);
    const list = EventRegistrationsSchema.parse(response.json());
    expect(list.counts).toEqual({ confirmed: 2, pendingPayment: 0, waitlisted: 2, cancelled: 0 });
    expect(list.registrations.map((r) => [r.name, r.email, r.status, r.waitlistPosition, r.isGuest])).toEqual(
      [
        ['martha', 'martha@example.com', 'confirmed', null, false],
        ['Guest, "Quoted"', 'quoted@example.com', 'confirmed', null, true],
        ['=cmd|calc', 'formula@example.com', 'waitlisted', 1, true],
        [`User ${unknownMember.id}`, null, 'waitlisted', 2, false],
      ],
    );
  });

  it('exports the same as CSV, quoted and safe to open in a spreadsheet', async () => {
    const eventId = await insertTestEvent(content.db, { capacity: 3 });
    await registerAs(eventId, martha);
    // A party (decision 041): its size, and the others' names, as safe as the registrant's.
    await registerAs(eventId, {
      name: 'Guest, "Quoted"',
      email: 'quoted.csv@example.com',
      party: ['=HYPERLINK("x")'],
    });
    await registerAs(eventId, { name: '=cmd|calc', email: 'formula.csv@example.com' });

    const response = await content.app.inject({
      url: `/api/events/${eventId}/registrations.csv`,
      headers: await identityHeaders(testAdmin, 'GET', `/api/events/${eventId}/registrations.csv`),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="event-${eventId}-registrations.csv"`,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(
      lines[0]?.startsWith(
        'Registration ID,Status,Waitlist position,Name,Party size,Others in the party,Email,Member ID,Guest,Registered at,Cancelled at,Paid,Test mode,Waiver version,Waiver signed as,Waiver signed at,Emergency contact,Emergency phone,Note for the leader',
      ),
    ).toBe(true);
    expect(lines).toHaveLength(4);
    // No waiver signed, no emergency contact given: their columns are empty.
    expect(lines[1]).toMatch(/^\d+,confirmed,,martha,1,,martha@example.com,5101,no,\S+Z,,,no,,,,,,(,|$)/);
    expect(lines[2]).toContain(`,"Guest, ""Quoted""",2,"'=HYPERLINK(""x"")",quoted.csv@example.com,,yes,`);
    expect(lines[3]).toContain(",waitlisted,1,'=cmd|calc,1,,formula.csv@example.com,,yes,");
  });

  it('answers 401, 403 and 404 like every admin route', async () => {
    const eventId = await insertTestEvent(content.db);
    for (const path of [`/api/events/${eventId}/registrations`, `/api/events/${eventId}/registrations.csv`]) {
      expect((await content.app.inject({ url: path })).statusCode, path).toBe(401);
      expect(
        (await content.app.inject({ url: path, headers: await identityHeaders(testUser, 'GET', path) }))
          .statusCode,
        path,
      ).toBe(403);
    }
    for (const path of ['/api/events/999999/registrations', '/api/events/999999/registrations.csv']) {
      expect(
        (await content.app.inject({ url: path, headers: await identityHeaders(testAdmin, 'GET', path) }))
          .statusCode,
        path,
      ).toBe(404);
    }
  });
});

describe('POST /api/events/:id/registrations/:registrationId/promote (admin)', () => {
  async function promoteAs(eventId: number, registrationId: number, who?: Identity) {
    const url = `/api/events/${eventId}/registrations/${registrationId}/promote`;
    return content.app.inject({
      method: 'POST',
      url,
      headers: who ? await identityHeaders(who, 'POST', url) : {},
    });
  }

  /** A seat the waitlist has not taken yet: the capacity raised straight in the table. */
  async function setCapacity(eventId: number, capacity: number) {
    await content.db.updateTable('events').set({ capacity }).where('id', '=', eventId).execute();
  }

  it('gives a free seat to the chosen registrant, out of turn, and tells them by e-mail', async () => {
    const eventId = await insertTestEvent(content.db, { capacity: 1, title: 'Chosen Walk' });
    const seated = RegistrationSchema.parse((await registerAs(eventId, martha)).json());
    const first = RegistrationSchema.parse(
      (await registerAs(eventId, { name: 'First', email: 'first-in-line@example.com' })).json(),
    );
    const chosen = RegistrationSchema.parse(
      (await registerAs(eventId, { name: 'Chosen', email: 'chosen@example.com' })).json(),
    );
    expect([first.waitlistPosition, chosen.waitlistPosition]).toEqual([1, 2]);
    await setCapacity(eventId, 2);

    const response = await promoteAs(eventId, chosen.id, testAdmin);
    expect(response.statusCode).toBe(200);
    expect(RegistrationSchema.parse(response.json())).toMatchObject({
      id: chosen.id,
      status: 'confirmed',
      waitlistPosition: null,
    });
    expect(await statuses(eventId)).toEqual([
      { id: seated.id, status: 'confirmed' },
      { id: first.id, status: 'waitlisted' },
      { id: chosen.id, status: 'confirmed' },
    ]);
    expect((await outboxFor(content.db, 'chosen@example.com')).at(-1)?.subject).toBe(
      'A seat opened up: Chosen Walk',
    );
    expect((await outboxFor(content.db, 'first-in-line@example.com')).map((mail) => mail.subject)).toEqual([
      "You're on the waitlist: Chosen Walk",
    ]);
  });

  it('seats a member of a paid event as pending_payment', async () => {
    const eventId = await insertTestEvent(content.db, { capacity: 1, price: 20 });
    await registerAs(eventId, { name: 'Payer', email: 'payer@example.com' });
    const waiting = RegistrationSchema.parse((await registerAs(eventId, peter)).json());
    await setCapacity(eventId, 2);
    const response = await promoteAs(eventId, waiting.id, testAdmin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'pending_payment' });
  });

  it('gives a seat at a full event by adding one to its capacity, telling the registrant', async () => {
    const eventId = await insertTestEvent(content.db, { capacity: 1, title: 'Full Walk' });
    const seated = RegistrationSchema.parse((await registerAs(eventId, martha)).json());
    const first = RegistrationSchema.parse(
      (await registerAs(eventId, { name: 'First', email: 'full-first@example.com' })).json(),
    );
    const chosen = RegistrationSchema.parse(
      (await registerAs(eventId, { name: 'Chosen', email: 'full-chosen@example.com' })).json(),
    );
    const response = await promoteAs(eventId, chosen.id, testAdmin);
    expect(response.statusCode).toBe(200);
    expect(WaitlistPromotionSchema.parse(response.json())).toMatchObject({
      id: chosen.id,
      status: 'confirmed',
      waitlistPosition: null,
      capacity: { from: 1, to: 2 },
    });
    expect(await statuses(eventId)).toEqual([
      { id: seated.id, status: 'confirmed' },
      { id: first.id, status: 'waitlisted' },
      { id: chosen.id, status: 'confirmed' },
    ]);
    const event = await content.app.inject({ url: `/api/events/${eventId}` });
    expect(event.json()).toMatchObject({ capacity: 2, seatsTaken: 2, seatsLeft: 0, waitlistCount: 1 });
    expect((await outboxFor(content.db, 'full-chosen@example.com')).at(-1)?.subject).toBe(
      'A seat opened up: Full Walk',
    );
  });

  it('takes a free seat without raising the capacity', async () => {
    const eventId = await insertTestEvent(content.db, { capacity: 1 });
    await registerAs(eventId, martha);
    const waiting = RegistrationSchema.parse((await registerAs(eventId, peter)).json());
    await setCapacity(eventId, 2);
    const response = await promoteAs(eventId, waiting.id, testAdmin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ capacity: { from: 2, to: 2 } });
  });

  it('never loses a seat or a capacity increment when two admins give seats at once', async () => {
    const eventId = await insertTestEvent(content.db, { capacity: 2 });
    await registerAs(eventId, martha);
    await registerAs(eventId, peter);
    const waiting = await Promise.all(
      ['a', 'b', 'c', 'd'].map(async (letter) =>
        RegistrationSchema.parse(
          (await registerAs(eventId, { name: letter, email: `race-${letter}@example.com` })).json(),
        ),
      ),
    );
    const otherAdmin: Identity = { id: 900_003, username: 'second-admin', isAdmin: true };
    // Four promotions at once, two admins, the first registrant given a seat twice.
    const answers = await Promise.all([
      promoteAs(eventId, waiting[0]?.id ?? 0, testAdmin),
      promoteAs(eventId, waiting[1]?.id ?? 0, otherAdmin),
      promoteAs(eventId, waiting[2]?.id ?? 0, testAdmin),
      promoteAs(eventId, waiting[0]?.id ?? 0, otherAdmin),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 409]);
    const capacities = answers
      .filter((answer) => answer.statusCode === 200)
      .map((answer) => WaitlistPromotionSchema.parse(answer.json()).capacity);
    // Each seat given added exactly one, one after the other: 2 -> 3 -> 4 -> 5.
    expect(capacities.map((capacity) => capacity.to - capacity.from)).toEqual([1, 1, 1]);
    expect(capacities.map((capacity) => capacity.to).sort((a, b) => a - b)).toEqual([3, 4, 5]);
    const event = await content.app.inject({ url: `/api/events/${eventId}` });
    expect(event.json()).toMatchObject({ capacity: 5, seatsTaken: 5, seatsLeft: 0, waitlistCount: 1 });
    const rows = await statuses(eventId);
    expect(rows.filter((row) => row.status === 'confirmed')).toHaveLength(5);
  });

  it('promotes only a waitlisted registration of an upcoming, open event, changing nothing else', async () => {
    const eventId = await insertTestEvent(content.db, { capacity: 1 });
    const seated = RegistrationSchema.parse((await registerAs(eventId, martha)).json());
    const refused = await promoteAs(eventId, seated.id, testAdmin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'Only a registration on the waitlist can be given a seat.',
    });
    await cancelAs(eventId, seated.id, martha);
    const noLongerRegistered = await promoteAs(eventId, seated.id, testAdmin);
    expect(noLongerRegistered.statusCode).toBe(409);
    expect(
      (await content.db.selectFrom('events').select('capacity').where('id', '=', eventId).executeTakeFirst())
        ?.capacity,
    ).toBe(1);

    const past = await insertTestEvent(content.db, { capacity: 1 });
    await registerAs(past, martha);
    const late = RegistrationSchema.parse((await registerAs(past, peter)).json());
    await content.db
      .updateTable('events')
      .set({ capacity: 2, date: daysFromNow(-1) })
      .where('id', '=', past)
      .execute();
    expect((await promoteAs(past, late.id, testAdmin)).statusCode).toBe(422);

    const cancelled = await insertTestEvent(content.db, { capacity: 1 });
    await registerAs(cancelled, martha);
    const stranded = RegistrationSchema.parse((await registerAs(cancelled, peter)).json());
    await content.db
      .updateTable('events')
      .set({ capacity: 2, cancelledAt: new Date() })
      .where('id', '=', cancelled)
      .execute();
    const closed = await promoteAs(cancelled, stranded.id, testAdmin);
    expect(closed.statusCode).toBe(422);
    expect(closed.json()).toMatchObject({ message: 'This event has been cancelled.' });
  });

  it('answers 401 to visitors, 403 to members, 404 for an unknown registration or one of another event', async () => {
    const eventId = await insertTestEvent(content.db, { capacity: 1 });
    const otherEvent = await insertTestEvent(content.db);
    await registerAs(eventId, martha);
    const waiting = RegistrationSchema.parse((await registerAs(eventId, peter)).json());
    await setCapacity(eventId, 2);
    expect((await promoteAs(eventId, waiting.id)).statusCode).toBe(401);
    expect((await promoteAs(eventId, waiting.id, peter)).statusCode).toBe(403);
    expect((await promoteAs(eventId, 999999, testAdmin)).statusCode).toBe(404);
    expect((await promoteAs(otherEvent, waiting.id, testAdmin)).statusCode).toBe(404);
    expect((await promoteAs(999999, waiting.id, testAdmin)).statusCode).toBe(404);
    expect((await statuses(eventId)).at(-1)).toEqual({ id: waiting.id, status: 'waitlisted' });
  });
});
