import type { Identity } from '@jesus-walks/contracts/common';
import {
  EventQuoteSchema,
  EventRegistrationsSchema,
  EventSchema,
  RegistrationSchema,
} from '@jesus-walks/contracts/events';
import { MemberDataPartSchema, MemberErasureSchema } from '@jesus-walks/contracts/privacy';
import { AdminWaiverSchema, AdminWaiverVersionSchema, WaiverSchema } from '@jesus-walks/contracts/waivers';
import {
  identityHeaders,
  internalHeader,
  startTestService,
  type TestService,
  testAdmin,
  testUser,
} from '@jesus-walks/test-kit/test-service';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentAndEventsDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import {
  daysFromNow,
  generousSeatHoldLimits,
  insertTestEvent,
  startFakeIdentity,
} from '../../testing/helpers';
import { generousClientLimits } from '../rate-limits/rate-limits.testing';

// Waivers and emergency contacts (issue 24, decision 038): versions that never change, signatures
// that keep the text accepted, the walk's requirements checked on every path to a seat, the
// emergency details shown to admins only and erased with the account.

let content: TestService<Env, ContentAndEventsDatabase>;
let identity: Awaited<ReturnType<typeof startFakeIdentity>>;

const ruth: Identity = { id: 5151, username: 'ruth-b', isAdmin: false };
const RUTH = { name: 'Ruth Ann Bellweather', email: 'ruth.b@example.com' };
const CONTACT = { contactName: 'Boaz Bellweather', contactPhone: '(707) 555-0166' };

const waiverText = (version: string) =>
  `Version ${version}. The walks are outdoors on real trails; I know my own fitness, I follow the leader, and I accept the risks of walking in the hills.`;

beforeAll(async () => {
  identity = await startFakeIdentity([
    { ...ruth, email: RUTH.email, isVerified: true },
    { ...testAdmin, email: 'admin@example.com', isVerified: true },
  ]);
  content = await startTestService(service, {
    ...generousClientLimits,
    ...generousSeatHoldLimits,
    IDENTITY_URL: identity.url,
  });
});
afterAll(async () => {
  await content?.close();
  await identity?.close();
});

async function inject(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  caller: Identity | null,
  payload?: object,
  extraHeaders: Record<string, string> = {},
) {
  return content.app.inject({
    method,
    url,
    headers: {
      ...(caller ? await identityHeaders(caller, method, url, '203.0.113.7') : {}),
      ...extraHeaders,
    },
    ...(payload ? { payload } : {}),
  });
}

async function publish(text: string) {
  const response = await inject('POST', '/api/admin/waiver', testAdmin, { text });
  expect(response.statusCode, response.body).toBe(201);
  return AdminWaiverVersionSchema.parse(response.json());
}

const register = (eventId: number, caller: Identity | null, body: object) =>
  inject('POST', `/api/events/${eventId}/registrations`, caller, body, { 'user-agent': 'WalkTest/1.0' });

const signaturesOf = (registrationId: number) =>
  content.db
    .selectFrom('waiverSignatures')
    .innerJoin('waiverVersions', 'waiverVersions.id', 'waiverSignatures.waiverVersionId')
    .select([
      'waiverSignatures.signedName',
      'waiverSignatures.ipAddress',
      'waiverSignatures.userAgent',
      'waiverSignatures.erasedAt',
      'waiverVersions.version',
      'waiverVersions.text',
    ])
    .where('waiverSignatures.registrationId', '=', registrationId)
    .orderBy('waiverSignatures.id')
    .execute();

const walkInput = (overrides: Record<string, unknown> = {}) => ({
  title: 'Summit Hike',
  description: 'Up to the summit.',
  location: 'Calistoga, CA',
  date: daysFromNow(30).toISOString(),
  capacity: 12,
  price: 0,
  waiverRequired: true,
  askEmergencyContact: true,
  ...overrides,
});

