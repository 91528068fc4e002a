import { service as contentService } from '@jesus-walks/content-and-events/service';
import {
  daysFromNow,
  generousSeatHoldLimits,
  insertTestEvent,
  startFakeIdentity,
  tokenOfLink,
} from '@jesus-walks/content-and-events/testing';
import { EventPaymentIntentResponseSchema } from '@jesus-walks/contracts/checkout';
import type { Identity } from '@jesus-walks/contracts/common';
import { MyRegistrationSchema } from '@jesus-walks/contracts/events';
import { RegistrationCancelAndRefundResultSchema } from '@jesus-walks/contracts/payments';
import { jobsOf, queuedMailFor, waitForJobs } from '@jesus-walks/test-kit/jobs';
import { identityHeaders, startTestService, testAdmin } from '@jesus-walks/test-kit/test-service';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type CheckoutStack, startCheckoutStack } from '../../testing/checkout-stack.testing';
import { REFUND_PAYMENT_QUEUE } from '../finalisation/finalisation.service';
import { SANDBOX_WEBHOOK_QUEUE } from '../providers/sandbox/sandbox.service';
import { WALK_REFUNDS_QUEUE } from './registration-payments.service';

/**
 * Cancel and refund of a registration paid through the real checkout (issue 23), against the real
 * content-and-events over HTTP: content-and-events cancels it (who may, the seat to the waitlist)
 * through its internal cancel, then payments claims the refund once, records it, queues the
 * refund job (run through the sandbox here) and e-mails the payer, as 'Cancel and refund' does for
 * an order.
 */

type ContentService = Awaited<ReturnType<typeof startContent>>;
const startContent = (identityUrl: string) =>
  startTestService(contentService, {
    ...generousSeatHoldLimits,
    GUEST_REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000',
    GUEST_REGISTRATIONS_PER_EVENT_PER_ADDRESS_PER_DAY: '100000',
    MEMBER_REGISTRATIONS_PER_HOUR: '100000',
    IDENTITY_URL: identityUrl,
    PUBLIC_ORIGIN: 'https://walks.example',
  });

const martha: Identity = { id: 8101, username: 'martha', isAdmin: false };
const peter: Identity = { id: 8102, username: 'peter', isAdmin: false };

let identity: Awaited<ReturnType<typeof startFakeIdentity>>;
let content: ContentService;
let stack: CheckoutStack;

beforeAll(async () => {
  identity = await startFakeIdentity(
    [martha, peter].map((who) => ({ ...who, email: `${who.username}@example.com`, isVerified: true })),
  );
  content = await startContent(identity.url);
  await content.app.listen({ host: '127.0.0.1', port: 0 });
  const address = content.app.server.address();
  if (!address || typeof address === 'string') throw new Error('content-and-events is not listening');
  stack = await startCheckoutStack({ CONTENT_AND_EVENTS_URL: `http://127.0.0.1:${address.port}` });
});
afterAll(async () => {
  await stack?.close();
  await content?.close();
  await identity?.close();
});

let payers = 0;

/**
 * A seat paid through the real checkout with the sandbox's 4242 card, by a member (the intent's
 * x-identity) or a guest; the payer's contact goes with the payment, as the web sends it.
 */
