import type { Identity } from '@jesus-walks/contracts/common';
import { MemberDataPartSchema, MemberErasureSchema, type MemberRef } from '@jesus-walks/contracts/privacy';
import { schemaNameOf } from '@jesus-walks/contracts/services';
import { waitForJobs } from '@jesus-walks/test-kit/jobs';
import { findPersonalData } from '@jesus-walks/test-kit/personal-data';
import {
  identityHeaders,
  internalHeader,
  startTestService,
  type TestService,
  testAdmin,
} from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentAndEventsDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { daysFromNow, insertTestEvent, startFakeIdentity } from '../../testing/helpers';
import { generousClientLimits } from '../rate-limits/rate-limits.testing';

let content: TestService<Env, ContentAndEventsDatabase>;
let identity: Awaited<ReturnType<typeof startFakeIdentity>>;

const MARIA = {
  name: 'Mariella Quintanilla',
  email: 'mariella.q@example.com',
  oldEmail: 'mq.old@example.net',
};
const PETER = { name: 'Peterson Oakhurst', email: 'peterson.o@example.org' };
const maria: Identity = { id: 4242, username: 'maria-q', isAdmin: false };
const ref = (): MemberRef => ({
  userId: maria.id,
  emails: [MARIA.email, MARIA.oldEmail],
  usernames: [maria.username],
});
const needles = [MARIA.name, MARIA.email, MARIA.oldEmail, 'Mateo Quintanilla'];
const SCHEMA = schemaNameOf('content-and-events');

beforeAll(async () => {
  identity = await startFakeIdentity([
    { ...maria, email: MARIA.email, isVerified: true },
    { ...testAdmin, email: 'admin@example.com', isVerified: true },
  ]);
  content = await startTestService(service, {
    ...generousClientLimits,
    IDENTITY_URL: identity.url,
    PUBLIC_ORIGIN: 'https://walks.example',
  });
});
afterAll(async () => {
  await content?.close();
  await identity?.close();
});

async function inject(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  caller: Identity | null,
  payload?: object,
) {
  return content.app.inject({
    method,
    url,
    headers: caller ? await identityHeaders(caller, method, url) : {},
    ...(payload ? { payload } : {}),
  });
}

async function register(eventId: number, who: Identity | { name: string; email: string }) {
  const member = 'id' in who;
  const response = await inject(
    'POST',
    `/api/events/${eventId}/registrations`,
    member ? who : null,
    member ? {} : who,
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; status: string };
}

