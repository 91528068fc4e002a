import { randomUUID } from 'node:crypto';
import type { AuditEntry } from '@jesus-walks/contracts/audit';
import {
  EventQuoteSchema,
  EventRegistrationsSchema,
  type WalkStats,
  WalkStatsSchema,
} from '@jesus-walks/contracts/events';
import {
  identityHeaders,
  internalHeader,
  startTestService,
  type TestService,
  testAdmin,
  testUser,
} from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentAndEventsDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { insertTestEvent } from '../../testing/helpers';
import { generousClientLimits } from '../rate-limits/rate-limits.testing';

// Seats of paid walks paid at checkout, as the admin sees them: the registrations list and CSV say
// what was paid and mark what the sandbox took (no real money), and the overview's walk figures
// count the real ones and the test ones apart.

let content: TestService<Env, ContentAndEventsDatabase>;

beforeAll(async () => {
  content = await startTestService(service, generousClientLimits);
});
afterAll(() => content.close());

let payers = 0;

/** A seat quoted and paid through the internal routes, as payments drives them. */
async function paidSeat(eventId: number, price: string, testMode?: boolean) {
  payers += 1;
  const quote = await content.app.inject({
    method: 'POST',
    url: '/internal/event-quotes',
    headers: internalHeader,
    payload: {
      eventId,
      buyer: { name: `Payer ${payers}`, email: `seat-payer${payers}@example.com` },
      holder: { address: '127.0.0.1', userId: null },
    },
  });
  expect(quote.statusCode, quote.body).toBe(201);
  const { quoteId, registrationId } = EventQuoteSchema.parse(quote.json());
  const fulfil = await content.app.inject({
    method: 'POST',
    url: `/internal/event-quotes/${quoteId}/fulfil`,
    headers: internalHeader,
    payload: {
      paymentId: randomUUID(),
      amountPaid: price,
      paymentMethod: 'stripe',
      buyer: { userId: null, email: null, fullName: null, phone: null },
      shippingAddress: {},
      ...(testMode === undefined ? {} : { testMode }),
    },
  });
  expect(fulfil.statusCode, fulfil.body).toBe(200);
  return registrationId;
}

async function asAdmin(method: 'GET', url: string) {
  return content.app.inject({ method, url, headers: await identityHeaders(testAdmin, method, url) });
}

/**
 * An admin cancels a paid seat: through payments' Cancel and refund, which cancels it here first
 * (this service's own DELETE refuses a paid registration).
 */
async function cancelAsAdmin(eventId: number, registrationId: number) {
  return content.app.inject({
    method: 'POST',
    url: '/internal/registrations/cancel',
    headers: internalHeader,
    payload: { eventId, by: { kind: 'member', identity: testAdmin, registrationId } },
  });
}

async function stats(days = 7): Promise<WalkStats> {
  const response = await asAdmin('GET', `/api/admin/events/stats?days=${days}`);
  expect(response.statusCode, response.body).toBe(200);
  return WalkStatsSchema.parse(response.json());
}

const cents = (text: string) => Math.round(Number(text) * 100);