async function paidSeat(eventId: number, member: Identity | null = null) {
  payers += 1;
  const contact = member
    ? { fullName: `${member.username} Walker`, email: `${member.username}-receipts@example.com` }
    : { fullName: `Guest Payer ${payers}`, email: `refund-guest${payers}@example.com` };
  const url = '/api/checkout/event-payment-intent';
  const intentResponse = await stack.payments.app.inject({
    method: 'POST',
    url,
    headers: member ? await identityHeaders(member, 'POST', url) : {},
    payload: { eventId, ...contact, paymentMethod: 'stripe' },
  });
  expect(intentResponse.statusCode, intentResponse.body).toBe(201);
  const intent = EventPaymentIntentResponseSchema.parse(intentResponse.json());
  const paid = await stack.payments.app.inject({
    method: 'POST',
    url: '/api/checkout/sandbox/confirm',
    payload: {
      clientSecret: intent.clientSecret,
      cardNumber: '4242424242424242',
      expiry: '12/40',
      cvc: '123',
      contact,
    },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const completed = await stack.payments.app.inject({
    method: 'POST',
    url: '/api/checkout/complete-registration',
    payload: { paymentId: intent.paymentId },
  });
  expect(completed.statusCode, completed.body).toBe(201);
  // The sandbox's own payment_intent.succeeded reaches the same finalisation: let it settle.
  await waitForJobs(stack.payments.db, { timeoutMs: 20_000 });
  return { paymentId: intent.paymentId, registrationId: intent.registrationId, payer: contact };
}

/** The member's (or an admin's) Cancel and refund, with the x-identity the gateway would sign. */
async function cancelAndRefund(
  who: Identity | null,
  eventId: number,
  registrationId: number,
  payload: object = {},
) {
  const url = `/api/events/${eventId}/registrations/${registrationId}/cancel-and-refund`;
  return stack.payments.app.inject({
    method: 'POST',
    url,
    headers: await identityHeaders(who, 'POST', url),
    payload,
  });
}

function guestCancelAndRefund(eventId: number, token: string) {
  return stack.payments.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/registrations/cancel-and-refund`,
    payload: { token },
  });
}

async function contentCall(
  who: Identity | null,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) {
  return content.app.inject({
    method,
    url,
    headers: who ? await identityHeaders(who, method, url) : {},
    ...(payload ? { payload } : {}),
  });
}

const registration = (id: number) =>
  content.db.selectFrom('registrations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const paymentRow = (id: string) =>
  stack.payments.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const refundJobsOf = async (paymentId: string) =>
  (await jobsOf(stack.payments.db, REFUND_PAYMENT_QUEUE)).filter(
    (job) => (job.data as { paymentId: string }).paymentId === paymentId,
  );
/** The sandbox's charge.refunded events for a payment: one per refund it made. */
const sandboxRefundsOf = async (paymentId: string) =>
  (await jobsOf(stack.payments.db, SANDBOX_WEBHOOK_QUEUE)).filter((job) => {
    const event = (
      job.data as { event: { type: string; data: { object: { metadata?: { paymentId?: string } } } } }
    ).event;
    return event.type === 'charge.refunded' && event.data.object.metadata?.paymentId === paymentId;
  });
const auditOf = (paymentId: string) =>
  stack.payments.db
    .selectFrom('auditLog')
    .selectAll()
    .where('targetType', '=', 'payment')
    .where('targetId', '=', paymentId)
    .execute();
const refundMailTo = async (email: string, title: string) =>
  (await queuedMailFor(stack.payments.db, email)).filter((mail) => mail.subject.endsWith(title));

async function myRegistration(who: Identity, registrationId: number) {
  const response = await contentCall(who, 'GET', '/api/events/my-registrations');
  expect(response.statusCode, response.body).toBe(200);
  return z
    .array(MyRegistrationSchema)
    .parse(response.json())
    .find((entry) => entry.id === registrationId);
}

/** Everything one refund leaves behind, exactly once: the job run, the sandbox's refund, the record, the e-mail. */
async function expectRefundedOnce(paymentId: string, payerEmail: string, title: string) {
  await waitForJobs(stack.payments.db, { timeoutMs: 20_000 });
  const payment = await paymentRow(paymentId);
  expect(payment).toMatchObject({ status: 'refunded', refundStatus: 'refunded' });
  expect(payment.refundReference).toMatch(/^re_sandbox_/);
  const intent = await stack.payments.db
    .selectFrom('sandboxIntents')
    .select('refundId')
    .where('id', '=', payment.providerReference)
    .executeTakeFirstOrThrow();
  expect(intent.refundId).toBe(payment.refundReference);
  expect(await refundJobsOf(paymentId)).toHaveLength(1);
  expect(await sandboxRefundsOf(paymentId)).toHaveLength(1);
  expect(await auditOf(paymentId)).toHaveLength(1);
  expect(await refundMailTo(payerEmail, title)).toHaveLength(1);
}

describe('a member cancels their paid registration', () => {
  it('cancels it, gives the seat to the first waitlisted, refunds it once through the sandbox and e-mails the payer', async () => {
    const eventId = await insertTestEvent(content.db, { price: 25, capacity: 1, title: 'Refund Ridge' });
    const seat = await paidSeat(eventId, martha);
    const waiting = await contentCall(peter, 'POST', `/api/events/${eventId}/registrations`, {});
    expect(waiting.json()).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    // What the member's page shows before: paid, and cancelling refunds it.
    expect((await myRegistration(martha, seat.registrationId))?.payment).toEqual({
      amount: '25.00',
      testMode: true,
      refundable: true,
      refunded: false,
    });
    // content-and-events' own route refuses it: the money would stay taken.
    const refused = await contentCall(
      martha,
      'DELETE',
      `/api/events/${eventId}/registrations/${seat.registrationId}`,
    );
    expect(refused.statusCode).toBe(409);

    const response = await cancelAndRefund(martha, eventId, seat.registrationId);
    expect(response.statusCode, response.body).toBe(200);
    expect(RegistrationCancelAndRefundResultSchema.parse(response.json())).toEqual({
      registrationId: seat.registrationId,
      eventId,
      registrationStatus: 'cancelled',
      payment: {
        paymentId: seat.paymentId,
        paymentMethod: 'stripe',
        provider: 'sandbox',
        amount: '25.00',
        status: 'succeeded',
        refundStatus: 'requested',
        refundReason: 'Cancelled by the registrant',
        testMode: true,
      },
      message:
        'Your registration for Refund Ridge is cancelled. Your payment of $25.00 is being refunded; it was made in test mode, so no real money was taken.',
    });
    expect(await registration(seat.registrationId)).toMatchObject({ status: 'cancelled' });
    expect(await registration(waiting.json().id)).toMatchObject({ status: 'pending_payment' });

    await expectRefundedOnce(seat.paymentId, seat.payer.email, 'Refund Ridge');
    const [entry] = await auditOf(seat.paymentId);
    expect(entry).toMatchObject({
      action: 'payment.refund_requested',
      actorId: martha.id,
      actorUsername: 'martha',
      targetLabel: `Registration #${seat.registrationId} for "Refund Ridge" (test mode)`,
      summary:
        'Cancelled martha\'s registration for "Refund Ridge" at their request and refunded $25.00 by the sandbox (test mode)',
      changes: {
        refundStatus: { from: null, to: 'requested' },
        refundReason: { from: null, to: 'Cancelled by the registrant' },
      },
    });
    const [mail] = await refundMailTo(seat.payer.email, 'Refund Ridge');
    expect(mail?.subject).toBe('Registration cancelled and refunded: Refund Ridge');
    expect(mail?.text).toContain('Hi martha Walker,');
    expect(mail?.text).toContain('Your registration for Refund Ridge has been cancelled.\n');
    expect(mail?.text).toContain('Your payment of $25.00 has been refunded. It was made in test mode');
    expect((await myRegistration(martha, seat.registrationId))?.payment).toMatchObject({
      refundable: false,
      refunded: true,
    });

    // Asked again: the refund as it stands, nothing refunded, recorded or sent twice.
    const again = await cancelAndRefund(martha, eventId, seat.registrationId);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      payment: { status: 'refunded', refundStatus: 'refunded' },
      message: 'Your registration for Refund Ridge is cancelled; your payment of $25.00 has been refunded.',
    });
    await expectRefundedOnce(seat.paymentId, seat.payer.email, 'Refund Ridge');
    expect(await registration(waiting.json().id)).toMatchObject({ status: 'pending_payment' });
  });

  it('5 requests at once: one refund, one record, one e-mail, one seat given', async () => {
    const eventId = await insertTestEvent(content.db, { price: 30, capacity: 1, title: 'Busy Bluff' });
    const seat = await paidSeat(eventId, peter);
    const waiting = await contentCall(null, 'POST', `/api/events/${eventId}/registrations`, {
      name: 'Next In Line',
      email: 'next-in-line@example.com',
    });
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => cancelAndRefund(peter, eventId, seat.registrationId)),
    );
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        registrationId: seat.registrationId,
        registrationStatus: 'cancelled',
        payment: { paymentId: seat.paymentId, amount: '30.00' },
      });
    }
    await expectRefundedOnce(seat.paymentId, seat.payer.email, 'Busy Bluff');
    expect(await registration(waiting.json().id)).toMatchObject({ status: 'pending_payment' });
  });

  it('another member cannot cancel it (404), and after the walk has started nobody can (422)', async () => {
    const eventId = await insertTestEvent(content.db, { price: 20, title: 'Not Yours' });
    const seat = await paidSeat(eventId, martha);
    const other = await cancelAndRefund(peter, eventId, seat.registrationId);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ code: 'not_found', message: 'Registration not found' });
    expect((await cancelAndRefund(null, eventId, seat.registrationId)).statusCode).toBe(401);

    await content.db
      .updateTable('events')
      .set({ date: daysFromNow(-0.01) })
      .where('id', '=', eventId)
      .execute();
    const late = await cancelAndRefund(martha, eventId, seat.registrationId);
    expect(late.statusCode).toBe(422);
    expect(late.json()).toEqual({ code: 'business_rule', message: 'This event has already taken place.' });

    await waitForJobs(stack.payments.db, { timeoutMs: 20_000 });
    expect(await registration(seat.registrationId)).toMatchObject({ status: 'confirmed' });
    expect(await paymentRow(seat.paymentId)).toMatchObject({ status: 'succeeded', refundStatus: null });
    expect(await refundJobsOf(seat.paymentId)).toEqual([]);
    expect(await auditOf(seat.paymentId)).toEqual([]);
  });

  it("a free walk's registration: the old route cancels it as before, and Cancel and refund has nothing to refund", async () => {
    const eventId = await insertTestEvent(content.db, { price: 0, title: 'Free Fields' });
    const first = await contentCall(martha, 'POST', `/api/events/${eventId}/registrations`, {});
    const cancelled = await contentCall(
      martha,
      'DELETE',
      `/api/events/${eventId}/registrations/${first.json().id}`,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });

    const again = await contentCall(martha, 'POST', `/api/events/${eventId}/registrations`, {});
    const response = await cancelAndRefund(martha, eventId, again.json().id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      registrationId: again.json().id,
      eventId,
      registrationStatus: 'cancelled',
      payment: null,
      message: 'Your registration for Free Fields is cancelled.',
    });
  });
});

