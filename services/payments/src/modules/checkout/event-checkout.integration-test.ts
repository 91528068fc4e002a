import { randomUUID } from 'node:crypto';
import { service as contentService } from '@jesus-walks/content-and-events/service';
import { generousSeatHoldLimits, insertTestEvent } from '@jesus-walks/content-and-events/testing';
import { EventPaymentIntentResponseSchema, PaidRegistrationSchema } from '@jesus-walks/contracts/checkout';
import { waitForJobs } from '@jesus-walks/test-kit/jobs';
import { identityHeaders, startTestService, testAdmin } from '@jesus-walks/test-kit/test-service';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutStack, startCheckoutStack } from '../../testing/checkout-stack.testing';

type ContentService = Awaited<ReturnType<typeof startContent>>;
// Every payer here comes from one address: the seats one client may hold are tested in the service.
const startContent = () => startTestService(contentService, generousSeatHoldLimits);

let content: ContentService;
let stack: CheckoutStack;

beforeAll(async () => {
  content = await startContent();
  await content.app.listen({ host: '127.0.0.1', port: 0 });
  const address = content.app.server.address();
  if (!address || typeof address === 'string') throw new Error('content-and-events is not listening');
  stack = await startCheckoutStack({ CONTENT_AND_EVENTS_URL: `http://127.0.0.1:${address.port}` });
});
afterAll(async () => {
  await stack?.close();
  await content?.close();
});

let payers = 0;
function payer() {
  payers += 1;
  return { fullName: `Payer ${payers}`, email: `event-payer${payers}@example.com` };
}

function eventIntent(eventId: number, who = payer(), extra: Record<string, unknown> = {}) {
  return stack.payments.app.inject({
    method: 'POST',
    url: '/api/checkout/event-payment-intent',
    payload: { eventId, ...who, paymentMethod: 'stripe', ...extra },
  });
}