describe('seats paid in test mode', () => {
  it('are recorded from the fulfil call, and a fulfil that does not say so is a real payment', async () => {
    const eventId = await insertTestEvent(content.db, { price: 25, capacity: 5 });
    const sandbox = await paidSeat(eventId, '25.00', true);
    const real = await paidSeat(eventId, '25.00');
    const rows = await content.db
      .selectFrom('registrations')
      .select(['id', 'testMode'])
      .where('id', 'in', [sandbox, real])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: sandbox, testMode: true },
      { id: real, testMode: false },
    ]);
  });

  it('are marked in the admin list and the CSV, with what was paid', async () => {
    const eventId = await insertTestEvent(content.db, { price: 30, capacity: 5 });
    const sandbox = await paidSeat(eventId, '30.00', true);
    const real = await paidSeat(eventId, '30.00', false);
    const list = EventRegistrationsSchema.parse(
      (await asAdmin('GET', `/api/events/${eventId}/registrations`)).json(),
    );
    expect(list.registrations.map((r) => [r.id, r.status, r.amountPaid, r.testMode])).toEqual([
      [sandbox, 'confirmed', '30.00', true],
      [real, 'confirmed', '30.00', false],
    ]);

    const lines = (await asAdmin('GET', `/api/events/${eventId}/registrations.csv`)).body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    // The columns by name (no field here holds a comma): what was paid, and whether in test mode.
    const header = lines[0]?.split(',') ?? [];
    const paidAndTestMode = (id: number) => {
      const cells = lines.find((line) => line.startsWith(`${id},`))?.split(',') ?? [];
      return [cells[header.indexOf('Paid')], cells[header.indexOf('Test mode')]];
    };
    expect(header.indexOf('Test mode')).toBe(header.indexOf('Paid') + 1);
    expect(paidAndTestMode(sandbox)).toEqual(['30.00', 'yes']);
    expect(paidAndTestMode(real)).toEqual(['30.00', 'no']);
  });

  it('are named so in the activity record when an admin cancels one', async () => {
    const eventId = await insertTestEvent(content.db, { price: 12, capacity: 5 });
    const sandbox = await paidSeat(eventId, '12.00', true);
    const real = await paidSeat(eventId, '12.00', false);
    for (const id of [sandbox, real]) {
      expect((await cancelAsAdmin(eventId, id)).statusCode).toBe(200);
    }
    const labelOf = async (id: number) => {
      const response = await content.app.inject({
        url: `/internal/audit-log/content-and-events?targetType=registration&targetId=${id}`,
        headers: internalHeader,
      });
      return (response.json() as { entries: AuditEntry[] }).entries[0]?.target.label;
    };
    expect(await labelOf(sandbox)).toMatch(/ \(test mode\)$/);
    expect(await labelOf(real)).not.toMatch(/test mode/);
  });
});

describe('GET /api/admin/events/stats', () => {
  it('adds up the seats paid at checkout that are still confirmed, per valley day, test mode apart', async () => {
    const before = await stats();
    expect(before.days).toBe(7);
    expect(before.perDay).toHaveLength(7);
    const eventId = await insertTestEvent(content.db, { price: 40, capacity: 10 });
    await paidSeat(eventId, '40.00');
    await paidSeat(eventId, '40.00');
    const cancelled = await paidSeat(eventId, '40.00');
    await paidSeat(eventId, '40.00', true);
    expect((await cancelAsAdmin(eventId, cancelled)).statusCode).toBe(200);
    // A seat to be paid on the day is no revenue yet.
    const onTheDay = await content.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/registrations`,
      payload: { name: 'Day Payer', email: 'day-payer@example.com' },
    });
    expect(onTheDay.json().status).toBe('pending_payment');

    const after = await stats();
    expect(after.paidRegistrations).toBe(before.paidRegistrations + 2);
    expect(cents(after.revenue) - cents(before.revenue)).toBe(8000);
    expect(after.testMode.count).toBe(before.testMode.count + 1);
    expect(cents(after.testMode.revenue) - cents(before.testMode.revenue)).toBe(4000);
    const today = after.perDay.at(-1);
    expect(today?.registrations).toBe((before.perDay.at(-1)?.registrations ?? 0) + 2);
    expect(cents(today?.revenue ?? '0') - cents(before.perDay.at(-1)?.revenue ?? '0')).toBe(8000);
    expect(after.perDay.slice(0, 6).every((day) => day.registrations === 0 && day.revenue === '0.00')).toBe(
      true,
    );
  });

  it('answers 401 anonymous, 403 for a member and 400 for a period out of range', async () => {
    const url = '/api/admin/events/stats';
    expect((await content.app.inject({ url })).statusCode).toBe(401);
    expect(
      (await content.app.inject({ url, headers: await identityHeaders(testUser, 'GET', url) })).statusCode,
    ).toBe(403);
    expect((await asAdmin('GET', `${url}?days=0`)).statusCode).toBe(400);
    expect((await asAdmin('GET', `${url}?days=366`)).statusCode).toBe(400);
  });
});