describe('a guest cancels with the link of their confirmation e-mail', () => {
  it('is refunded once; the old link route refuses it, and a link that is not valid is a 400', async () => {
    const eventId = await insertTestEvent(content.db, { price: 15, title: 'Guest Gorge' });
    const seat = await paidSeat(eventId);
    await waitForJobs(content.db, { timeoutMs: 20_000 });
    const [receipt] = await queuedMailFor(content.db, seat.payer.email);
    expect(receipt?.subject).toBe("You're registered: Guest Gorge (paid $15.00)");
    const token = tokenOfLink(receipt?.text ?? '', `/events/${eventId}`);

    const old = await contentCall(null, 'POST', `/api/events/${eventId}/registrations/cancel`, { token });
    expect(old.statusCode).toBe(409);
    const forged = await guestCancelAndRefund(eventId, `${token}x`);
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ code: 'bad_request', message: 'This cancellation link is not valid.' });

    const response = await guestCancelAndRefund(eventId, token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      registrationId: seat.registrationId,
      registrationStatus: 'cancelled',
      payment: { paymentId: seat.paymentId, refundStatus: 'requested' },
      message:
        'Your registration for Guest Gorge is cancelled. Your payment of $15.00 is being refunded; it was made in test mode, so no real money was taken.',
    });
    expect((await guestCancelAndRefund(eventId, token)).statusCode).toBe(200);
    await expectRefundedOnce(seat.paymentId, seat.payer.email, 'Guest Gorge');
    const [entry] = await auditOf(seat.paymentId);
    expect(entry).toMatchObject({
      actorId: null,
      summary: `Cancelled ${seat.payer.fullName}'s registration for "Guest Gorge" at their request (their e-mail's link) and refunded $15.00 by the sandbox (test mode)`,
    });
  });
});

