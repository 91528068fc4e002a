import { randomUUID } from 'node:crypto';
import { EventQuoteSchema, EventSchema } from '@jesus-walks/contracts/events';
import { FulfilmentSchema } from '@jesus-walks/contracts/payable';
import { internalHeader, startTestService, type TestService } from '@jesus-walks/test-kit/test-service';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentAndEventsDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { insertTestEvent, outboxFor } from '../../testing/helpers';
import { generousClientLimits } from '../rate-limits/rate-limits.testing';
import { releaseLapsedHolds } from './event-quotes.service';

let content: TestService<Env, ContentAndEventsDatabase>;

beforeAll(async () => {
  content = await startTestService(service, generousClientLimits);
});
afterAll(() => content.close());

let guests = 0;
function guest() {
  guests += 1;
  return { name: `Payer ${guests}`, email: `payer${guests}@example.com` };
}

let clients = 0;
/** A client of its own (an address nobody else uses), so that only the seats limit it. */
function anotherClient(): { address: string; userId: number | null } {
  clients += 1;
  return { address: `192.0.2.${clients}`, userId: null };
}

/** A seat's quote, for a client of its own unless `extra` names the holder. */
function quote(eventId: number, buyer: object = guest(), extra: object = {}) {
  return content.app.inject({
    method: 'POST',
    url: '/internal/event-quotes',
    headers: internalHeader,
    payload: { eventId, buyer, holder: anotherClient(), ...extra },
  });
}

async function quoted(eventId: number, buyer: object = guest(), holder = anotherClient()) {
  const response = await quote(eventId, buyer, { holder });
  expect(response.statusCode, response.body).toBe(201);
  return EventQuoteSchema.parse(response.json());
}

function fulfil(quoteId: string, paymentId: string, amountPaid: string, email: string | null = null) {
  return content.app.inject({
    method: 'POST',
    url: `/internal/event-quotes/${quoteId}/fulfil`,
    headers: internalHeader,
    payload: {
      paymentId,
      amountPaid,
      paymentMethod: 'stripe',
      buyer: { userId: null, email, fullName: null, phone: null },
      shippingAddress: {},
    },
  });
}

function release(quoteId: string) {
  return content.app.inject({
    method: 'POST',
    url: `/internal/event-quotes/${quoteId}/release`,
    headers: internalHeader,
  });
}

async function seatsOf(eventId: number) {
  const response = await content.app.inject({ method: 'GET', url: `/api/events/${eventId}` });
  return EventSchema.parse(response.json());
}

/** Moves a hold's end into the past, as if its minutes had gone by. */
async function lapse(registrationId: number) {
  await content.db
    .updateTable('registrations')
    .set({ heldUntil: sql<Date>`now() - interval '1 minute'` })
    .where('id', '=', registrationId)
    .execute();
  await content.db
    .updateTable('eventQuotes')
    .set({ expiresAt: sql<Date>`now() - interval '1 minute'` })
    .where('registrationId', '=', registrationId)
    .execute();
}