describe('the waiver’s versions', () => {
  it('cannot be required by a walk before one is published; the public read is a 404 till then', async () => {
    expect((await inject('GET', '/api/waiver', null)).statusCode).toBe(404);
    const refused = await inject('POST', '/api/events', testAdmin, walkInput());
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([expect.objectContaining({ path: ['body', 'waiverRequired'] })]);
  });

  it('are published by admins only, with a validated text, and recorded in the activity record', async () => {
    expect((await inject('POST', '/api/admin/waiver', null, { text: waiverText('1') })).statusCode).toBe(401);
    expect((await inject('POST', '/api/admin/waiver', testUser, { text: waiverText('1') })).statusCode).toBe(
      403,
    );
    expect((await inject('GET', '/api/admin/waiver', testUser)).statusCode).toBe(403);
    const short = await inject('POST', '/api/admin/waiver', testAdmin, { text: 'Too short.' });
    expect(short.statusCode).toBe(400);
    expect(short.json().issues[0].message).toBe('The waiver must be at least 100 characters');

    const first = await publish(waiverText('1'));
    expect(first).toMatchObject({ version: 1, publishedBy: testAdmin.username, signatures: 0 });
    const current = WaiverSchema.parse((await inject('GET', '/api/waiver', null)).json());
    expect(current).toMatchObject({ id: first.id, version: 1, text: waiverText('1') });
    const audit = await content.db
      .selectFrom('auditLog')
      .select(['action', 'targetType', 'summary'])
      .where('action', '=', 'waiver.published')
      .execute();
    expect(audit).toEqual([
      {
        action: 'waiver.published',
        targetType: 'waiver',
        summary: 'Published the first version of the waiver.',
      },
    ]);
    // A walk may require it now.
    const created = await inject('POST', '/api/events', testAdmin, walkInput());
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ waiverRequired: true, askEmergencyContact: true });
  });

  it('are never changed in the database', async () => {
    await expect(sql`update waiver_versions set text = 'changed'`.execute(content.db)).rejects.toThrow(
      /never changed/,
    );
    await expect(sql`delete from waiver_versions`.execute(content.db)).rejects.toThrow(/never changed/);
  });
});