describe("an admin cancels someone's paid registration", () => {
  it('with a reason: refunded once, the admin told in their words, the payer told why', async () => {
    const eventId = await insertTestEvent(content.db, { price: 40, capacity: 1, title: 'Storm Summit' });
    const seat = await paidSeat(eventId, martha);
    const waiting = await contentCall(peter, 'POST', `/api/events/${eventId}/registrations`, {});
    const response = await cancelAndRefund(testAdmin, eventId, seat.registrationId, {
      reason: 'The trail is closed',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      payment: { refundStatus: 'requested', refundReason: 'The trail is closed' },
      message:
        "Cancelled martha's registration for Storm Summit. The refund of $40.00 is on its way through the sandbox (test mode). Their seat went to the next person on the waitlist.",
    });
    await expectRefundedOnce(seat.paymentId, seat.payer.email, 'Storm Summit');
    expect(await registration(waiting.json().id)).toMatchObject({ status: 'pending_payment' });
    expect((await auditOf(seat.paymentId))[0]).toMatchObject({
      actorId: testAdmin.id,
      summary:
        'Cancelled martha\'s registration for "Storm Summit" and refunded $40.00 by the sandbox (test mode)',
    });
    const [mail] = await refundMailTo(seat.payer.email, 'Storm Summit');
    expect(mail?.text).toContain(
      'Your registration for Storm Summit has been cancelled. Reason: The trail is closed',
    );

    const again = await cancelAndRefund(testAdmin, eventId, seat.registrationId);
    expect(again.json().message).toBe(
      "martha's registration for Storm Summit is cancelled; its payment of $40.00 has been refunded.",
    );
    // content-and-events' own DELETE would have refused it as paid; once cancelled it is as it is.
    const deleted = await contentCall(
      testAdmin,
      'DELETE',
      `/api/events/${eventId}/registrations/${seat.registrationId}`,
    );
    expect(deleted.json()).toMatchObject({ status: 'cancelled' });
  });

  it('refuses a blank reason and unknown fields with 400, and the registration stays paid', async () => {
    const eventId = await insertTestEvent(content.db, { price: 10 });
    const seat = await paidSeat(eventId, peter);
    expect(
      (await cancelAndRefund(testAdmin, eventId, seat.registrationId, { reason: '  ' })).statusCode,
    ).toBe(400);
    expect(
      (await cancelAndRefund(testAdmin, eventId, seat.registrationId, { refundAmount: '1.00' })).statusCode,
    ).toBe(400);
    expect(await registration(seat.registrationId)).toMatchObject({ status: 'confirmed' });
  });
});