const statusOf = async (id: number) =>
  (
    await content.db
      .selectFrom('registrations')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;

const call = (action: 'export' | 'erase') =>
  content.app.inject({
    method: 'POST',
    url: `/internal/privacy/content-and-events/${action}`,
    headers: internalHeader,
    payload: ref(),
  });

describe('a member’s data in content-and-events', () => {
  const walks = { full: 0, open: 0, past: 0, cancelledByAdmin: 0, family: 0 };
  const regs = { member: 0, peter: 0, guest: 0, pastMember: 0, pastGuest: 0, cancelled: 0, family: 0 };

  beforeAll(async () => {
    walks.full = await insertTestEvent(content.db, { title: 'Vineyard Loop', capacity: 1 });
    walks.open = await insertTestEvent(content.db, { title: 'Ridge Trail' });
    walks.past = await insertTestEvent(content.db, { title: 'Creek Walk', date: daysFromNow(-20) });
    walks.cancelledByAdmin = await insertTestEvent(content.db, { title: 'Oak Grove' });
    regs.member = (await register(walks.full, maria)).id;
    const waiting = await register(walks.full, PETER);
    expect(waiting.status).toBe('waitlisted');
    regs.peter = waiting.id;
    // As a guest, with an address the account had (another case).
    regs.guest = (await register(walks.open, { name: MARIA.name, email: MARIA.oldEmail.toUpperCase() })).id;
    const past = await content.db
      .insertInto('registrations')
      .values([
        { eventId: walks.past, userId: maria.id, status: 'confirmed' },
        {
          eventId: walks.past,
          userId: null,
          guestName: MARIA.name,
          guestEmail: MARIA.oldEmail,
          status: 'confirmed',
        },
      ])
      .returning('id')
      .execute();
    regs.pastMember = past[0]?.id ?? 0;
    regs.pastGuest = past[1]?.id ?? 0;
    // An admin cancels her guest registration: the activity record names her.
    regs.cancelled = (await register(walks.cancelledByAdmin, { name: MARIA.name, email: MARIA.email })).id;
    const cancelled = await inject(
      'DELETE',
      `/api/events/${walks.cancelledByAdmin}/registrations/${regs.cancelled}`,
      testAdmin,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // She brings her son (decision 041), and an admin changes her party: the record names her by
    // her username (identity's), which only identity can tell this service at erasure.
    walks.family = await insertTestEvent(content.db, { title: 'Cedar Hollow' });
    regs.family = (await register(walks.family, maria)).id;
    const party = await inject(
      'PUT',
      `/api/events/${walks.family}/registrations/${regs.family}/party`,
      testAdmin,
      { party: ['Mateo Quintanilla'] },
    );
    expect(party.statusCode, party.body).toBe(200);
    const subscribed = await inject('POST', '/api/newsletter/subscribe', null, { email: MARIA.email });
    expect(subscribed.statusCode, subscribed.body).toBeLessThan(300);
    await inject('POST', '/api/newsletter/subscribe', null, { email: PETER.email });
    // A message she sent from the contact form as a guest (an old address), answered by the group
    // with her words quoted; and one of Peter's.
    const [message] = await content.db
      .insertInto('contactMessages')
      .values([
        { name: MARIA.name, email: MARIA.oldEmail, subject: 'Boots', message: `Hello, ${MARIA.name} here` },
        { name: PETER.name, email: PETER.email, subject: 'Parking', message: 'Where do we park?' },
      ])
      .returning('id')
      .execute();
    await content.db
      .insertInto('contactReplies')
      .values({ messageId: message?.id ?? 0, text: `Dear ${MARIA.name}, boots are best.` })
      .execute();
    await waitForJobs(content.db);
    expect(await findPersonalData(content.db, SCHEMA, [MARIA.name])).not.toEqual([]);
  });

  it('exports her registrations (as a member and as a guest) and her newsletter row, nobody else’s', async () => {
    const response = await call('export');
    expect(response.statusCode).toBe(200);
    const part = MemberDataPartSchema.parse(response.json());
    expect(part.service).toBe('content-and-events');
    const registrations = part.sections.registrations ?? [];
    expect(registrations.map((row) => row.id).sort((a, b) => Number(a) - Number(b))).toEqual(
      [regs.member, regs.guest, regs.pastMember, regs.pastGuest, regs.cancelled, regs.family].sort(
        (a, b) => a - b,
      ),
    );
    expect(registrations.find((row) => row.id === regs.family)).toMatchObject({
      party: ['Mateo Quintanilla'],
    });
    expect(registrations.find((row) => row.id === regs.guest)).toMatchObject({
      walk: 'Ridge Trail',
      registeredAs: 'guest',
      status: 'confirmed',
      name: MARIA.name,
    });
    expect(registrations.find((row) => row.id === regs.member)).toMatchObject({
      walk: 'Vineyard Loop',
      registeredAs: 'member',
    });
    expect(part.sections.newsletter).toEqual([expect.objectContaining({ email: MARIA.email })]);
    expect(part.sections.contactMessages).toEqual([
      expect.objectContaining({
        subject: 'Boots',
        answers: [expect.objectContaining({ text: `Dear ${MARIA.name}, boots are best.` })],
      }),
    ]);
    const text = JSON.stringify(part);
    for (const other of [PETER.name, PETER.email]) expect(text).not.toContain(other);
  });

  it('cancels her walks to come (the seat to the waitlist), and erases her from every table', async () => {
    const response = await call('erase');
    expect(response.statusCode, response.body).toBe(200);
    const { erased } = MemberErasureSchema.parse(response.json());
    expect(erased).toMatchObject({
      registrationsCancelled: 3,
      registrations: 3,
      subscribers: 1,
      contactMessages: 1,
    });
    expect(erased.auditEntries).toBeGreaterThan(0);
    expect(await statusOf(regs.member)).toBe('cancelled');
    expect(await statusOf(regs.guest)).toBe('cancelled');
    expect(await statusOf(regs.pastMember)).toBe('confirmed');
    expect(await statusOf(regs.peter)).toBe('confirmed');
    await waitForJobs(content.db);
    expect(await findPersonalData(content.db, SCHEMA, needles)).toEqual([]);
    // Peter's registration and subscription are his.
    const peters = await content.db.selectFrom('waitlist').select('email').execute();
    expect(peters).toEqual([{ email: PETER.email }]);
    const messages = await content.db.selectFrom('contactMessages').select('email').execute();
    expect(messages).toEqual([{ email: PETER.email }]);
  });

  it('erases nothing the second time, and succeeds', async () => {
    const response = await call('erase');
    expect(response.statusCode).toBe(200);
    const { erased } = MemberErasureSchema.parse(response.json());
    expect(Object.values(erased).every((count) => count === 0)).toBe(true);
  });

  it('keeps the admin’s registration lists, CSVs and subscribers working on the erased rows', async () => {
    for (const walk of Object.values(walks)) {
      const list = await inject('GET', `/api/events/${walk}/registrations`, testAdmin);
      expect(list.statusCode, list.body).toBe(200);
      const csv = await inject('GET', `/api/events/${walk}/registrations.csv`, testAdmin);
      expect(csv.statusCode, csv.body).toBe(200);
    }
    const seated = await inject('GET', `/api/events/${walks.full}/registrations`, testAdmin);
    const counts = (seated.json() as { counts: Record<string, number> }).counts;
    expect(counts).toMatchObject({ confirmed: 1, waitlisted: 0, cancelled: 1 });
    const subscribers = await inject('GET', '/api/newsletter/subscribers', testAdmin);
    expect(subscribers.statusCode, subscribers.body).toBe(200);
    const csv = await inject('GET', '/api/newsletter/subscribers.csv', testAdmin);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain(MARIA.email);
    const record = await content.app.inject({
      url: '/internal/audit-log/content-and-events',
      headers: internalHeader,
    });
    expect(record.statusCode).toBe(200);
    expect(record.body).not.toContain(MARIA.name);
    expect(record.body).not.toContain(maria.username);
    expect(record.body).not.toContain('Mateo Quintanilla');
  });
});