describe('registering for a walk that requires the waiver and asks for an emergency contact', () => {
  let walk = 0;
  let versionId = 0;
  beforeAll(async () => {
    walk = await insertTestEvent(content.db, {
      title: 'Ridge Walk',
      waiverRequired: true,
      askEmergencyContact: true,
    });
    versionId = WaiverSchema.parse((await inject('GET', '/api/waiver', null)).json()).id;
  });

  it('tells everyone what the walk asks, but never anyone’s emergency details', async () => {
    const event = EventSchema.parse((await inject('GET', `/api/events/${walk}`, null)).json());
    expect(event).toMatchObject({ waiverRequired: true, askEmergencyContact: true });
  });

  it('refuses a guest without the waiver, with another name, or without an emergency contact', async () => {
    const guest = { name: 'Naomi Green', email: 'naomi@example.com' };
    const missing = await register(walk, null, { ...guest, emergency: CONTACT });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues).toEqual([
      { path: ['body', 'waiver', 'signedName'], message: 'Type your full name to accept the waiver' },
    ]);
    const otherName = await register(walk, null, {
      ...guest,
      waiver: { versionId, signedName: 'Naomi G' },
      emergency: CONTACT,
    });
    expect(otherName.statusCode).toBe(400);
    expect(otherName.json().issues[0].message).toBe(
      'Type your full name exactly as given above (Naomi Green)',
    );
    const noContact = await register(walk, null, {
      ...guest,
      waiver: { versionId, signedName: 'naomi green' },
    });
    expect(noContact.statusCode).toBe(400);
    expect(noContact.json().issues.map((issue: { path: string[] }) => issue.path.at(-1))).toEqual([
      'contactName',
      'contactPhone',
    ]);
    const badPhone = await register(walk, null, {
      ...guest,
      waiver: { versionId, signedName: 'Naomi Green' },
      emergency: { contactName: 'Eli', contactPhone: 'call my mum' },
    });
    expect(badPhone.statusCode).toBe(400);
    // Nothing was registered by the refusals.
    const rows = await content.db
      .selectFrom('registrations')
      .select('id')
      .where('eventId', '=', walk)
      .execute();
    expect(rows).toEqual([]);
  });

  it('registers a guest whose typed name matches (case and spaces aside) and records the signature', async () => {
    const response = await register(walk, null, {
      name: 'Naomi Green',
      email: 'naomi@example.com',
      waiver: { versionId, signedName: '  naomi   GREEN ' },
      emergency: { ...CONTACT, leaderNote: 'Asthma: inhaler in my pack.' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = RegistrationSchema.parse(response.json());
    expect(await signaturesOf(id)).toEqual([
      {
        signedName: 'naomi   GREEN',
        ipAddress: '127.0.0.1',
        userAgent: 'WalkTest/1.0',
        erasedAt: null,
        version: 1,
        text: waiverText('1'),
      },
    ]);
  });

  it('asks a member for their full name to sign with, and records it', async () => {
    const noName = await register(walk, ruth, {
      waiver: { versionId, signedName: RUTH.name },
      emergency: CONTACT,
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().issues).toEqual([
      { path: ['body', 'name'], message: 'Please enter your full name' },
    ]);
    const response = await register(walk, ruth, {
      name: RUTH.name,
      waiver: { versionId, signedName: RUTH.name },
      emergency: { ...CONTACT, leaderNote: 'Knee brace; slow on descents.' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const [signature] = await signaturesOf(response.json().id);
    expect(signature).toMatchObject({ signedName: RUTH.name, ipAddress: '203.0.113.7', version: 1 });
  });

  it('shows the emergency details and signatures to admins, in the list and the CSV, and to no one else', async () => {
    const list = EventRegistrationsSchema.parse(
      (await inject('GET', `/api/events/${walk}/registrations`, testAdmin)).json(),
    );
    const naomi = list.registrations.find((row) => row.name === 'Naomi Green');
    expect(naomi).toMatchObject({
      waiver: { version: 1, signedName: 'naomi   GREEN' },
      emergency: { ...CONTACT, leaderNote: 'Asthma: inhaler in my pack.' },
    });
    const csv = await inject('GET', `/api/events/${walk}/registrations.csv`, testAdmin);
    expect(csv.body).toContain('Emergency contact,Emergency phone,Note for the leader');
    expect(csv.body).toContain('Boaz Bellweather,(707) 555-0166,Asthma: inhaler in my pack.');
    expect((await inject('GET', `/api/events/${walk}/registrations`, testUser)).statusCode).toBe(403);
    for (const url of ['/api/events', `/api/events/${walk}`, '/api/events/my-registrations']) {
      const body = (await inject('GET', url, ruth)).body;
      expect(body).not.toContain(CONTACT.contactPhone);
      expect(body).not.toContain('Knee brace');
    }
  });
});

describe('a new version of the waiver', () => {
  it('keeps the old signatures with their original text, and refuses an acceptance of the old one', async () => {
    const walk = await insertTestEvent(content.db, { title: 'Creek Walk', waiverRequired: true });
    const v1 = WaiverSchema.parse((await inject('GET', '/api/waiver', null)).json());
    const signed = await register(walk, null, {
      name: 'Caleb Stone',
      email: 'caleb@example.com',
      waiver: { versionId: v1.id, signedName: 'Caleb Stone' },
    });
    expect(signed.statusCode, signed.body).toBe(201);

    const v2 = await publish(waiverText('2'));
    expect(v2.version).toBe(v1.version + 1);
    // Caleb's signature still names version 1, whose text is what he accepted.
    expect(await signaturesOf(signed.json().id)).toEqual([
      expect.objectContaining({ signedName: 'Caleb Stone', version: v1.version, text: waiverText('1') }),
    ]);
    const admin = AdminWaiverSchema.parse((await inject('GET', '/api/admin/waiver', testAdmin)).json());
    expect(admin.current).toMatchObject({ id: v2.id, text: waiverText('2'), signatures: 0 });
    expect(admin.versions.map((version) => [version.version, version.text])).toEqual([
      [v2.version, waiverText('2')],
      [v1.version, waiverText('1')],
    ]);
    expect(admin.versions[1]?.signatures).toBeGreaterThanOrEqual(3);

    // A form opened before the change sends the old version: refused, to read the new one.
    const stale = await register(walk, null, {
      name: 'Dinah Stone',
      email: 'dinah@example.com',
      waiver: { versionId: v1.id, signedName: 'Dinah Stone' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('waiver_changed');
    expect(stale.json().message).toBe(
      `The waiver was updated (it is now version ${v2.version}) since you opened this page. Please read the current waiver and accept it again.`,
    );
    const current = await register(walk, null, {
      name: 'Dinah Stone',
      email: 'dinah@example.com',
      waiver: { versionId: v2.id, signedName: 'Dinah Stone' },
    });
    expect(current.statusCode, current.body).toBe(201);
    expect(await signaturesOf(current.json().id)).toEqual([
      expect.objectContaining({ version: v2.version, text: waiverText('2') }),
    ]);
  });
});

describe('a paid walk’s seat held at checkout', () => {
  const quote = (eventId: number, extra: object) =>
    inject(
      'POST',
      '/internal/event-quotes',
      null,
      {
        eventId,
        buyer: { name: 'Levi Hart', email: 'levi@example.com' },
        holder: { address: '198.51.100.4', userId: null },
        ...extra,
      },
      internalHeader,
    );

  it('needs the waiver and the emergency contact too, and keeps them on the held registration', async () => {
    const walk = await insertTestEvent(content.db, {
      title: 'Paid Summit',
      price: 15,
      waiverRequired: true,
      askEmergencyContact: true,
    });
    const { id: versionId } = WaiverSchema.parse((await inject('GET', '/api/waiver', null)).json());
    const missing = await quote(walk, { emergency: CONTACT });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues[0].path).toEqual(['body', 'waiver', 'signedName']);
    const mismatch = await quote(walk, {
      fullName: 'Levi Hart',
      waiver: { versionId, signedName: 'Someone Else' },
      emergency: CONTACT,
    });
    expect(mismatch.statusCode).toBe(400);

    const held = await quote(walk, {
      fullName: 'Levi Hart',
      waiver: { versionId, signedName: 'Levi Hart' },
      emergency: CONTACT,
      userAgent: 'Checkout/2.0',
    });
    expect(held.statusCode, held.body).toBe(201);
    const { registrationId } = EventQuoteSchema.parse(held.json());
    expect(await signaturesOf(registrationId)).toEqual([
      expect.objectContaining({
        signedName: 'Levi Hart',
        ipAddress: '198.51.100.4',
        userAgent: 'Checkout/2.0',
      }),
    ]);
    const details = await content.db
      .selectFrom('registrationEmergencyDetails')
      .selectAll()
      .where('registrationId', '=', registrationId)
      .executeTakeFirst();
    expect(details).toMatchObject({ ...CONTACT, leaderNote: null });
  });
});

describe('a member’s waiver signatures and emergency contacts', () => {
  it('are in their export, and erased with their account (the signature’s fact and version kept)', async () => {
    const member = { userId: ruth.id, emails: [RUTH.email] };
    const exported = MemberDataPartSchema.parse(
      (
        await inject('POST', '/internal/privacy/content-and-events/export', null, member, internalHeader)
      ).json(),
    );
    expect(exported.sections.waiverSignatures).toEqual([
      expect.objectContaining({ signedName: RUTH.name, waiverVersion: 1, waiverText: waiverText('1') }),
    ]);
    expect(exported.sections.emergencyContacts).toEqual([
      expect.objectContaining({ ...CONTACT, noteForTheLeader: 'Knee brace; slow on descents.' }),
    ]);

    const erased = await inject(
      'POST',
      '/internal/privacy/content-and-events/erase',
      null,
      member,
      internalHeader,
    );
    expect(erased.statusCode, erased.body).toBe(200);
    expect(MemberErasureSchema.parse(erased.json()).erased).toMatchObject({
      emergencyContacts: 1,
      waiverSignatures: 1,
    });
    const [registration] = await content.db
      .selectFrom('registrations')
      .select('id')
      .where('userId', '=', ruth.id)
      .execute();
    expect(await signaturesOf(registration?.id ?? 0)).toEqual([
      expect.objectContaining({ signedName: null, ipAddress: null, userAgent: null, version: 1 }),
    ]);
    const left = await content.db
      .selectFrom('registrationEmergencyDetails')
      .select('registrationId')
      .where('registrationId', '=', registration?.id ?? 0)
      .execute();
    expect(left).toEqual([]);
    // Nobody else's went.
    const others = await content.db
      .selectFrom('registrationEmergencyDetails')
      .select('contactName')
      .execute();
    expect(others.length).toBeGreaterThan(0);
  });
});