describe('a payment whose finalisation payments has not recorded yet', () => {
  it('is finalised first (the seller already confirmed it), then refunded once', async () => {
    const eventId = await insertTestEvent(content.db, { price: 18, title: 'Late Record' });
    const seat = await paidSeat(eventId, martha);
    // As if the process stopped after the seller's fulfil and before payments recorded it.
    await stack.payments.db
      .updateTable('payments')
      .set({ status: 'pending', registrationId: null })
      .where('id', '=', seat.paymentId)
      .execute();
    const response = await cancelAndRefund(martha, eventId, seat.registrationId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      payment: { paymentId: seat.paymentId, refundStatus: 'requested' },
    });
    await expectRefundedOnce(seat.paymentId, seat.payer.email, 'Late Record');
    expect(await paymentRow(seat.paymentId)).toMatchObject({ registrationId: seat.registrationId });
  });
});

describe('after its refund', () => {
  it('the member can pay for the walk again: a new seat, a new payment, refunded on its own', async () => {
    const eventId = await insertTestEvent(content.db, { price: 12, title: 'Second Wind' });
    const first = await paidSeat(eventId, peter);
    expect((await cancelAndRefund(peter, eventId, first.registrationId)).statusCode).toBe(200);
    const second = await paidSeat(eventId, peter);
    expect(second.registrationId).toBe(first.registrationId);
    expect(await registration(second.registrationId)).toMatchObject({
      status: 'confirmed',
      paymentId: second.paymentId,
    });
    const response = await cancelAndRefund(peter, eventId, second.registrationId);
    expect(response.json()).toMatchObject({
      payment: { paymentId: second.paymentId, refundStatus: 'requested' },
    });
    await waitForJobs(stack.payments.db, { timeoutMs: 20_000 });
    for (const paymentId of [first.paymentId, second.paymentId]) {
      expect(await paymentRow(paymentId)).toMatchObject({ status: 'refunded', refundStatus: 'refunded' });
      expect(await refundJobsOf(paymentId)).toHaveLength(1);
    }
  });
});

