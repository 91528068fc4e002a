import { RegistrationSchema } from '@jesus-walks/contracts/events';
import { identityHeaders, startTestService, type TestService } from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentAndEventsDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { insertTestEvent } from '../../testing/helpers';
import { generousClientLimits } from '../rate-limits/rate-limits.testing';

let content: TestService<Env, ContentAndEventsDatabase>;

beforeAll(async () => {
  content = await startTestService(service, generousClientLimits);
});
afterAll(() => content.close());

async function countByStatus(eventId: number): Promise<Record<string, number>> {
  const rows = await content.db
    .selectFrom('registrations')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .where('eventId', '=', eventId)
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.status, row.count]));
}

describe('capacity under concurrency', () => {
  it('gives 40 simultaneous registrations for 10 seats exactly 10 seats and 30 waitlist places', async () => {
    const eventId = await insertTestEvent(content.db, { capacity: 10 });
    const responses = await Promise.all(
      Array.from({ length: 40 }, async (_, i) =>
        content.app.inject({
          method: 'POST',
          url: `/api/events/${eventId}/registrations`,
          // Half members, half guests: both paths take the same lock.
          ...(i % 2 === 0
            ? {
                headers: await identityHeaders(
                  { id: 7000 + i, username: `walker${i}`, isAdmin: false },
                  'POST',
                  `/api/events/${eventId}/registrations`,
                ),
                payload: {},
              }
            : { payload: { name: `Guest ${i}`, email: `guest${i}@example.com` } }),
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(40).fill(201));
    const registrations = responses.map((response) => RegistrationSchema.parse(response.json()));
    expect(registrations.filter((r) => r.status === 'confirmed')).toHaveLength(10);
    const waitlisted = registrations.filter((r) => r.status === 'waitlisted');
    expect(waitlisted).toHaveLength(30);
    // Every waitlist position from 1 to 30 handed out exactly once.
    expect(waitlisted.map((r) => r.waitlistPosition).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    expect(await countByStatus(eventId)).toEqual({ confirmed: 10, waitlisted: 30 });

    const event = await content.app.inject({ url: `/api/events/${eventId}` });
    expect(event.json()).toMatchObject({ seatsTaken: 10, seatsLeft: 0, waitlistCount: 30 });

    // A cancellation promotes exactly one: the first in line.
    const firstInLine = waitlisted.find((r) => r.waitlistPosition === 1);
    const seatHolder = registrations.find((r) => r.status === 'confirmed');
    const cancel = await content.app.inject({
      method: 'DELETE',
      url: `/api/events/${eventId}/registrations/${seatHolder?.id}`,
      headers: await identityHeaders(
        { id: 900_999, username: 'admin', isAdmin: true },
        'DELETE',
        `/api/events/${eventId}/registrations/${seatHolder?.id}`,
      ),
    });
    expect(cancel.statusCode).toBe(200);
    expect(await countByStatus(eventId)).toEqual({ cancelled: 1, confirmed: 10, waitlisted: 29 });
    const promoted = await content.db
      .selectFrom('registrations')
      .select('status')
      .where('id', '=', firstInLine?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(promoted.status).toBe('confirmed');
  });

  it('promotes exactly one per cancellation even when cancellations race each other', async () => {
    const eventId = await insertTestEvent(content.db, { capacity: 3 });
    const registrations = [];
    for (let i = 0; i < 8; i++) {
      const response = await content.app.inject({
        method: 'POST',
        url: `/api/events/${eventId}/registrations`,
        payload: { name: `Racer ${i}`, email: `racer${i}@example.com` },
      });
      registrations.push(RegistrationSchema.parse(response.json()));
    }
    const seatHolders = registrations.filter((r) => r.status === 'confirmed');
    expect(seatHolders).toHaveLength(3);
    const admin = (url: string) =>
      identityHeaders({ id: 900_998, username: 'admin', isAdmin: true }, 'DELETE', url);
    const responses = await Promise.all(
      seatHolders.map(async (r) =>
        content.app.inject({
          method: 'DELETE',
          url: `/api/events/${eventId}/registrations/${r.id}`,
          headers: await admin(`/api/events/${eventId}/registrations/${r.id}`),
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(await countByStatus(eventId)).toEqual({ cancelled: 3, confirmed: 3, waitlisted: 2 });
    const promotedIds = (
      await content.db
        .selectFrom('registrations')
        .select('id')
        .where('eventId', '=', eventId)
        .where('status', '=', 'confirmed')
        .orderBy('id')
        .execute()
    ).map((row) => row.id);
    expect(promotedIds).toEqual(registrations.slice(3, 6).map((r) => r.id));
  });
});