async function pay(clientSecret: string) {
  const response = await stack.payments.app.inject({
    method: 'POST',
    url: '/api/checkout/sandbox/confirm',
    payload: { clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
  });
  expect(response.statusCode, response.body).toBe(200);
}

function complete(paymentId: string, headers: Record<string, string> = {}) {
  return stack.payments.app.inject({
    method: 'POST',
    url: '/api/checkout/complete-registration',
    headers,
    payload: { paymentId },
  });
}

const registration = (id: number) =>
  content.db.selectFrom('registrations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const paymentRow = (id: string) =>
  stack.payments.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('paid events through checkout', () => {
  it("charges the event's price, with no shipping, and confirms the registration once", async () => {
    const eventId = await insertTestEvent(content.db, { price: 25, capacity: 3, title: 'Paid Peak' });
    const response = await eventIntent(eventId);
    expect(response.statusCode, response.body).toBe(201);
    const intent = EventPaymentIntentResponseSchema.parse(response.json());
    expect(intent).toMatchObject({
      total: '25.00',
      shipping: '0.00',
      shippingMethod: null,
      eventId,
      items: [{ name: 'Paid Peak', quantity: 1, unitPrice: '25.00' }],
    });
    expect((await paymentRow(intent.paymentId)).seller).toBe('events');
    expect((await registration(intent.registrationId)).status).toBe('held');

    // Not paid yet: nothing is confirmed.
    expect((await complete(intent.paymentId)).statusCode).toBe(402);
    await pay(intent.clientSecret);
    const key = { 'idempotency-key': `complete-${randomUUID()}` };
    const first = await complete(intent.paymentId, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(PaidRegistrationSchema.parse(first.json())).toEqual({
      registrationId: intent.registrationId,
      eventId,
      status: 'confirmed',
      total: '25.00',
    });
    // Again, with or without the key, and the webhook's job: the same seat, never a second.
    expect((await complete(intent.paymentId, key)).json()).toEqual(first.json());
    expect((await complete(intent.paymentId)).json()).toEqual(first.json());
    await waitForJobs(stack.payments.db);
    expect(await registration(intent.registrationId)).toMatchObject({
      status: 'confirmed',
      paymentId: intent.paymentId,
      amountPaid: '25.00',
    });
    expect(await paymentRow(intent.paymentId)).toMatchObject({
      status: 'succeeded',
      registrationId: intent.registrationId,
      orderId: null,
    });
    // The order route does not make an order of it.
    const order = await stack.payments.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        items: [{ productId: 1, quantity: 1 }],
        shippingAddress: {},
        paymentMethod: 'stripe',
        paymentId: intent.paymentId,
      },
    });
    expect(order.statusCode).toBe(422);
  });

  it("charges a party's seats in one payment, and refuses a party larger than the walk as a detail to change", async () => {
    const eventId = await insertTestEvent(content.db, { price: 20, capacity: 4 });
    const family = await eventIntent(eventId, payer(), { party: ['Ben Payer', 'Cara Payer'] });
    expect(family.statusCode, family.body).toBe(201);
    const intent = EventPaymentIntentResponseSchema.parse(family.json());
    expect(intent).toMatchObject({ total: '60.00', items: [{ quantity: 3, unitPrice: '20.00' }] });
    await pay(intent.clientSecret);
    const paid = await complete(intent.paymentId);
    expect(PaidRegistrationSchema.parse(paid.json())).toMatchObject({ total: '60.00', status: 'confirmed' });
    const seats = await content.db
      .selectFrom('registrations')
      .select(['partySize', 'partyNames'])
      .where('id', '=', intent.registrationId)
      .executeTakeFirstOrThrow();
    expect(seats).toEqual({ partySize: 3, partyNames: ['Ben Payer', 'Cara Payer'] });

    const tooBig = await eventIntent(eventId, payer(), { party: ['A', 'B', 'C', 'D'] });
    expect(tooBig.statusCode, tooBig.body).toBe(400);
    expect(tooBig.json().message).toMatch(/has 4 seats in all, so a party of 5 cannot come/);
  });

  it('gives the last seat to one of five payers; the other four are refused before any charge', async () => {
    const eventId = await insertTestEvent(content.db, { price: 40, capacity: 2 });
    // One seat is already taken.
    const taken = await eventIntent(eventId);
    await pay(EventPaymentIntentResponseSchema.parse(taken.json()).clientSecret);
    expect((await complete(taken.json().paymentId)).statusCode).toBe(201);

    const responses = await Promise.all(Array.from({ length: 5 }, () => eventIntent(eventId)));
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409]);
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json().message).toMatch(/is full: every seat is taken or held/);
    }
    const winner = EventPaymentIntentResponseSchema.parse(
      responses.find((response) => response.statusCode === 201)?.json(),
    );
    await pay(winner.clientSecret);
    expect((await complete(winner.paymentId)).statusCode).toBe(201);
    const seated = await content.db
      .selectFrom('registrations')
      .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
      .where('eventId', '=', eventId)
      .groupBy('status')
      .execute();
    expect(seated).toEqual([{ status: 'confirmed', count: 2 }]);
    // Only the two who got a quote ever had an intent.
    const payments = await stack.payments.db
      .selectFrom('payments')
      .select('status')
      .where(sql<string>`quote->>'eventId'`, '=', String(eventId))
      .execute();
    expect(payments.map((p) => p.status)).toEqual(['succeeded', 'succeeded']);
  });

  it('refunds a payer whose hold lapsed while someone else took the last seat', async () => {
    const eventId = await insertTestEvent(content.db, { price: 18, capacity: 1 });
    const late = EventPaymentIntentResponseSchema.parse((await eventIntent(eventId)).json());
    await content.db
      .updateTable('registrations')
      .set({ heldUntil: sql<Date>`now() - interval '1 minute'` })
      .where('id', '=', late.registrationId)
      .execute();
    const quick = EventPaymentIntentResponseSchema.parse((await eventIntent(eventId)).json());
    await pay(quick.clientSecret);
    expect((await complete(quick.paymentId)).statusCode).toBe(201);

    await pay(late.clientSecret);
    const refused = await complete(late.paymentId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'We could not complete your registration (The seat held for you lapsed and the event is now full). Your payment of $18.00 has been refunded.',
    );
    await waitForJobs(stack.payments.db);
    expect(await paymentRow(late.paymentId)).toMatchObject({ status: 'refunded', refundStatus: 'refunded' });
    expect((await registration(late.registrationId)).status).toBe('cancelled');
  });

  it('asks a guest for an e-mail, and releases the held seat when the payer starts again', async () => {
    const eventId = await insertTestEvent(content.db, { price: 9, capacity: 1 });
    const noEmail = await eventIntent(eventId, { fullName: 'No Mail', email: undefined } as never);
    expect(noEmail.statusCode).toBe(400);
    const who = payer();
    const first = EventPaymentIntentResponseSchema.parse((await eventIntent(eventId, who)).json());
    const again = await eventIntent(eventId, who, {
      replacesPaymentId: first.paymentId,
      replacesPaymentSecret: first.paymentSecret,
    });
    expect(again.statusCode, again.body).toBe(201);
    expect((await paymentRow(first.paymentId)).status).toBe('cancelled');
    const second = EventPaymentIntentResponseSchema.parse(again.json());
    expect(second.registrationId).toBe(first.registrationId);
  });

  it('carries the waiver accepted and the emergency contact to the held seat (decision 038)', async () => {
    const published = await content.app.inject({
      method: 'POST',
      url: '/api/admin/waiver',
      headers: await identityHeaders(testAdmin, 'POST', '/api/admin/waiver'),
      payload: {
        text: `I accept the risks of walking in the hills and I follow the leader. ${'Amen. '.repeat(20)}`,
      },
    });
    expect(published.statusCode, published.body).toBe(201);
    const versionId = published.json().id as number;
    const eventId = await insertTestEvent(content.db, {
      price: 20,
      title: 'Waiver Peak',
      waiverRequired: true,
      askEmergencyContact: true,
    });
    const who = payer();
    const contact = { contactName: 'Lydia Payer', contactPhone: '(707) 555-0177', leaderNote: 'Bee allergy' };
    // Refused before anything is charged: no waiver accepted.
    const refused = await eventIntent(eventId, who, { emergency: contact });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([
      { path: ['body', 'waiver', 'signedName'], message: 'Type your full name to accept the waiver' },
    ]);

    const response = await stack.payments.app.inject({
      method: 'POST',
      url: '/api/checkout/event-payment-intent',
      headers: { 'user-agent': 'PayingBrowser/1.0' },
      payload: {
        eventId,
        ...who,
        paymentMethod: 'stripe',
        waiver: { versionId, signedName: who.fullName.toUpperCase() },
        emergency: contact,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { registrationId } = EventPaymentIntentResponseSchema.parse(response.json());
    const signature = await content.db
      .selectFrom('waiverSignatures')
      .select(['waiverVersionId', 'signedName', 'userAgent'])
      .where('registrationId', '=', registrationId)
      .executeTakeFirstOrThrow();
    expect(signature).toEqual({
      waiverVersionId: versionId,
      signedName: who.fullName.toUpperCase(),
      userAgent: 'PayingBrowser/1.0',
    });
    const details = await content.db
      .selectFrom('registrationEmergencyDetails')
      .select(['contactName', 'contactPhone', 'leaderNote'])
      .where('registrationId', '=', registrationId)
      .executeTakeFirstOrThrow();
    expect(details).toEqual(contact);
  });

  it('gives the seat back at once when the payer leaves the checkout', async () => {
    const eventId = await insertTestEvent(content.db, { price: 11, capacity: 1 });
    const left = EventPaymentIntentResponseSchema.parse((await eventIntent(eventId)).json());
    expect((await eventIntent(eventId)).statusCode).toBe(409);
    const release = await stack.payments.app.inject({
      method: 'POST',
      url: '/api/checkout/release',
      payload: { paymentId: left.paymentId, paymentSecret: left.paymentSecret },
    });
    expect(release.json()).toEqual({ released: true });
    expect((await registration(left.registrationId)).status).toBe('cancelled');
    expect((await paymentRow(left.paymentId)).status).toBe('cancelled');
    expect((await eventIntent(eventId)).statusCode).toBe(201);
  });
});