describe("a paid walk's cancellation policy", () => {
  it('refunds in full until the deadline; after it, the walker cancels without a refund and nobody is written to about one', async () => {
    // In 4 days, refunds until 2 days before: still within.
    const within = await insertTestEvent(content.db, {
      price: 30,
      title: 'Policy Point',
      date: daysFromNow(4),
      refundCutoffDays: 2,
    });
    const early = await paidSeat(within, martha);
    const shown = await content.app.inject({ url: `/api/events/${within}` });
    expect(shown.json()).toMatchObject({
      refundCutoffDays: 2,
      refundDeadline: new Date(Date.parse(shown.json().date) - 2 * 86_400_000).toISOString(),
    });
    expect((await myRegistration(martha, early.registrationId))?.payment).toMatchObject({ refundable: true });
    const refunded = await cancelAndRefund(martha, within, early.registrationId);
    expect(refunded.json()).toMatchObject({ payment: { refundStatus: 'requested' } });
    await expectRefundedOnce(early.paymentId, early.payer.email, 'Policy Point');

    // In 1 day, refunds until 2 days before: the deadline has passed.
    const late = await insertTestEvent(content.db, {
      price: 30,
      title: 'Past Deadline Peak',
      date: daysFromNow(1),
      refundCutoffDays: 2,
    });
    const seat = await paidSeat(late, peter);
    expect((await myRegistration(peter, seat.registrationId))?.payment).toMatchObject({
      refundable: false,
      refunded: false,
    });
    const kept = await cancelAndRefund(peter, late, seat.registrationId);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({
      registrationStatus: 'cancelled',
      payment: { paymentId: seat.paymentId, status: 'succeeded', refundStatus: null },
      message:
        "Your registration for Past Deadline Peak is cancelled. It was cancelled after the walk's refund deadline, so the $30.00 you paid is not refunded.",
    });
    // Asked again (or by an admin now): the walker's choice stands, nothing is refunded.
    expect((await cancelAndRefund(peter, late, seat.registrationId)).json()).toMatchObject({
      payment: { refundStatus: null },
    });
    expect((await cancelAndRefund(testAdmin, late, seat.registrationId)).json()).toMatchObject({
      payment: { refundStatus: null },
    });
    await waitForJobs(stack.payments.db, { timeoutMs: 20_000 });
    expect(await paymentRow(seat.paymentId)).toMatchObject({ status: 'succeeded', refundStatus: null });
    expect(await refundJobsOf(seat.paymentId)).toEqual([]);
    expect(await refundMailTo(seat.payer.email, 'Past Deadline Peak')).toEqual([]);
    await waitForJobs(content.db, { timeoutMs: 20_000 });
    const [told] = (await queuedMailFor(content.db, 'peter@example.com')).filter(
      (mail) => mail.subject === 'Registration cancelled: Past Deadline Peak',
    );
    expect(told?.text).toContain(
      "It was cancelled after the walk's refund deadline, so the $30.00 you paid is not refunded.",
    );
    expect((await myRegistration(peter, seat.registrationId))?.payment).toMatchObject({
      refundable: false,
      refunded: false,
    });
  });

  it('an admin cancelling someone after the deadline refunds them in full: the group decided', async () => {
    const eventId = await insertTestEvent(content.db, {
      price: 45,
      title: 'Group Call Gap',
      date: daysFromNow(1),
      refundCutoffDays: 3,
    });
    const seat = await paidSeat(eventId, martha);
    const response = await cancelAndRefund(testAdmin, eventId, seat.registrationId);
    expect(response.json()).toMatchObject({ payment: { refundStatus: 'requested' } });
    await expectRefundedOnce(seat.paymentId, seat.payer.email, 'Group Call Gap');
  });
});

