import { PaymentIntentResponseSchema } from '@jesus-walks/contracts/checkout';
import type { Identity } from '@jesus-walks/contracts/common';
import { MemberDataPartSchema, MemberErasureSchema, type MemberRef } from '@jesus-walks/contracts/privacy';
import { schemaNameOf } from '@jesus-walks/contracts/services';
import { waitForJobs } from '@jesus-walks/test-kit/jobs';
import { findPersonalData } from '@jesus-walks/test-kit/personal-data';
import { identityHeaders, internalHeader, testAdmin } from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutStack, napaAddress, startCheckoutStack } from '../../testing/checkout-stack.testing';

let stack: CheckoutStack;
let productId: number;

const MARIA = {
  name: 'Mariella Quintanilla',
  email: 'mariella.q@example.com',
  oldEmail: 'mq.old@example.net',
  phone: '+1 707 555 0142',
};
const PETER = { name: 'Peterson Oakhurst', email: 'peterson.o@example.org', phone: '+1 415 555 0199' };
const maria: Identity = { id: 4242, username: 'maria-q', isAdmin: false };
const ref = (): MemberRef => ({
  userId: maria.id,
  emails: [MARIA.email, MARIA.oldEmail],
  usernames: [maria.username],
});
const needles = [MARIA.name, MARIA.email, MARIA.oldEmail, MARIA.phone];
const SCHEMA = schemaNameOf('payments');

beforeAll(async () => {
  stack = await startCheckoutStack();
  productId = (await stack.insertProduct({ name: 'Napa Trail Cap', price: '12.25', stock: 50 })).id;
});
afterAll(() => stack?.close());

async function inject(method: 'GET' | 'POST', url: string, caller: Identity | null, payload?: object) {
  return stack.payments.app.inject({
    method,
    url,
    headers: caller ? await identityHeaders(caller, method, url) : {},
    ...(payload ? { payload } : {}),
  });
}

/** A whole sandbox checkout, as the browser makes it: the intent, the card, the order. */
async function buy(caller: Identity | null, buyer: { name: string; email: string; phone: string }) {
  const items = [{ productId, quantity: 1 }];
  const shippingAddress = { ...napaAddress, fullName: buyer.name };
  const created = await inject('POST', '/api/checkout/create-payment-intent', caller, {
    items,
    shippingAddress,
    shippingMethodId: stack.groundId,
  });
  expect(created.statusCode, created.body).toBe(201);
  const intent = PaymentIntentResponseSchema.parse(created.json());
  const confirmed = await inject('POST', '/api/checkout/sandbox/confirm', null, {
    clientSecret: intent.clientSecret,
    cardNumber: '4242 4242 4242 4242',
    expiry: '12 / 40',
    cvc: '123',
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const order = await inject('POST', '/api/orders', caller, {
    items,
    shippingAddress,
    paymentMethod: 'stripe',
    paymentId: intent.paymentId,
    customerEmail: buyer.email,
    phoneNumber: buyer.phone,
  });
  expect(order.statusCode, order.body).toBe(201);
  return {
    paymentId: intent.paymentId,
    orderId: order.json().id as number,
    clientSecret: intent.clientSecret,
  };
}

const call = (action: 'export' | 'erase') =>
  stack.payments.app.inject({
    method: 'POST',
    url: `/internal/privacy/payments/${action}`,
    headers: internalHeader,
    payload: ref(),
  });

describe('a member’s data in payments', () => {
  let mine: Awaited<ReturnType<typeof buy>>;
  let asGuest: Awaited<ReturnType<typeof buy>>;
  let peters: Awaited<ReturnType<typeof buy>>;

  beforeAll(async () => {
    mine = await buy(maria, MARIA);
    asGuest = await buy(null, { ...MARIA, email: MARIA.oldEmail });
    peters = await buy(null, PETER);
    // An admin cancels and refunds her order: the refund e-mail and the activity record.
    const refunded = await inject('POST', `/api/admin/orders/${mine.orderId}/refund`, testAdmin, {
      reason: `Asked by ${MARIA.name}`,
    });
    expect(refunded.statusCode, refunded.body).toBe(202);
    await waitForJobs(stack.payments.db);
    expect(await findPersonalData(stack.payments.db, SCHEMA, [MARIA.email])).not.toEqual([]);
  });

  it('exports her payments (as a member and as a guest) without secrets, and nobody else’s', async () => {
    const response = await call('export');
    expect(response.statusCode).toBe(200);
    const part = MemberDataPartSchema.parse(response.json());
    expect(part.service).toBe('payments');
    const payments = part.sections.payments ?? [];
    expect(payments.map((payment) => payment.id).sort()).toEqual([mine.paymentId, asGuest.paymentId].sort());
    const refunded = payments.find((payment) => payment.id === mine.paymentId);
    expect(refunded).toMatchObject({
      paidFor: `Order #${mine.orderId}`,
      method: 'stripe',
      currency: 'USD',
      name: MARIA.name,
      email: MARIA.email,
      phone: MARIA.phone,
      refundReason: `Asked by ${MARIA.name}`,
    });
    expect(refunded?.refundStatus).toEqual(expect.any(String));
    expect(refunded?.amount).toMatch(/^\d+\.\d{2}$/);
    expect(refunded?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const text = JSON.stringify(part);
    const references = await stack.payments.db
      .selectFrom('payments')
      .select(['providerReference', 'secretHash'])
      .where('id', 'in', [mine.paymentId, asGuest.paymentId])
      .execute();
    for (const secret of [
      mine.clientSecret,
      asGuest.clientSecret,
      ...references.flatMap((row) => [row.providerReference, row.secretHash ?? 'no-hash']),
      PETER.name,
      PETER.email,
      peters.paymentId,
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/4242/);
  });

  it('erases her name, e-mails and phone from every table of the schema, and keeps the bookkeeping', async () => {
    const response = await call('erase');
    expect(response.statusCode).toBe(200);
    const { erased } = MemberErasureSchema.parse(response.json());
    expect(erased).toMatchObject({ payments: 2 });
    expect(erased.auditEntries).toBeGreaterThan(0);
    expect(await findPersonalData(stack.payments.db, SCHEMA, needles)).toEqual([]);
    const kept = await stack.payments.db
      .selectFrom('payments')
      .select(['amount', 'status', 'refundStatus', 'orderId'])
      .where('id', '=', mine.paymentId)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ orderId: mine.orderId });
    expect(kept.refundStatus).not.toBeNull();
    expect(await stack.contactOf(peters.paymentId)).toEqual({
      customerName: PETER.name,
      customerEmail: PETER.email,
      customerPhone: PETER.phone,
    });
  });

  it('erases nothing the second time, and succeeds', async () => {
    const response = await call('erase');
    expect(response.statusCode).toBe(200);
    const { erased } = MemberErasureSchema.parse(response.json());
    expect(Object.values(erased).every((count) => count === 0)).toBe(true);
  });

  it('keeps the admin’s view of an erased order’s payment, and its refund, working', async () => {
    const seen = await inject('GET', `/api/admin/orders/${mine.orderId}/payment`, testAdmin);
    expect(seen.statusCode, seen.body).toBe(200);
    // A refund asked after the erasure goes through, and e-mails no one.
    const refunded = await inject('POST', `/api/admin/orders/${asGuest.orderId}/refund`, testAdmin, {
      reason: 'Asked before deleting the account',
    });
    expect(refunded.statusCode, refunded.body).toBe(202);
    await waitForJobs(stack.payments.db);
    expect(await findPersonalData(stack.payments.db, SCHEMA, needles)).toEqual([]);
  });
});
