import { randomUUID } from 'node:crypto';
import type { Identity } from '@jesus-walks/contracts/common';
import {
  EventQuoteSchema,
  EventRegistrationsSchema,
  EventSchema,
  RegistrationSchema,
} from '@jesus-walks/contracts/events';
import { FulfilmentSchema } from '@jesus-walks/contracts/payable';
import {
  identityHeaders,
  internalHeader,
  startTestService,
  type TestService,
} from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentAndEventsDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { daysFromNow, generousSeatHoldLimits, insertTestEvent, outboxFor } from '../../testing/helpers';
import { generousClientLimits } from '../rate-limits/rate-limits.testing';

/** Parties (decision 041): one registration for several people, seats and the waitlist per person. */

let content: TestService<Env, ContentAndEventsDatabase>;

beforeAll(async () => {
  content = await startTestService(service, { ...generousClientLimits, ...generousSeatHoldLimits });
});
afterAll(() => content.close());

let people = 0;
function guest() {
  people += 1;
  return { name: `Parent ${people}`, email: `parent${people}@example.com` };
}
const names = (count: number) => Array.from({ length: count }, (_, i) => `Child ${i + 1}`);

function registerGuest(eventId: number, party: string[], who = guest()) {
  return content.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/registrations`,
    payload: { ...who, party },
  });
}

async function registerMember(eventId: number, member: Identity, party: string[] = []) {
  const url = `/api/events/${eventId}/registrations`;
  const response = await content.app.inject({
    method: 'POST',
    url,
    headers: await identityHeaders(member, 'POST', url),
    payload: { party },
  });
  expect(response.statusCode, response.body).toBe(201);
  return RegistrationSchema.parse(response.json());
}

async function updateParty(eventId: number, registrationId: number, as: Identity, party: string[]) {
  const url = `/api/events/${eventId}/registrations/${registrationId}/party`;
  return content.app.inject({
    method: 'PUT',
    url,
    headers: await identityHeaders(as, 'PUT', url),
    payload: { party },
  });
}

async function eventOf(eventId: number) {
  return EventSchema.parse((await content.app.inject({ url: `/api/events/${eventId}` })).json());
}

async function statusOf(registrationId: number) {
  const row = await content.db
    .selectFrom('registrations')
    .select(['status', 'partySize'])
    .where('id', '=', registrationId)
    .executeTakeFirstOrThrow();
  return row;
}

let members = 0;
function member(isAdmin = false): Identity {
  members += 1;
  return { id: 41_000 + members, username: `walker${members}`, isAdmin };
}

describe('registering a party', () => {
  it('gives a party its seats together, counts people, and tells the registrant who is coming', async () => {
    const eventId = await insertTestEvent(content.db, { capacity: 5 });
    const family = guest();
    const response = await registerGuest(eventId, [' Ben ', 'Cara'], family);
    expect(response.statusCode, response.body).toBe(201);
    expect(RegistrationSchema.parse(response.json())).toMatchObject({
      status: 'confirmed',
      partySize: 3,
      party: ['Ben', 'Cara'],
    });
    expect(await eventOf(eventId)).toMatchObject({ seatsTaken: 3, seatsLeft: 2, waitlistCount: 0 });
    const [mail] = await outboxFor(content.db, family.email);
    expect(mail?.subject).toMatch(/^You're registered/);
    expect(mail?.text).toContain('Who: you, Ben and Cara (3 people)');
    expect(mail?.text).toContain('You have 3 seats on');
  });

  it('puts a party that does not fit on the waitlist as one, and lets a smaller one behind it take the seats left', async () => {
    const eventId = await insertTestEvent(content.db, { capacity: 4 });
    const first = RegistrationSchema.parse((await registerGuest(eventId, names(1))).json());
    expect(first).toMatchObject({ status: 'confirmed', partySize: 2 });
    const family = guest();
    const waiting = RegistrationSchema.parse((await registerGuest(eventId, names(2), family)).json());
    expect(waiting).toMatchObject({ status: 'waitlisted', partySize: 3, waitlistPosition: 1 });
    const [mail] = await outboxFor(content.db, family.email);
    expect(mail?.text).toContain('not enough seats left for your party of 3');
    // Two seats are left: a pair behind the family takes them (a seat never sits empty while someone who fits waits).
    const pair = RegistrationSchema.parse((await registerGuest(eventId, names(1))).json());
    expect(pair).toMatchObject({ status: 'confirmed', partySize: 2 });
    expect(await eventOf(eventId)).toMatchObject({ seatsTaken: 4, seatsLeft: 0, waitlistCount: 3 });

    // One walker coming alone joins the line behind the family.
    const single = RegistrationSchema.parse((await registerGuest(eventId, [])).json());
    expect(single).toMatchObject({ status: 'waitlisted', waitlistPosition: 2 });

    // The first pair cancels: two seats free, not enough for the family of three, so the single
    // behind it takes one and the family keeps its place for the next seats.
    const admin = member(true);
    const url = `/api/events/${eventId}/registrations/${first.id}`;
    const cancel = await content.app.inject({
      method: 'DELETE',
      url,
      headers: await identityHeaders(admin, 'DELETE', url),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await statusOf(waiting.id)).status).toBe('waitlisted');
    expect((await statusOf(single.id)).status).toBe('confirmed');
    expect(await eventOf(eventId)).toMatchObject({ seatsTaken: 3, seatsLeft: 1, waitlistCount: 3 });

    // The pair behind cancels too: now three seats are free, and they are the family's.
    const pairUrl = `/api/events/${eventId}/registrations/${pair.id}`;
    await content.app.inject({
      method: 'DELETE',
      url: pairUrl,
      headers: await identityHeaders(admin, 'DELETE', pairUrl),
    });
    expect(await statusOf(waiting.id)).toEqual({ status: 'confirmed', partySize: 3 });
    expect(await eventOf(eventId)).toMatchObject({ seatsTaken: 4, seatsLeft: 0, waitlistCount: 0 });
    const promotion = (await outboxFor(content.db, family.email)).at(-1);
    expect(promotion?.subject).toMatch(/^Seats opened up/);
    expect(promotion?.text).toContain('for all 3 of you');
  });

  it('refuses a party larger than the whole walk, and more than eight people, with a clear message', async () => {
    const eventId = await insertTestEvent(content.db, { capacity: 3 });
    const tooBig = await registerGuest(eventId, names(3));
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({
      code: 'validation_failed',
      message: expect.stringMatching(/has 3 seats in all, so a party of 4 cannot come/),
      issues: [{ path: ['body', 'party'], message: expect.stringMatching(/a party of 4 cannot come/) }],
    });
    const tooMany = await registerGuest(eventId, names(8));
    expect(tooMany.statusCode).toBe(400);
    expect(JSON.stringify(tooMany.json())).toContain('A party is at most 8 people, you included');
    const blank = await registerGuest(eventId, ['Ben', '  ']);
    expect(blank.statusCode).toBe(400);
    expect(JSON.stringify(blank.json())).toContain("Please enter each person's name");
    // Nothing was registered by the refusals.
    expect(await eventOf(eventId)).toMatchObject({ seatsTaken: 0, waitlistCount: 0 });
  });

  it('never gives more seats than the capacity to simultaneous parties, counting people', async () => {
    const eventId = await insertTestEvent(content.db, { capacity: 15 });
    const sizes = Array.from({ length: 24 }, (_, i) => (i % 4) + 1);
    const responses = await Promise.all(sizes.map((size) => registerGuest(eventId, names(size - 1))));
    expect(responses.map((response) => response.statusCode)).toEqual(sizes.map(() => 201));
    const registrations = responses.map((response) => RegistrationSchema.parse(response.json()));
    const seated = registrations.filter((r) => r.status === 'confirmed');
    const seatedPeople = seated.reduce((sum, r) => sum + r.partySize, 0);
    expect(seatedPeople).toBeLessThanOrEqual(15);
    // Whoever waits could not have fitted in the seats left at the end.
    const waiting = registrations.filter((r) => r.status === 'waitlisted');
    for (const r of waiting) expect(r.partySize).toBeGreaterThan(15 - seatedPeople);
    const event = await eventOf(eventId);
    expect(event.seatsTaken).toBe(seatedPeople);
    expect(event.waitlistCount).toBe(waiting.reduce((sum, r) => sum + r.partySize, 0));

    const admin = member(true);
    const list = EventRegistrationsSchema.parse(
      (
        await content.app.inject({
          url: `/api/events/${eventId}/registrations`,
          headers: await identityHeaders(admin, 'GET', `/api/events/${eventId}/registrations`),
        })
      ).json(),
    );
    expect(list.counts.confirmed).toBe(seatedPeople);
    expect(list.counts.waitlisted).toBe(event.waitlistCount);
    expect(list.registrations.find((r) => r.partySize === 4)?.party).toEqual(names(3));
  });
});

describe('PUT /api/events/:id/registrations/:registrationId/party', () => {
  it('adds people while seats are free, refuses more than are left, and frees seats for the waitlist when people drop out', async () => {
    const eventId = await insertTestEvent(content.db, { capacity: 8 });
    const walker = member();
    const own = await registerMember(eventId, walker);
    const added = await updateParty(eventId, own.id, walker, ['Ben', 'Cara']);
    expect(added.statusCode, added.body).toBe(200);
    expect(RegistrationSchema.parse(added.json())).toMatchObject({ partySize: 3, party: ['Ben', 'Cara'] });
    expect(await eventOf(eventId)).toMatchObject({ seatsTaken: 3, seatsLeft: 5 });

    await registerGuest(eventId, []);
    const family = RegistrationSchema.parse((await registerGuest(eventId, names(4))).json());
    expect(family.status).toBe('waitlisted');
    const more = await updateParty(eventId, own.id, walker, names(7));
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toMatch(/Only 4 people more can join/);
    expect((await statusOf(own.id)).partySize).toBe(3);

    // Two drop out: six seats are free, enough for the waiting family of five.
    const fewer = await updateParty(eventId, own.id, walker, []);
    expect(fewer.statusCode, fewer.body).toBe(200);
    expect(RegistrationSchema.parse(fewer.json())).toMatchObject({ partySize: 1, party: [] });
    expect(await statusOf(family.id)).toEqual({ status: 'confirmed', partySize: 5 });
    expect(await eventOf(eventId)).toMatchObject({ seatsTaken: 7, seatsLeft: 1, waitlistCount: 0 });
  });

  it("lets a waitlisted party grow, and only its owner or an admin change it (the admin's change recorded)", async () => {
    const eventId = await insertTestEvent(content.db, { capacity: 1 });
    await registerGuest(eventId, []);
    const walker = member();
    const waiting = await registerMember(eventId, walker);
    expect(waiting.status).toBe('waitlisted');
    // A party of 2 on a walk of one seat could never come: refused as too big.
    const grown = await updateParty(eventId, waiting.id, walker, ['Ben']);
    expect(grown.statusCode, grown.body).toBe(400);
    expect(grown.json().message).toMatch(/so a party of 2 cannot come/);

    const roomy = await insertTestEvent(content.db, { capacity: 3 });
    await registerGuest(roomy, names(2));
    const inLine = await registerMember(roomy, walker);
    expect(inLine.status).toBe('waitlisted');
    const bigger = await updateParty(roomy, inLine.id, walker, ['Ben', 'Cara']);
    expect(bigger.statusCode, bigger.body).toBe(200);
    expect(RegistrationSchema.parse(bigger.json())).toMatchObject({
      status: 'waitlisted',
      partySize: 3,
      waitlistPosition: 1,
    });
    expect((await eventOf(roomy)).waitlistCount).toBe(3);

    const stranger = await updateParty(roomy, inLine.id, member(), []);
    expect(stranger.statusCode).toBe(403);
    const admin = member(true);
    const byAdmin = await updateParty(roomy, inLine.id, admin, ['Ben']);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const entry = await content.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'registration.party_changed')
      .where('targetId', '=', String(inLine.id))
      .executeTakeFirst();
    expect(entry?.summary).toMatch(/party for ".*" to 2 people/);
  });

  it('refuses changes once the walk has started or the registration is cancelled', async () => {
    const eventId = await insertTestEvent(content.db, { capacity: 5 });
    const walker = member();
    const own = await registerMember(eventId, walker);
    await content.db
      .updateTable('events')
      .set({ date: daysFromNow(-0.01) })
      .where('id', '=', eventId)
      .execute();
    const late = await updateParty(eventId, own.id, walker, ['Ben']);
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toMatch(/already started/);
  });
});

/** payments' fulfil of a quote, paid in full with a new payment id. */
function fulfil(quoteId: string, amountPaid: string, userId: number | null = null) {
  return content.app.inject({
    method: 'POST',
    url: `/internal/event-quotes/${quoteId}/fulfil`,
    headers: internalHeader,
    payload: {
      paymentId: randomUUID(),
      amountPaid,
      paymentMethod: 'stripe',
      buyer: { userId, email: null, fullName: null, phone: null },
      shippingAddress: {},
    },
  });
}

describe('a paid walk: one checkout for the party', () => {
  async function quoteParty(eventId: number, party: string[], buyer: object = guest()) {
    const response = await content.app.inject({
      method: 'POST',
      url: '/internal/event-quotes',
      headers: internalHeader,
      payload: { eventId, party, buyer, holder: { address: '198.51.100.7', userId: null } },
    });
    return response;
  }

  it('quotes a seat per person, holds them together, and confirms the party when paid', async () => {
    const eventId = await insertTestEvent(content.db, { capacity: 4, price: 25 });
    const response = await quoteParty(eventId, ['Ben', 'Cara']);
    expect(response.statusCode, response.body).toBe(201);
    const quote = EventQuoteSchema.parse(response.json());
    expect(quote).toMatchObject({
      items: [{ productId: eventId, quantity: 3, unitPrice: '25.00', lineTotal: '75.00' }],
      subtotal: '75.00',
      total: '75.00',
    });
    expect((await eventOf(eventId)).seatsTaken).toBe(3);
    // Two more do not fit in the one seat left.
    const refused = await quoteParty(eventId, ['Dan']);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/only one seat left, not enough for a party of 2/);

    const paid = await fulfil(quote.quoteId, '75.00');
    expect(FulfilmentSchema.parse(paid.json())).toMatchObject({ outcome: 'fulfilled', total: '75.00' });
    expect(await statusOf(quote.registrationId)).toEqual({ status: 'confirmed', partySize: 3 });
  });

  it("refuses a payment started for another number of people than the payer's latest checkout", async () => {
    const eventId = await insertTestEvent(content.db, { capacity: 6, price: 10 });
    const payer = guest();
    const first = EventQuoteSchema.parse((await quoteParty(eventId, ['Ben'], payer)).json());
    const second = await content.app.inject({
      method: 'POST',
      url: '/internal/event-quotes',
      headers: internalHeader,
      payload: {
        eventId,
        party: ['Ben', 'Cara'],
        buyer: payer,
        holder: { address: '198.51.100.7', userId: null },
        replacesQuoteId: first.quoteId,
      },
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(EventQuoteSchema.parse(second.json()).total).toBe('30.00');
    expect((await eventOf(eventId)).seatsTaken).toBe(3);
    // The first payment (for two) arrives late: not the party held now, so refunded by payments.
    const late = await fulfil(first.quoteId, '20.00');
    expect(FulfilmentSchema.parse(late.json())).toMatchObject({ outcome: 'unfulfillable' });
    expect(late.json().reason).toMatch(/party changed/);
  });

  it('keeps the number a member paid for: the names may change, the number may not', async () => {
    const eventId = await insertTestEvent(content.db, { capacity: 6, price: 10 });
    const walker = member();
    const quote = EventQuoteSchema.parse((await quoteParty(eventId, ['Ben'], { userId: walker.id })).json());
    await fulfil(quote.quoteId, '20.00', walker.id);
    const renamed = await updateParty(eventId, quote.registrationId, walker, ['Benjamin']);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(RegistrationSchema.parse(renamed.json()).party).toEqual(['Benjamin']);
    const more = await updateParty(eventId, quote.registrationId, walker, ['Benjamin', 'Cara']);
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toMatch(/paid online for 2 people/);
    const fewer = await updateParty(eventId, quote.registrationId, walker, []);
    expect(fewer.statusCode).toBe(409);
  });
});
