import { randomUUID } from 'node:crypto';
import type { Identity } from '@jesus-walks/contracts/common';
import {
  EventQuoteSchema,
  type InternalCancelRegistrationBody,
  MyRegistrationSchema,
  RegistrationCancellationSchema,
} from '@jesus-walks/contracts/events';
import { FulfilmentSchema } from '@jesus-walks/contracts/payable';
import {
  identityHeaders,
  internalHeader,
  startTestService,
  type TestService,
  testAdmin,
} from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ContentAndEventsDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import {
  daysFromNow,
  generousSeatHoldLimits,
  insertTestEvent,
  outboxFor,
  startFakeIdentity,
  tokenOfLink,
} from '../../testing/helpers';
import { generousClientLimits } from '../rate-limits/rate-limits.testing';

// A registration paid at checkout is cancelled only through payments' Cancel and refund (issue 23):
// this service's own routes refuse it (409), and its internal cancel, which payments calls first,
// decides who may, frees the seat and answers the payment to refund. payments' side, with the real
// checkout and the sandbox's refund, is registration-payments.integration-test.ts in payments.

let content: TestService<Env, ContentAndEventsDatabase>;
let identity: Awaited<ReturnType<typeof startFakeIdentity>>;

const martha: Identity = { id: 7101, username: 'martha', isAdmin: false };
const peter: Identity = { id: 7102, username: 'peter', isAdmin: false };

beforeAll(async () => {
  identity = await startFakeIdentity(
    [martha, peter].map((who) => ({ ...who, email: `${who.username}@example.com`, isVerified: true })),
  );
  content = await startTestService(service, {
    ...generousClientLimits,
    ...generousSeatHoldLimits,
    IDENTITY_URL: identity.url,
    PUBLIC_ORIGIN: 'https://walks.example',
  });
});
afterAll(async () => {
  await content?.close();
  await identity?.close();
});

let guests = 0;
function guest() {
  guests += 1;
  return { name: `Guest Payer ${guests}`, email: `guest-payer${guests}@example.com` };
}

/** A seat quoted and paid through the internal routes, as payments drives them. */
async function paidSeat(eventId: number, buyer: Identity | { name: string; email: string }) {
  const quote = await content.app.inject({
    method: 'POST',
    url: '/internal/event-quotes',
    headers: internalHeader,
    payload: {
      eventId,
      buyer: 'id' in buyer ? { userId: buyer.id } : buyer,
      holder: { address: '127.0.0.1', userId: 'id' in buyer ? buyer.id : null },
    },
  });
  expect(quote.statusCode, quote.body).toBe(201);
  const { quoteId, registrationId } = EventQuoteSchema.parse(quote.json());
  const paymentId = randomUUID();
  const fulfil = await content.app.inject({
    method: 'POST',
    url: `/internal/event-quotes/${quoteId}/fulfil`,
    headers: internalHeader,
    payload: {
      paymentId,
      amountPaid: '25.00',
      paymentMethod: 'stripe',
      buyer: { userId: 'id' in buyer ? buyer.id : null, email: null, fullName: null, phone: null },
      shippingAddress: {},
      testMode: true,
    },
  });
  expect(FulfilmentSchema.parse(fulfil.json()).outcome).toBe('fulfilled');
  return { registrationId, paymentId };
}

async function as(who: Identity | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return content.app.inject({
    method,
    url,
    headers: who ? await identityHeaders(who, method, url) : {},
    ...(payload ? { payload } : {}),
  });
}

function cancelForRefund(body: InternalCancelRegistrationBody) {
  return content.app.inject({
    method: 'POST',
    url: '/internal/registrations/cancel',
    headers: internalHeader,
    payload: body,
  });
}

const byMember = (
  eventId: number,
  who: Identity,
  registrationId: number,
): InternalCancelRegistrationBody => ({
  eventId,
  by: { kind: 'member', identity: who, registrationId },
});