describe('an admin cancels a whole paid walk', () => {
  const cancelWalk = async (who: Identity | null, eventId: number, payload: object = {}) => {
    const url = `/api/events/${eventId}/cancel-and-refund`;
    return stack.payments.app.inject({
      method: 'POST',
      url,
      headers: await identityHeaders(who, 'POST', url),
      payload,
    });
  };
  const cancelledMailTo = async (email: string, title: string) =>
    (await queuedMailFor(content.db, email)).filter((mail) => mail.subject === `Cancelled: ${title}`);

  it('tells everyone once and refunds every seat paid online once, however often and however many times at once it is asked', async () => {
    const title = 'Washout Walk';
    const eventId = await insertTestEvent(content.db, { price: 35, capacity: 3, title });
    const memberSeat = await paidSeat(eventId, martha);
    const guestSeat = await paidSeat(eventId);
    const onTheDay = await contentCall(null, 'POST', `/api/events/${eventId}/registrations`, {
      name: 'Day Payer',
      email: 'day-payer@example.com',
    });
    expect(onTheDay.json()).toMatchObject({ status: 'pending_payment' });
    const waiting = await contentCall(peter, 'POST', `/api/events/${eventId}/registrations`, {});
    expect(waiting.json()).toMatchObject({ status: 'waitlisted' });

    // content-and-events' own DELETE refuses it: the money would stay taken.
    const refused = await contentCall(testAdmin, 'DELETE', `/api/events/${eventId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'conflict',
      message:
        'This walk has seats paid online: cancel it with Cancel and refund, so that they are refunded.',
    });
    expect((await cancelWalk(martha, eventId)).statusCode).toBe(403);
    expect((await cancelWalk(testAdmin, 999_999)).statusCode).toBe(404);
    expect((await cancelWalk(testAdmin, eventId, { reason: ' ' })).statusCode).toBe(400);

    const responses = await Promise.all(Array.from({ length: 3 }, () => cancelWalk(testAdmin, eventId)));
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const answers = responses.map((response) => response.json());
    // Exactly one request cancelled the walk and told its four people; between them, the two seats
    // paid online were each claimed once.
    expect(answers.map((answer) => answer.notified).sort()).toEqual([0, 0, 4]);
    expect(answers.reduce((sum, answer) => sum + answer.refunds.requested, 0)).toBe(2);
    const first = answers.find((answer) => answer.notified === 4);
    expect(first).toEqual({
      eventId,
      outcome: 'cancelled',
      notified: 4,
      refunds: expect.objectContaining({ requested: expect.any(Number) }),
      message: expect.stringMatching(/^Cancelled Washout Walk\. 4 people were told by e-mail\./),
    });

    for (const seat of [memberSeat, guestSeat]) {
      await expectRefundedOnce(seat.paymentId, seat.payer.email, title);
      expect(await paymentRow(seat.paymentId)).toMatchObject({ refundReason: 'The walk was cancelled' });
      const [mail] = await refundMailTo(seat.payer.email, title);
      expect(mail?.text).toContain(
        `Your registration for ${title} has been cancelled. Reason: The walk was cancelled`,
      );
    }
    expect((await auditOf(memberSeat.paymentId))[0]).toMatchObject({
      actorId: testAdmin.id,
      summary: `Cancelled martha's registration for "${title}" and refunded $35.00 by the sandbox (test mode)`,
    });

    // Each person is told once, in words that fit what they paid.
    await waitForJobs(content.db, { timeoutMs: 20_000 });
    const [memberMail] = await cancelledMailTo('martha@example.com', title);
    expect(memberMail?.text).toContain(
      'The $35.00 you paid online is being refunded in full: you will get a second e-mail when the refund is on its way.',
    );
    const [guestMail] = await cancelledMailTo(guestSeat.payer.email, title);
    expect(guestMail?.text).toContain('The $35.00 you paid online is being refunded in full');
    for (const email of ['day-payer@example.com', 'peter@example.com']) {
      const mails = await cancelledMailTo(email, title);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain(
        'Nothing was charged for this walk, so there is nothing for you to do.',
      );
    }
    for (const email of ['martha@example.com', guestSeat.payer.email]) {
      expect(await cancelledMailTo(email, title)).toHaveLength(1);
    }

    // Asked again: nothing changes, nothing is refunded, recorded or sent twice.
    const again = await cancelWalk(testAdmin, eventId);
    expect(again.json()).toEqual({
      eventId,
      outcome: 'cancelled',
      notified: 0,
      refunds: { requested: 0, already: 2, retrying: 0, amount: '0.00' },
      message: 'Cancelled Washout Walk. 2 seats paid online were refunded already.',
    });
    await waitForJobs(content.db, { timeoutMs: 20_000 });
    for (const seat of [memberSeat, guestSeat])
      await expectRefundedOnce(seat.paymentId, seat.payer.email, title);
    expect(await cancelledMailTo('peter@example.com', title)).toHaveLength(1);
    const event = await content.db
      .selectFrom('events')
      .select('cancelledAt')
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow();
    expect(event.cancelledAt).not.toBeNull();
  });

  it('says in words what it did, with a reason of the admin', async () => {
    const title = 'Fog Fell';
    const eventId = await insertTestEvent(content.db, { price: 20, title });
    const seat = await paidSeat(eventId, peter);
    const response = await cancelWalk(testAdmin, eventId, { reason: 'A storm is forecast' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      eventId,
      outcome: 'cancelled',
      notified: 1,
      refunds: { requested: 1, already: 0, retrying: 0, amount: '20.00' },
      message:
        'Cancelled Fog Fell. 1 person was told by e-mail. 1 seat paid online is being refunded ($20.00 in all); each payer gets an e-mail saying how.',
    });
    await expectRefundedOnce(seat.paymentId, seat.payer.email, title);
    const [mail] = await refundMailTo(seat.payer.email, title);
    expect(mail?.text).toContain('Reason: A storm is forecast');
  });

  it('a refund that cannot be claimed now is claimed by the walk refunds job, once', async () => {
    const title = 'Patient Peak';
    const eventId = await insertTestEvent(content.db, { price: 22, title });
    const ready = await paidSeat(eventId, martha);
    const stuck = await paidSeat(eventId, peter);
    // As if payments held the payment for another seat: it cannot be claimed until that is put right.
    await stack.payments.db
      .updateTable('payments')
      .set({ registrationId: 999_999 })
      .where('id', '=', stuck.paymentId)
      .execute();
    const response = await cancelWalk(testAdmin, eventId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      refunds: { requested: 1, already: 0, retrying: 1, amount: '22.00' },
      message:
        'Cancelled Patient Peak. 2 people were told by e-mail. 1 seat paid online is being refunded ($22.00 in all); each payer gets an e-mail saying how. 1 seat paid online could not be refunded yet: we keep trying by ourselves, nothing is refunded twice.',
    });
    await expectRefundedOnce(ready.paymentId, ready.payer.email, title);
    // Its first run failed the same way and waits for its retry.
    const [job] = await jobsOf(stack.payments.db, WALK_REFUNDS_QUEUE);
    expect(job).toMatchObject({ state: 'retry', data: { eventId } });
    expect(await paymentRow(stuck.paymentId)).toMatchObject({ refundStatus: null });

    await stack.payments.db
      .updateTable('payments')
      .set({ registrationId: stuck.registrationId })
      .where('id', '=', stuck.paymentId)
      .execute();
    await sql`update job set start_after = now() where name = ${WALK_REFUNDS_QUEUE}`.execute(
      stack.payments.db,
    );
    await expectRefundedOnce(stuck.paymentId, stuck.payer.email, title);
    expect((await jobsOf(stack.payments.db, WALK_REFUNDS_QUEUE)).map((row) => row.state)).toEqual([
      'completed',
    ]);
    expect(await paymentRow(ready.paymentId)).toMatchObject({ refundStatus: 'refunded' });
    expect(await refundJobsOf(ready.paymentId)).toHaveLength(1);
  });

  it('a free walk is cancelled (or deleted when nobody came) with nothing to refund', async () => {
    const free = await insertTestEvent(content.db, { price: 0, title: 'Free Fall' });
    await contentCall(martha, 'POST', `/api/events/${free}/registrations`, {});
    const cancelled = await cancelWalk(testAdmin, free);
    expect(cancelled.json()).toEqual({
      eventId: free,
      outcome: 'cancelled',
      notified: 1,
      refunds: { requested: 0, already: 0, retrying: 0, amount: '0.00' },
      message: 'Cancelled Free Fall. 1 person was told by e-mail.',
    });
    const empty = await insertTestEvent(content.db, { price: 25, title: 'Empty Edge' });
    expect((await cancelWalk(testAdmin, empty)).json()).toMatchObject({
      outcome: 'deleted',
      message: 'Deleted Empty Edge (nobody was registered).',
    });
  });
});