describe('POST /internal/event-quotes', () => {
  it("quotes the event's price as one line with no shipping and holds a seat that counts as taken", async () => {
    const eventId = await insertTestEvent(content.db, { price: 25, capacity: 2 });
    const q = await quoted(eventId);
    expect(q).toMatchObject({
      currency: 'USD',
      items: [{ productId: eventId, quantity: 1, unitPrice: '25.00', lineTotal: '25.00' }],
      subtotal: '25.00',
      shipping: '0.00',
      total: '25.00',
      shippingMethod: null,
      eventId,
    });
    // A short hold: 10 minutes unless SEAT_HOLD_MINUTES says otherwise.
    const minutes = (Date.parse(q.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
    expect((await seatsOf(eventId)).seatsTaken).toBe(1);
    // The hold is not a registration: the admin's list does not show it.
    await quoted(eventId);
    const full = await quote(eventId);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toMatch(/is full/);
    // Nor may a free registration take the held seats.
    const free = await content.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/registrations`,
      payload: guest(),
    });
    expect(free.json().status).toBe('waitlisted');
  });

  it('refuses a free event, an unknown one, and a payer already registered', async () => {
    const freeId = await insertTestEvent(content.db, { price: 0 });
    expect((await quote(freeId)).statusCode).toBe(422);
    expect((await quote(999_999)).statusCode).toBe(404);
    const paidId = await insertTestEvent(content.db, { price: 10 });
    const payer = guest();
    const q = await quoted(paidId, payer);
    expect((await fulfil(q.quoteId, randomUUID(), '10.00')).statusCode).toBe(200);
    const again = await quote(paidId, payer);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This e-mail address is already registered for this event.');
  });

  it("hands a payer's own hold over to their newer quote (no second seat)", async () => {
    const eventId = await insertTestEvent(content.db, { price: 12, capacity: 1 });
    const payer = guest();
    const first = await quoted(eventId, payer);
    const second = await quote(eventId, payer, { replacesQuoteId: first.quoteId });
    expect(second.statusCode, second.body).toBe(201);
    expect((await seatsOf(eventId)).seatsTaken).toBe(1);
    // The first quote no longer holds the seat, but it is still the payer's: paying it confirms it.
    const late = FulfilmentSchema.parse((await fulfil(first.quoteId, randomUUID(), '12.00')).json());
    expect(late.outcome).toBe('fulfilled');
  });
});

describe('POST /internal/event-quotes/:quoteId/fulfil', () => {
  it('confirms the registration once per payment and e-mails the receipt with the amount paid', async () => {
    const eventId = await insertTestEvent(content.db, { price: 30, capacity: 5, title: 'Receipt Ridge' });
    const payer = guest();
    const q = await quoted(eventId, payer);
    const paymentId = randomUUID();
    const first = await fulfil(q.quoteId, paymentId, '30.00');
    expect(first.statusCode, first.body).toBe(200);
    expect(FulfilmentSchema.parse(first.json())).toEqual({
      outcome: 'fulfilled',
      recordId: q.registrationId,
      status: 'confirmed',
      total: '30.00',
      reason: null,
    });
    const [again, concurrent] = await Promise.all([
      fulfil(q.quoteId, paymentId, '30.00'),
      fulfil(q.quoteId, paymentId, '30.00'),
    ]);
    expect(again.json()).toEqual(first.json());
    expect(concurrent.json()).toEqual(first.json());
    const row = await content.db
      .selectFrom('registrations')
      .selectAll()
      .where('id', '=', q.registrationId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'confirmed', paymentId, amountPaid: '30.00', heldUntil: null });
    const mails = await outboxFor(content.db, payer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("You're registered: Receipt Ridge (paid $30.00)");
    expect(mails[0]?.text).toContain('we received your payment of $30.00');
    expect((await seatsOf(eventId)).seatsTaken).toBe(1);
    // Another payment of the same quote is refused (payments refunds it).
    const other = FulfilmentSchema.parse((await fulfil(q.quoteId, randomUUID(), '30.00')).json());
    expect(other.outcome).toBe('unfulfillable');
  });

  it('refuses an amount other than the quote total (422)', async () => {
    const eventId = await insertTestEvent(content.db, { price: 30 });
    const q = await quoted(eventId);
    expect((await fulfil(q.quoteId, randomUUID(), '3.00')).statusCode).toBe(422);
  });

  it('serves a lapsed hold while a seat is free, and answers unfulfillable once the event is full', async () => {
    const eventId = await insertTestEvent(content.db, { price: 20, capacity: 1 });
    const lucky = await quoted(eventId);
    await lapse(lucky.registrationId);
    expect((await seatsOf(eventId)).seatsTaken).toBe(0);
    const served = FulfilmentSchema.parse((await fulfil(lucky.quoteId, randomUUID(), '20.00')).json());
    expect(served.outcome).toBe('fulfilled');

    const otherId = await insertTestEvent(content.db, { price: 20, capacity: 1 });
    const late = await quoted(otherId);
    await lapse(late.registrationId);
    // Someone else takes the freed seat while the first payer is still typing.
    const taker = await quoted(otherId);
    const paymentId = randomUUID();
    const refused = await fulfil(late.quoteId, paymentId, '20.00');
    expect(refused.statusCode).toBe(200);
    expect(FulfilmentSchema.parse(refused.json())).toMatchObject({
      outcome: 'unfulfillable',
      status: 'cancelled',
      reason: 'The seat held for you lapsed and the event is now full',
    });
    // The same answer again, even after the seat frees up.
    await release(taker.quoteId);
    expect((await fulfil(late.quoteId, paymentId, '20.00')).json()).toEqual(refused.json());
    expect((await seatsOf(otherId)).seatsTaken).toBe(0);
  });
});

describe('releasing holds', () => {
  it('releases a quote once and frees its seat for the waitlist', async () => {
    const eventId = await insertTestEvent(content.db, { price: 15, capacity: 1 });
    const q = await quoted(eventId);
    const waiting = guest();
    const waitlisted = await content.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/registrations`,
      payload: waiting,
    });
    expect(waitlisted.json().status).toBe('waitlisted');
    expect((await release(q.quoteId)).json()).toEqual({ released: true });
    expect((await release(q.quoteId)).json()).toEqual({ released: false });
    expect((await release(randomUUID())).json()).toEqual({ released: false });
    const event = await seatsOf(eventId);
    expect(event).toMatchObject({ seatsTaken: 1, waitlistCount: 0 });
    // A payment that succeeds after its quote was released still gets a seat only if one is free.
    const late = FulfilmentSchema.parse((await fulfil(q.quoteId, randomUUID(), '15.00')).json());
    expect(late).toMatchObject({
      outcome: 'unfulfillable',
      reason: 'The seat held for you was released and the event is now full',
    });
  });

  it('the scheduled release cancels lapsed holds and promotes the waitlist', async () => {
    const eventId = await insertTestEvent(content.db, { price: 15, capacity: 1 });
    const q = await quoted(eventId);
    await content.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/registrations`,
      payload: guest(),
    });
    await lapse(q.registrationId);
    expect(await releaseLapsedHolds({ db: content.db, jobs: content.jobs })).toBeGreaterThanOrEqual(1);
    const row = await content.db
      .selectFrom('registrations')
      .select('status')
      .where('id', '=', q.registrationId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('cancelled');
    expect(await seatsOf(eventId)).toMatchObject({ seatsTaken: 1, waitlistCount: 0 });
    expect((await release(q.quoteId)).json()).toEqual({ released: false });
  });
});

describe('seats one client may hold at once (by default 8 people of a walk, 12 over all walks)', () => {
  const party = (others: number) => ({ party: Array.from({ length: others }, (_, i) => `Child ${i + 1}`) });

  it('holds 8 seats of a walk for one address (a party of five and one of three), refuses a ninth with 429, and leaves the rest to others', async () => {
    const eventId = await insertTestEvent(content.db, { price: 20, capacity: 12, title: 'Crowded Crest' });
    const family = anotherClient();
    expect((await quote(eventId, guest(), { holder: family, ...party(4) })).statusCode).toBe(201);
    expect((await quote(eventId, guest(), { holder: family, ...party(2) })).statusCode).toBe(201);
    const ninth = await quote(eventId, guest(), { holder: family });
    expect(ninth.statusCode).toBe(429);
    expect(ninth.json()).toEqual({
      code: 'rate_limited',
      message:
        'You already hold 8 seats of Crowded Crest in open checkouts, the most one person can hold at once. Pay for those (or wait up to 10 minutes for them to lapse) before holding another.',
    });
    expect((await seatsOf(eventId)).seatsTaken).toBe(8);
    // Another address is another client.
    expect((await quote(eventId, guest(), { holder: anotherClient() })).statusCode).toBe(201);
    expect((await seatsOf(eventId)).seatsTaken).toBe(9);
  });

  it("takes a payer's own hold over without counting it twice, and frees the share on release or lapse", async () => {
    const eventId = await insertTestEvent(content.db, { price: 20, capacity: 12 });
    const family = anotherClient();
    const payers = [guest(), guest(), guest(), guest()];
    const quotes = [];
    for (const payer of payers) {
      const response = await quote(eventId, payer, { holder: family, ...party(1) });
      expect(response.statusCode, response.body).toBe(201);
      quotes.push(EventQuoteSchema.parse(response.json()));
    }
    const [first, second] = quotes;
    if (!first || !second) throw new Error('no quotes');
    // A payer starting again (another method): the hold is handed over, still 8 seats.
    const again = await quote(eventId, payers[0], {
      holder: family,
      replacesQuoteId: first.quoteId,
      ...party(1),
    });
    expect(again.statusCode, again.body).toBe(201);
    expect((await quote(eventId, guest(), { holder: family })).statusCode).toBe(429);
    expect((await release(second.quoteId)).json()).toEqual({ released: true });
    expect((await quote(eventId, guest(), { holder: family, ...party(1) })).statusCode).toBe(201);
    expect((await quote(eventId, guest(), { holder: family })).statusCode).toBe(429);
    await lapse(quotes[2]?.registrationId ?? 0);
    expect((await quote(eventId, guest(), { holder: family, ...party(1) })).statusCode).toBe(201);
  });

  it('counts a member across addresses over every walk: a thirteenth seat is refused', async () => {
    const member = { userId: 7007 };
    const events = [];
    for (let i = 0; i < 7; i += 1) events.push(await insertTestEvent(content.db, { price: 5, capacity: 3 }));
    for (const eventId of events.slice(0, 6)) {
      // A member pays from home, from the phone, from the church's wifi...
      const holder = { address: anotherClient().address, userId: member.userId };
      expect((await quote(eventId, member, { holder, ...party(1) })).statusCode).toBe(201);
    }
    const more = await quote(events[6] ?? 0, member, {
      holder: { address: anotherClient().address, userId: member.userId },
    });
    expect(more.statusCode).toBe(429);
    expect(more.json().message).toBe(
      'You already hold 12 seats in open checkouts, the most one person can hold at once. Pay for those (or wait up to 10 minutes for them to lapse) before holding another.',
    );
  });

  it('lets simultaneous checkouts of one address hold no more than its share', async () => {
    const eventId = await insertTestEvent(content.db, { price: 20, capacity: 30 });
    const greedy = anotherClient();
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => quote(eventId, guest(), { holder: greedy, ...party(1) })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(4);
    expect(statuses.filter((status) => status === 429)).toHaveLength(8);
    expect((await seatsOf(eventId)).seatsTaken).toBe(8);
  });
});

describe('seat holds from the environment', () => {
  let configured: TestService<Env, ContentAndEventsDatabase>;
  beforeAll(async () => {
    configured = await startTestService(service, {
      ...generousClientLimits,
      SEAT_HOLD_MINUTES: '3',
      SEAT_HOLDS_PER_EVENT_PER_CLIENT: '1',
      SEAT_HOLDS_PER_CLIENT: '2',
    });
  });
  afterAll(() => configured?.close());

  const holder = { address: '203.0.113.20', userId: null };
  const inject = (eventId: number) =>
    configured.app.inject({
      method: 'POST',
      url: '/internal/event-quotes',
      headers: internalHeader,
      payload: { eventId, buyer: guest(), holder },
    });

  it('holds for SEAT_HOLD_MINUTES and limits by SEAT_HOLDS_PER_EVENT_PER_CLIENT and SEAT_HOLDS_PER_CLIENT', async () => {
    const [a, b, c] = [
      await insertTestEvent(configured.db, { price: 5 }),
      await insertTestEvent(configured.db, { price: 5 }),
      await insertTestEvent(configured.db, { price: 5 }),
    ];
    const first = await inject(a);
    expect(first.statusCode).toBe(201);
    const minutes = (Date.parse(EventQuoteSchema.parse(first.json()).expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(2);
    expect(minutes).toBeLessThanOrEqual(3);
    const again = await inject(a);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(
      /^You already hold a seat of Test Walk \d+ in open checkouts, the most one person can hold at once\. Pay for it \(or wait up to 3 minutes for it to lapse\) before holding another\.$/,
    );
    expect((await inject(b)).statusCode).toBe(201);
    expect((await inject(c)).statusCode).toBe(429);
  });
});
