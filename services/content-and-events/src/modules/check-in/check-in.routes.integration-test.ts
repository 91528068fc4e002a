import { randomUUID } from 'node:crypto';
import {
  CheckInListSchema,
  type CheckInOperation,
  CheckInSyncResultSchema,
  LeaderWalkSchema,
  TicketSchema,
  ticketTokenIn,
} from '@jesus-walks/contracts/check-in';
import type { Identity } from '@jesus-walks/contracts/common';
import { EventRegistrationsSchema } from '@jesus-walks/contracts/events';
import {
  identityHeaders,
  startTestService,
  type TestService,
  testAdmin,
} from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentAndEventsDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { daysFromNow, insertTestEvent, outboxFor, startFakeIdentity } from '../../testing/helpers';
import { generousClientLimits } from '../rate-limits/rate-limits.testing';

let content: TestService<Env, ContentAndEventsDatabase>;
let identity: Awaited<ReturnType<typeof startFakeIdentity>>;

const leaderA: Identity = { id: 6101, username: 'leader-anna', isAdmin: false };
const leaderB: Identity = { id: 6102, username: 'leader-ben', isAdmin: false };
const member: Identity = { id: 6103, username: 'walker-mia', isAdmin: false };

beforeAll(async () => {
  identity = await startFakeIdentity(
    [leaderA, leaderB, member].map((who) => ({
      ...who,
      email: `${who.username}@example.com`,
      isVerified: true,
    })),
  );
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

async function call(who: Identity | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  return content.app.inject({
    method,
    url,
    ...(who ? { headers: await identityHeaders(who, method, url) } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function makeLeader(eventId: number, who: Identity) {
  const response = await call(testAdmin, 'POST', `/api/admin/events/${eventId}/leaders`, { userId: who.id });
  expect(response.statusCode).toBe(200);
}

async function registerGuest(eventId: number, name: string): Promise<number> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${eventId}@example.com`;
  const response = await call(null, 'POST', `/api/events/${eventId}/registrations`, { name, email });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

/** A tap on a walker's row; `present` says how many of their party came. */
function checkIn(registrationId: number, at = new Date(), present?: number): CheckInOperation {
  return {
    id: randomUUID(),
    kind: 'check-in',
    at: at.toISOString(),
    target: { registrationId },
    ...(present === undefined ? {} : { present }),
  };
}

async function sync(who: Identity, eventId: number, operations: CheckInOperation[]) {
  const response = await call(who, 'POST', `/api/leader/walks/${eventId}/check-in`, { operations });
  expect(response.statusCode, response.body).toBe(200);
  return CheckInSyncResultSchema.parse(response.json());
}

/** Who is checked in, by registration id, with the time and the leader that count. */
async function attendance(eventId: number) {
  return content.db
    .selectFrom('registrations')
    .select(['id', 'checkedInAt', 'checkedInById'])
    .where('eventId', '=', eventId)
    .where('checkedInAt', 'is not', null)
    .orderBy('id')
    .execute();
}

describe('walk leaders: who may see and check in a walk', () => {
  it('refuses a visitor (401) and a member who does not lead the walk (403); a leader sees only their walks', async () => {
    const led = await insertTestEvent(content.db, { title: 'Led walk' });
    const other = await insertTestEvent(content.db, { title: 'Not led walk' });
    await makeLeader(led, leaderA);

    expect((await call(null, 'GET', '/api/leader/walks')).statusCode).toBe(401);
    expect((await call(null, 'GET', `/api/leader/walks/${led}/check-in`)).statusCode).toBe(401);
    expect(
      (await call(null, 'POST', `/api/leader/walks/${led}/check-in`, { operations: [] })).statusCode,
    ).toBe(401);

    const walks = LeaderWalkSchema.array().parse((await call(leaderA, 'GET', '/api/leader/walks')).json());
    expect(walks.map((walk) => walk.id)).toContain(led);
    expect(walks.map((walk) => walk.id)).not.toContain(other);
    expect((await call(member, 'GET', '/api/leader/walks')).json()).toEqual([]);

    expect((await call(leaderA, 'GET', `/api/leader/walks/${led}/check-in`)).statusCode).toBe(200);
    const refused = await call(leaderA, 'GET', `/api/leader/walks/${other}/check-in`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only the leaders of this walk can see its check-in list.');
    const someone = await registerGuest(other, 'Nora Quinn');
    expect(
      (await call(leaderA, 'POST', `/api/leader/walks/${other}/check-in`, { operations: [checkIn(someone)] }))
        .statusCode,
    ).toBe(403);
    // An admin sees every walk's list.
    expect((await call(testAdmin, 'GET', `/api/leader/walks/${other}/check-in`)).statusCode).toBe(200);
  });

  it('lets an admin add and remove leaders, recorded in the activity', async () => {
    const eventId = await insertTestEvent(content.db);
    await makeLeader(eventId, leaderB);
    await makeLeader(eventId, leaderB); // twice is once
    const leaders = await call(testAdmin, 'GET', `/api/admin/events/${eventId}/leaders`);
    expect(leaders.json()).toEqual([
      { userId: leaderB.id, username: leaderB.username, email: 'leader-ben@example.com' },
    ]);
    expect((await call(leaderB, 'GET', `/api/admin/events/${eventId}/leaders`)).statusCode).toBe(403);
    const unknown = await call(testAdmin, 'POST', `/api/admin/events/${eventId}/leaders`, { userId: 99_999 });
    expect(unknown.statusCode).toBe(422);

    const removed = await call(testAdmin, 'DELETE', `/api/admin/events/${eventId}/leaders/${leaderB.id}`);
    expect(removed.json()).toEqual([]);
    expect((await call(leaderB, 'GET', `/api/leader/walks/${eventId}/check-in`)).statusCode).toBe(403);
    const audit = await content.db
      .selectFrom('auditLog')
      .select(['action', 'summary'])
      .where('targetId', '=', String(eventId))
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['event.leader_added', 'event.leader_removed']);
  });
});

describe('tickets', () => {
  it('e-mails a seat its ticket (link and inline QR), shows it, and checks in by it', async () => {
    const eventId = await insertTestEvent(content.db, { title: 'Ticketed walk', price: 15 });
    await makeLeader(eventId, leaderA);
    const registrationId = await registerGuest(eventId, 'Grace Hopper');
    const [mail] = await outboxFor(content.db, `grace.hopper.${eventId}@example.com`);
    const link = /https:\/\/walks\.example\/tickets\/\S+/.exec(mail?.text ?? '')?.[0] ?? '';
    const token = ticketTokenIn(link);
    expect(token).not.toBeNull();
    expect(mail?.html).toContain('cid:walk-ticket-qr@jesuswalks');
    const qr = mail?.attachments?.find((file) => file.cid === 'walk-ticket-qr@jesuswalks');
    expect(qr).toMatchObject({ contentType: 'image/png', encoding: 'base64' });
    expect(
      Buffer.from(qr?.content ?? '', 'base64')
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');

    const ticket = TicketSchema.parse((await call(null, 'GET', `/api/tickets/${token}`)).json());
    expect(ticket).toMatchObject({
      firstName: 'Grace',
      status: 'pending_payment',
      amountDue: 15,
      checkedIn: false,
      walk: { id: eventId, title: 'Ticketed walk' },
    });
    expect(ticket.qrSvg).toMatch(/^<svg/);
    expect(JSON.stringify(ticket)).not.toContain('Hopper');

    const synced = await sync(leaderA, eventId, [
      { id: randomUUID(), kind: 'check-in', at: new Date().toISOString(), target: { ticket: token ?? '' } },
    ]);
    expect(synced.results[0]).toMatchObject({ outcome: 'applied', registrationId });
    expect(synced.list.entries.find((entry) => entry.registrationId === registrationId)).toMatchObject({
      checkedInBy: leaderA.username,
      amountDue: 15,
    });
    expect(TicketSchema.parse((await call(null, 'GET', `/api/tickets/${token}`)).json()).checkedIn).toBe(
      true,
    );
  });

  it('refuses a forged ticket and a ticket from another walk, with a clear message', async () => {
    const eventId = await insertTestEvent(content.db, { title: 'Our walk' });
    const elsewhere = await insertTestEvent(content.db, { title: 'Somebody else’s walk' });
    await makeLeader(eventId, leaderA);
    const theirs = await registerGuest(elsewhere, 'Alan Turing');
    const [mail] = await outboxFor(content.db, `alan.turing.${elsewhere}@example.com`);
    const token =
      ticketTokenIn(/https:\/\/walks\.example\/tickets\/\S+/.exec(mail?.text ?? '')?.[0] ?? '') ?? '';
    const [id, issued] = token.split('.');
    const forged = `${id}.${issued}.${'A'.repeat(43)}`;

    const synced = await sync(leaderA, eventId, [
      { id: randomUUID(), kind: 'check-in', at: new Date().toISOString(), target: { ticket: forged } },
      { id: randomUUID(), kind: 'check-in', at: new Date().toISOString(), target: { ticket: token } },
    ]);
    expect(synced.results.map((result) => [result.outcome, result.message])).toEqual([
      ['refused', 'This ticket is not valid: it was not issued by us.'],
      ['refused', 'This ticket is for another walk: Somebody else’s walk.'],
    ]);
    expect((await call(null, 'GET', `/api/tickets/${forged}`)).statusCode).toBe(404);
    // A ticket signed for another purpose (a guest's cancellation link) is not a ticket.
    const cancelToken = /cancel=([^\s&]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect((await call(null, 'GET', `/api/tickets/${decodeURIComponent(cancelToken)}`)).statusCode).toBe(404);
    expect(await attendance(elsewhere)).toEqual([]);
    expect(theirs).toBeGreaterThan(0);
  });
});

describe('check-in operations', () => {
  it('counts an operation sent twice once, and two leaders syncing in opposite orders converge', async () => {
    const [first, second] = [
      await insertTestEvent(content.db, { title: 'Order one' }),
      await insertTestEvent(content.db, { title: 'Order two' }),
    ];
    const runs: Array<Awaited<ReturnType<typeof attendance>>> = [];
    const base = Date.now();
    const t = (minutes: number) => new Date(base - (30 - minutes) * 60_000);
    for (const [eventId, order] of [
      [first, 'a-then-b'],
      [second, 'b-then-a'],
    ] as const) {
      await makeLeader(eventId, leaderA);
      await makeLeader(eventId, leaderB);
      const [p1, p2, p3] = [
        await registerGuest(eventId, 'Peter One'),
        await registerGuest(eventId, 'Paula Two'),
        await registerGuest(eventId, 'Pat Three'),
      ];
      // A was offline: checked in p1 and p2. B checked in p2 (later) and p3, and undid then redid p3.
      const fromA = [checkIn(p1, t(1)), checkIn(p2, t(2))];
      const fromB: CheckInOperation[] = [
        checkIn(p2, t(3)),
        checkIn(p3, t(4)),
        { id: randomUUID(), kind: 'undo', at: t(5).toISOString(), target: { registrationId: p3 } },
        checkIn(p3, t(6)),
      ];
      if (order === 'a-then-b') {
        await sync(leaderA, eventId, fromA);
        await sync(leaderB, eventId, fromB);
      } else {
        await sync(leaderB, eventId, fromB);
        await sync(leaderA, eventId, fromA);
      }
      // Everything sent again (a phone that never heard the answer): all duplicates, nothing changes.
      const again = await sync(leaderA, eventId, [...fromA, ...fromB]);
      expect(again.results.every((result) => result.outcome === 'duplicate')).toBe(true);
      const rows = await attendance(eventId);
      expect(rows.map((row) => [row.checkedInById, row.checkedInAt?.getTime()])).toEqual([
        [leaderA.id, t(1).getTime()],
        // First wins: A's earlier check-in of p2, whoever synced first.
        [leaderA.id, t(2).getTime()],
        // The check-in since the last undo.
        [leaderB.id, t(6).getTime()],
      ]);
      expect(again.list.entries.filter((entry) => entry.checkedInAt !== null)).toHaveLength(3);
      runs.push(rows);
    }
    expect(runs[0]?.map((row) => [row.checkedInById, row.checkedInAt])).toEqual(
      runs[1]?.map((row) => [row.checkedInById, row.checkedInAt]),
    );
  });

  it('adds a walk-in past capacity, undoes a check-in, and shows attendance to the admin and in the CSV', async () => {
    const eventId = await insertTestEvent(content.db, { title: 'Full walk', capacity: 1, price: 10 });
    await makeLeader(eventId, leaderA);
    const seated = await registerGuest(eventId, 'Sam Seated');
    const noShow = await registerGuest(eventId, 'Nick Noshow'); // waitlisted: capacity 1
    const walkInId = randomUUID();
    const synced = await sync(leaderA, eventId, [
      {
        id: walkInId,
        kind: 'walk-in',
        at: new Date().toISOString(),
        walkIn: { name: 'Wanda Walkin', phone: '(707) 555-0199' },
      },
      checkIn(seated),
      // Undone by the walk-in operation's id, before the phone ever learnt the registration's id.
      {
        id: randomUUID(),
        kind: 'undo',
        at: new Date(Date.now() + 1).toISOString(),
        target: { walkInOperationId: walkInId },
      },
      {
        id: randomUUID(),
        kind: 'check-in',
        at: new Date(Date.now() + 2).toISOString(),
        target: { walkInOperationId: walkInId },
      },
      checkIn(noShow),
    ]);
    expect(synced.results.map((result) => result.outcome)).toEqual([
      'applied',
      'applied',
      'applied',
      'applied',
      'refused',
    ]);
    expect(synced.results[4]?.message).toBe(
      'This is a place on the waitlist, not a seat: add them as a walk-in.',
    );
    const walkIn = CheckInListSchema.parse(synced.list).entries.find(
      (entry) => entry.name === 'Wanda Walkin',
    );
    expect(walkIn).toMatchObject({
      walkIn: true,
      status: 'pending_payment',
      amountDue: 10,
      checkedInBy: leaderA.username,
    });

    // Undo the seated walker: not checked in any more.
    await sync(leaderA, eventId, [
      {
        id: randomUUID(),
        kind: 'undo',
        at: new Date(Date.now() + 5).toISOString(),
        target: { registrationId: seated },
      },
    ]);
    // After the walk the admin sees who came.
    await content.db
      .updateTable('events')
      .set({ date: daysFromNow(-1) })
      .where('id', '=', eventId)
      .execute();
    const list = EventRegistrationsSchema.parse(
      (await call(testAdmin, 'GET', `/api/events/${eventId}/registrations`)).json(),
    );
    const byName = new Map(list.registrations.map((registration) => [registration.name, registration]));
    expect(byName.get('Sam Seated')).toMatchObject({ attendance: 'no-show', checkedInAt: null });
    expect(byName.get('Wanda Walkin')).toMatchObject({
      attendance: 'walk-in',
      walkIn: true,
      checkedInBy: leaderA.username,
    });
    expect(byName.get('Nick Noshow')).toMatchObject({ attendance: null });

    const csv = await call(testAdmin, 'GET', `/api/events/${eventId}/registrations.csv`);
    const [header, ...lines] = csv.body.trim().split(/\r?\n/);
    expect(header).toContain('Attendance,People checked in,Checked in at,Checked in by,Walk-in');
    expect(lines.find((line) => line.includes('Wanda Walkin'))).toMatch(/,walk-in,1,[^,]+,leader-anna,yes$/);
    expect(lines.find((line) => line.includes('Sam Seated'))).toMatch(/,no-show,0,,,no$/);

    // The walk's leader list counts the walk-in.
    const walks = LeaderWalkSchema.array().parse((await call(leaderA, 'GET', '/api/leader/walks')).json());
    expect(walks.find((walk) => walk.id === eventId)).toMatchObject({
      expected: 2,
      checkedIn: 1,
      isPast: true,
    });
  });

  it('counts the people of a party who came: the latest count stands, whoever checked them in', async () => {
    const eventId = await insertTestEvent(content.db, { title: 'Family walk', capacity: 10, price: 0 });
    await makeLeader(eventId, leaderA);
    await makeLeader(eventId, leaderB);
    const family = await call(null, 'POST', `/api/events/${eventId}/registrations`, {
      name: 'Fay Family',
      email: `fay.${eventId}@example.com`,
      party: ['Finn', 'Flo', 'Fred'],
    });
    expect(family.statusCode, family.body).toBe(201);
    const familyId: number = family.json().id;
    const solo = await registerGuest(eventId, 'Sol Solo');
    const start = Date.now() - 60_000;
    const at = (seconds: number) => new Date(start + seconds * 1000);
    const entryOf = (list: unknown, id: number) =>
      CheckInListSchema.parse(list).entries.find((entry) => entry.registrationId === id);

    // Anna taps the family in, then says three of the four came; Ben, offline, had tapped them in
    // whole before her count: his tap, sent last, changes neither who checked them in nor the count.
    await sync(leaderA, eventId, [
      checkIn(familyId, at(1)),
      checkIn(familyId, at(3), 3),
      checkIn(solo, at(4)),
    ]);
    const merged = await sync(leaderB, eventId, [checkIn(familyId, at(2))]);
    expect(entryOf(merged.list, familyId)).toMatchObject({
      partySize: 4,
      checkedInPeople: 3,
      checkedInBy: leaderA.username,
    });
    expect(entryOf(merged.list, solo)).toMatchObject({ checkedInPeople: 1 });
    const walks = LeaderWalkSchema.array().parse((await call(leaderA, 'GET', '/api/leader/walks')).json());
    expect(walks.find((walk) => walk.id === eventId)).toMatchObject({ expected: 5, checkedIn: 4 });

    // Fred turns up after all: the latest count stands. An undo forgets the count with the check-in.
    const later = await sync(leaderB, eventId, [checkIn(familyId, at(5), 4)]);
    expect(entryOf(later.list, familyId)).toMatchObject({
      checkedInPeople: 4,
      checkedInBy: leaderA.username,
    });
    await sync(leaderA, eventId, [
      { id: randomUUID(), kind: 'undo', at: at(6).toISOString(), target: { registrationId: familyId } },
      checkIn(familyId, at(7)),
    ]);
    const again = await sync(leaderA, eventId, [checkIn(familyId, at(8), 2)]);
    expect(entryOf(again.list, familyId)).toMatchObject({ checkedInPeople: 2 });

    // The admin's list and CSV after the walk: two of the family came, the rest of them did not.
    await content.db
      .updateTable('events')
      .set({ date: daysFromNow(-1) })
      .where('id', '=', eventId)
      .execute();
    const list = EventRegistrationsSchema.parse(
      (await call(testAdmin, 'GET', `/api/events/${eventId}/registrations`)).json(),
    );
    expect(list.registrations.find((registration) => registration.id === familyId)).toMatchObject({
      attendance: 'checked-in',
      checkedInPeople: 2,
    });
    const csv = await call(testAdmin, 'GET', `/api/events/${eventId}/registrations.csv`);
    expect(csv.body.split(/\r?\n/).find((line) => line.includes('Fay Family'))).toMatch(
      /,checked-in,2,[^,]+,leader-anna,no$/,
    );
  });

  it('refuses a count of more people than a party can have', async () => {
    const eventId = await insertTestEvent(content.db, { capacity: 10, price: 0 });
    await makeLeader(eventId, leaderA);
    const response = await call(leaderA, 'POST', `/api/leader/walks/${eventId}/check-in`, {
      operations: [checkIn(1, new Date(), 9)],
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses check-in on a cancelled walk', async () => {
    const eventId = await insertTestEvent(content.db, { cancelledAt: new Date() });
    await makeLeader(eventId, leaderA);
    const response = await call(leaderA, 'POST', `/api/leader/walks/${eventId}/check-in`, {
      operations: [checkIn(1)],
    });
    expect(response.statusCode).toBe(422);
  });
});