const statusOf = async (id: number) =>
  (
    await content.db
      .selectFrom('registrations')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;

async function mine(who: Identity) {
  const response = await as(who, 'GET', '/api/events/my-registrations');
  expect(response.statusCode, response.body).toBe(200);
  return z.array(MyRegistrationSchema).parse(response.json());
}

describe("this service's own cancel routes and a paid registration", () => {
  it('refuse it with 409 and a message naming Cancel and refund, and change nothing', async () => {
    const eventId = await insertTestEvent(content.db, { price: 25, title: 'Paid Ridge' });
    const own = await paidSeat(eventId, martha);
    const url = `/api/events/${eventId}/registrations/${own.registrationId}`;
    for (const who of [martha, testAdmin]) {
      const refused = await as(who, 'DELETE', url);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toEqual({
        code: 'conflict',
        message: `This registration was paid online ($25.00), so cancelling it also refunds the payment: use Cancel and refund (POST /api/events/${eventId}/registrations/${own.registrationId}/cancel-and-refund).`,
      });
    }
    expect(await statusOf(own.registrationId)).toBe('confirmed');

    // A guest's receipt carries the link that cancels (and, through payments, refunds) it.
    const payer = guest();
    const theirs = await paidSeat(eventId, payer);
    const [receipt] = await outboxFor(content.db, payer.email);
    expect(receipt?.subject).toBe("You're registered: Paid Ridge (paid $25.00)");
    expect(receipt?.text).toContain(
      "Can't come after all? Cancel before the walk starts and your $25.00 is refunded in full: https://walks.example/events/",
    );
    const token = tokenOfLink(receipt?.text ?? '', `/events/${eventId}`);
    const byLink = await as(null, 'POST', `/api/events/${eventId}/registrations/cancel`, { token });
    expect(byLink.statusCode, byLink.body).toBe(409);
    expect(byLink.json().message).toBe(
      `This registration was paid online ($25.00), so cancelling it also refunds the payment: use Cancel and refund (POST /api/events/${eventId}/registrations/cancel-and-refund with this link's token).`,
    );
    expect(await statusOf(theirs.registrationId)).toBe('confirmed');
  });

  it("tell a member their receipt's way to cancel, and still cancel a free walk's registration", async () => {
    const paidWalk = await insertTestEvent(content.db, { price: 25, title: 'Receipt Walk' });
    await paidSeat(paidWalk, peter);
    await paidSeat(paidWalk, guest());
    const [receipt] = (await outboxFor(content.db, 'peter@example.com')).filter((mail) =>
      mail.subject.includes('Receipt Walk'),
    );
    expect(receipt?.text).toContain(
      "Can't come after all? Cancel from the event page or from My walks in your account before the walk starts, and your $25.00 is refunded in full.",
    );
    expect(receipt?.text).not.toContain('?cancel=');

    const freeWalk = await insertTestEvent(content.db, { price: 0 });
    const url = `/api/events/${freeWalk}/registrations`;
    const registered = await as(peter, 'POST', url, {});
    expect(registered.statusCode, registered.body).toBe(201);
    const cancelled = await as(peter, 'DELETE', `${url}/${registered.json().id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
  });
});

describe("POST /internal/registrations/cancel (payments' Cancel and refund)", () => {
  it("cancels the owner's paid registration, gives the seat to the first waitlisted and answers its payment, once", async () => {
    const eventId = await insertTestEvent(content.db, { price: 25, capacity: 1, title: 'One Seat Hill' });
    const own = await paidSeat(eventId, martha);
    const waiting = await as(null, 'POST', `/api/events/${eventId}/registrations`, guest());
    expect(waiting.json()).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });

    const first = await cancelForRefund(byMember(eventId, martha, own.registrationId));
    expect(first.statusCode, first.body).toBe(200);
    const cancellation = RegistrationCancellationSchema.parse(first.json());
    expect(cancellation).toMatchObject({
      registration: { id: own.registrationId, eventId, status: 'cancelled' },
      event: { id: eventId, title: 'One Seat Hill' },
      registrantUserId: martha.id,
      registrantName: 'martha',
      payment: { paymentId: own.paymentId, amountPaid: '25.00', testMode: true },
      cancelledNow: true,
      promoted: 1,
    });
    // The first on the waitlist has the seat (a paid walk's: to pay on the day).
    expect(await statusOf(waiting.json().id)).toBe('pending_payment');
    // The registrant is told it is cancelled, and that what they paid comes back.
    const [told] = (await outboxFor(content.db, 'martha@example.com')).filter(
      (mail) => mail.subject === 'Registration cancelled: One Seat Hill',
    );
    expect(told?.text).toContain('The $25.00 you paid online is being refunded in full.');

    // Asked again, and several at once: answered as it is, with the same payment, nothing moved.
    const again = await Promise.all(
      Array.from({ length: 4 }, () => cancelForRefund(byMember(eventId, martha, own.registrationId))),
    );
    for (const response of again) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        cancelledNow: false,
        promoted: 0,
        payment: { paymentId: own.paymentId },
      });
    }
    expect(await statusOf(waiting.json().id)).toBe('pending_payment');
  });

  it('of several at once exactly one cancels and promotes', async () => {
    const eventId = await insertTestEvent(content.db, { price: 25, capacity: 1 });
    const own = await paidSeat(eventId, peter);
    const waiting = await as(null, 'POST', `/api/events/${eventId}/registrations`, guest());
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => cancelForRefund(byMember(eventId, peter, own.registrationId))),
    );
    const answers = responses.map((response) => RegistrationCancellationSchema.parse(response.json()));
    expect(answers.filter((answer) => answer.cancelledNow)).toHaveLength(1);
    expect(answers.reduce((sum, answer) => sum + answer.promoted, 0)).toBe(1);
    expect(new Set(answers.map((answer) => answer.payment?.paymentId))).toEqual(new Set([own.paymentId]));
    expect(await statusOf(waiting.json().id)).toBe('pending_payment');
  });

  it("answers 404 for someone else's registration, lets an admin cancel it, and a guest by their link", async () => {
    const eventId = await insertTestEvent(content.db, { price: 25, title: 'Admin Walk' });
    const own = await paidSeat(eventId, martha);
    const notTheirs = await cancelForRefund(byMember(eventId, peter, own.registrationId));
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json()).toEqual({ code: 'not_found', message: 'Registration not found' });
    expect(await statusOf(own.registrationId)).toBe('confirmed');

    const byAdmin = await cancelForRefund(byMember(eventId, testAdmin, own.registrationId));
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    // identity names the registrant for the admin's messages and record.
    expect(byAdmin.json()).toMatchObject({ registrantName: 'martha', cancelledNow: true });
    const record = await content.app.inject({
      url: `/internal/audit-log/content-and-events?targetType=registration&targetId=${own.registrationId}`,
      headers: internalHeader,
    });
    expect(record.json().entries).toMatchObject([
      {
        action: 'registration.cancelled',
        actor: { id: testAdmin.id },
        target: { label: 'martha (test mode)' },
        summary: 'Cancelled martha\'s registration for "Admin Walk".',
      },
    ]);

    const payer = guest();
    const theirs = await paidSeat(eventId, payer);
    const [receipt] = await outboxFor(content.db, payer.email);
    const token = tokenOfLink(receipt?.text ?? '', `/events/${eventId}`);
    const badLink = await cancelForRefund({ eventId, by: { kind: 'guest-link', token: `${token}x` } });
    expect(badLink.statusCode).toBe(400);
    expect(badLink.json().message).toBe('This cancellation link is not valid.');
    const otherEvent = await cancelForRefund({
      eventId: eventId + 100_000,
      by: { kind: 'guest-link', token },
    });
    expect(otherEvent.statusCode).toBe(400);
    const byLink = await cancelForRefund({ eventId, by: { kind: 'guest-link', token } });
    expect(byLink.statusCode, byLink.body).toBe(200);
    expect(byLink.json()).toMatchObject({
      registration: { id: theirs.registrationId, status: 'cancelled' },
      registrantUserId: null,
      registrantName: payer.name,
      payment: { paymentId: theirs.paymentId },
    });
  });

  it('refuses once the walk has started (422), but answers one cancelled before it as it is', async () => {
    const eventId = await insertTestEvent(content.db, { price: 25 });
    const started = await paidSeat(eventId, martha);
    const cancelledBefore = await paidSeat(eventId, guest());
    const guestRow = await content.db
      .selectFrom('registrations')
      .select('userId')
      .where('id', '=', cancelledBefore.registrationId)
      .executeTakeFirstOrThrow();
    expect(guestRow.userId).toBeNull();
    expect(
      (await cancelForRefund(byMember(eventId, testAdmin, cancelledBefore.registrationId))).statusCode,
    ).toBe(200);
    await content.db
      .updateTable('events')
      .set({ date: daysFromNow(-0.01) })
      .where('id', '=', eventId)
      .execute();

    const late = await cancelForRefund(byMember(eventId, martha, started.registrationId));
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe('This event has already taken place.');
    expect(await statusOf(started.registrationId)).toBe('confirmed');
    // Its refund may still be claimed by a repeated request.
    const repeated = await cancelForRefund(byMember(eventId, testAdmin, cancelledBefore.registrationId));
    expect(repeated.json()).toMatchObject({
      cancelledNow: false,
      payment: { paymentId: cancelledBefore.paymentId },
    });
  });
});

describe("a paid registration in the member's list", () => {
  it('says what was paid, whether cancelling refunds it, and that a cancelled one was refunded', async () => {
    const upcoming = await insertTestEvent(content.db, { price: 25, title: 'Upcoming Paid' });
    const past = await insertTestEvent(content.db, { price: 25, title: 'Past Paid' });
    const free = await insertTestEvent(content.db, { price: 0, title: 'Free For All' });
    const seat = await paidSeat(upcoming, peter);
    await paidSeat(past, peter);
    await content.db
      .updateTable('events')
      .set({ date: daysFromNow(-1) })
      .where('id', '=', past)
      .execute();
    await as(peter, 'POST', `/api/events/${free}/registrations`, {});

    const byTitle = async () => new Map((await mine(peter)).map((entry) => [entry.event.title, entry]));
    let list = await byTitle();
    expect(list.get('Upcoming Paid')?.payment).toEqual({
      amount: '25.00',
      testMode: true,
      refundable: true,
      refunded: false,
    });
    expect(list.get('Past Paid')?.payment).toMatchObject({ refundable: false, refunded: false });
    expect(list.get('Free For All')?.payment).toBeNull();

    await cancelForRefund(byMember(upcoming, peter, seat.registrationId));
    list = await byTitle();
    expect(list.get('Upcoming Paid')).toMatchObject({
      status: 'cancelled',
      payment: { amount: '25.00', refundable: false, refunded: true },
    });
  });

  it('starts unpaid again when it is taken up after its refund: paid anew at checkout, or on the day', async () => {
    const eventId = await insertTestEvent(content.db, { price: 25, title: 'Second Chance' });
    const first = await paidSeat(eventId, martha);
    await cancelForRefund(byMember(eventId, martha, first.registrationId));
    // Paid again through checkout: the same registration, its new payment (not refused as paid).
    const second = await paidSeat(eventId, martha);
    expect(second.registrationId).toBe(first.registrationId);
    const row = await content.db
      .selectFrom('registrations')
      .select(['status', 'paymentId', 'amountPaid'])
      .where('id', '=', first.registrationId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'confirmed', paymentId: second.paymentId, amountPaid: '25.00' });

    // Cancelled with its refund again, then registered to pay on the day: nothing paid online.
    await cancelForRefund(byMember(eventId, martha, first.registrationId));
    const onTheDay = await as(martha, 'POST', `/api/events/${eventId}/registrations`, {});
    expect(onTheDay.json()).toMatchObject({ id: first.registrationId, status: 'pending_payment' });
    const entry = (await mine(martha)).find((registration) => registration.id === first.registrationId);
    expect(entry?.payment).toBeNull();
    // So this service's own route cancels it as before.
    const cancelled = await as(
      martha,
      'DELETE',
      `/api/events/${eventId}/registrations/${first.registrationId}`,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
  });
});
