import { randomUUID } from 'node:crypto';
import { EventFulfilmentSchema, EventQuoteSchema, EventSchema } from '@jesus-walks/contracts/events';
import {
  internalHeader,
  startTestService,
  type TestService,
} from '@jesus-walks/service-kit/testing/test-service';
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

function quote(eventId: number, buyer: object = guest(), extra: object = {}) {
  return content.app.inject({
    method: 'POST',
    url: '/internal/event-quotes',
    headers: internalHeader,
    payload: { eventId, attendees: 1, buyer, ...extra },
  });
}

async function quoted(eventId: number, buyer: object = guest()) {
  const response = await quote(eventId, buyer);
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

/** Moves a hold's end into the past, as if 30 minutes had gone by. */
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
    const minutes = (Date.parse(q.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
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
    const late = EventFulfilmentSchema.parse((await fulfil(first.quoteId, randomUUID(), '12.00')).json());
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
    expect(EventFulfilmentSchema.parse(first.json())).toEqual({
      outcome: 'fulfilled',
      registrationId: q.registrationId,
      eventId,
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
    const other = EventFulfilmentSchema.parse((await fulfil(q.quoteId, randomUUID(), '30.00')).json());
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
    const served = EventFulfilmentSchema.parse((await fulfil(lucky.quoteId, randomUUID(), '20.00')).json());
    expect(served.outcome).toBe('fulfilled');

    const otherId = await insertTestEvent(content.db, { price: 20, capacity: 1 });
    const late = await quoted(otherId);
    await lapse(late.registrationId);
    // Someone else takes the freed seat while the first payer is still typing.
    const taker = await quoted(otherId);
    const paymentId = randomUUID();
    const refused = await fulfil(late.quoteId, paymentId, '20.00');
    expect(refused.statusCode).toBe(200);
    expect(EventFulfilmentSchema.parse(refused.json())).toMatchObject({
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
    const late = EventFulfilmentSchema.parse((await fulfil(q.quoteId, randomUUID(), '15.00')).json());
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
